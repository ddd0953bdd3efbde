/**
 * The fixed top bar (spec section 2): items per login state, the welcome text, and a burger
 * toggle that collapses the items on small screens.
 */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { endSession, modeOf, useSession, useStoredValue } from '../session';
import { mayLeave } from './player/useLeaveGuard';

type Item = { href: string; label: string; zh: string };

export function NavBar() {
  const user = useSession();
  const mode = modeOf(user);
  const selectedClass = useStoredValue('selectedClassname');
  const [open, setOpen] = useState(false);
  const [location] = useLocation();

  const items: Item[] = [{ href: '/', label: 'Home', zh: '首页' }];
  if (mode === 'teacher') {
    items.push({ href: '/classes', label: 'Classes', zh: '班级' }, { href: '/textbooks', label: 'Textbooks', zh: '教材' });
  }
  if (mode !== 'visitor') {
    items.push(
      { href: '/listening', label: 'Listening', zh: '听力' },
      { href: '/task', label: 'Tasks', zh: '任务' },
      { href: '/dashboard', label: 'Dashboard', zh: '成绩' },
    );
  }
  items.push({ href: '/signup', label: 'Signup', zh: '注册' }, { href: '/help', label: 'Help', zh: '帮助' });
  if (mode === 'visitor') items.push({ href: '/login', label: 'Login', zh: '登录' });

  const welcome =
    mode === 'teacher'
      ? `Welcome ${user!.username}${selectedClass ? ` · ${selectedClass}` : ' · no class selected'}`
      : mode === 'student'
        ? `Welcome ${user!.username}`
        : 'Please Login';

  return (
    <header className="navbar" data-mode={mode}>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content · 跳到正文
      </a>
      <div className="navbar-inner">
        <Link href="/" className="brand" onClick={() => setOpen(false)}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>WordBee</span>
          <span className="brand-zh">单词蜂</span>
        </Link>
        <span className="welcome" data-testid="welcome">
          {welcome}
        </span>
        <button
          type="button"
          className="burger"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="nav-items"
          onClick={() => setOpen((v) => !v)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav
          id="nav-items"
          className={open ? 'nav-items open' : 'nav-items'}
          aria-label="Main"
          onKeyDown={(e) => {
            // Escape closes the open menu and gives the focus back to its button.
            if (e.key !== 'Escape' || !open) return;
            setOpen(false);
            e.currentTarget.parentElement?.querySelector<HTMLButtonElement>('.burger')?.focus();
          }}
        >
          {items.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={location === item.href ? 'nav-link active' : 'nav-link'}
              aria-current={location === item.href ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {item.label}
              <small>{item.zh}</small>
            </Link>
          ))}
          {mode !== 'visitor' && (
            <button type="button" className="nav-link logout" onClick={() => mayLeave() && endSession()}>
              Logout
              <small>退出</small>
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
