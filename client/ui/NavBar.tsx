/**
 * The fixed top bar (spec section 2): items per login state, the welcome text, and a burger
 * toggle that collapses the items on small screens. The open menu closes with Escape (the focus
 * back on the burger) and when the keyboard leaves it, so that it never hides the control that
 * has the focus.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  const bar = useRef<HTMLElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  // The page starts below the bar however tall it is (the welcome line under it on a phone, large
  // text): its height without the open menu, as --bar-h for .page's padding and the scroll padding.
  useLayoutEffect(() => {
    const header = bar.current;
    if (!header) return;
    const measure = () => {
      const top = header.getBoundingClientRect().top;
      const items = menu.current?.getBoundingClientRect();
      const brand = header.querySelector('.brand')?.getBoundingClientRect();
      // On a phone the open menu is a row of its own under the bar; beside the brand it is part of the bar.
      const height = items && brand && items.height > 0 && items.top >= brand.bottom ? items.top - top : header.getBoundingClientRect().height;
      document.documentElement.style.setProperty('--bar-h', `${Math.ceil(height)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const inMenu = menu.current?.contains(document.activeElement);
      setOpen(false);
      if (inMenu) burger.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

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
    <header
      className="navbar"
      data-mode={mode}
      ref={bar}
      onBlur={(e) => {
        // Tab past the last item (or Shift+Tab before the burger) closes the menu: it would cover the page's control.
        // (Not when the window itself loses the focus: the menu is as it was on coming back.)
        if (open && document.hasFocus() && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
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
        <button ref={burger} type="button" className="burger" aria-label="Menu" aria-expanded={open} aria-controls="nav-items" onClick={() => setOpen((v) => !v)}>
          <span />
          <span />
          <span />
        </button>
        <nav ref={menu} id="nav-items" className={open ? 'nav-items open' : 'nav-items'} aria-label="Main">
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
