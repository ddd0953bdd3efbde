/**
 * The fixed top bar (spec section 2): items per login state, the welcome text, and a burger
 * toggle that collapses the items on small screens. The open menu closes with Escape (the focus
 * back on the burger) and when the keyboard leaves it, so that it never hides the control that
 * has the focus.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { logOut, modeOf, useSession, useStoredValue } from '../session';
import { mayLeave } from './player/useLeaveGuard';
import { LanguageToggle } from './LanguageToggle';
import { T, messageOf, useT, type MessageKey } from '../i18n';

type Item = { href: string; key: MessageKey };

/** A bar item: the Chinese, the English under it (English mode: the English alone). */
function Label({ k }: { k: MessageKey }) {
  const { lang } = useT();
  const m = messageOf(k);
  if (lang === 'en') return <span lang="en">{m.en}</span>;
  return (
    <>
      <span lang="zh-CN">{m.zh}</span>
      <small lang="en">{m.en}</small>
    </>
  );
}

/** The bar is folded behind the burger (the width of theme.css's 68.75em breakpoint). */
const FOLDED = '(max-width: 68.75em)';
function useFoldedBar(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(FOLDED);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(FOLDED).matches,
  );
}

export function NavBar() {
  const user = useSession();
  const mode = modeOf(user);
  const selectedClass = useStoredValue('selectedClassname');
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const { t } = useT();
  const folded = useFoldedBar();
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

  const items: Item[] = [{ href: '/', key: 'nav.home' }];
  if (mode === 'teacher') {
    items.push({ href: '/classes', key: 'nav.classes' }, { href: '/textbooks', key: 'nav.textbooks' });
  }
  if (mode !== 'visitor') {
    items.push({ href: '/listening', key: 'nav.listening' }, { href: '/task', key: 'nav.tasks' }, { href: '/dashboard', key: 'nav.dashboard' });
  }
  items.push({ href: '/signup', key: 'nav.signup' }, { href: '/help', key: 'nav.help' });
  if (mode === 'visitor') items.push({ href: '/login', key: 'nav.login' });

  // The spec's bar texts, Chinese first (the English on the line under it).
  const welcome =
    mode === 'teacher' ? (
      selectedClass ? (
        <T k="nav.welcomeClass" values={{ name: user!.username, className: selectedClass }} />
      ) : (
        <T k="nav.welcomeNoClass" values={{ name: user!.username }} />
      )
    ) : mode === 'student' ? (
      <T k="nav.welcome" values={{ name: user!.username }} />
    ) : (
      <T k="nav.pleaseLogin" />
    );

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
        {t('nav.skip')}
      </a>
      <div className="navbar-inner">
        <Link href="/" className="brand" onClick={() => setOpen(false)}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>WordBee</span>
          <span className="brand-zh">单词蜂</span>
        </Link>
        <span className="welcome" data-testid="welcome">
          {mode === 'visitor' ? (
            welcome
          ) : (
            // The account page (password, log out everywhere, delete the account) is behind the user's name.
            // With the bar folded (theme.css, 68.75em) the welcome is drawn on a row under the buttons: there it
            // is not a Tab stop, which would come before the buttons drawn above it.
            <Link href="/account" className="welcome-link" title={t('nav.accountOpen')} tabIndex={folded ? -1 : undefined} onClick={() => setOpen(false)}>
              {welcome}
            </Link>
          )}
        </span>
        <LanguageToggle className="bar-lang" compact />
        <button
          ref={burger}
          type="button"
          className="burger"
          aria-label={t('nav.menu')}
          aria-expanded={open}
          aria-controls="nav-items"
          onClick={() => setOpen((v) => !v)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav ref={menu} id="nav-items" className={open ? 'nav-items open' : 'nav-items'} aria-label={t('nav.mainMenu')}>
          {items.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={location === item.href ? 'nav-link active' : 'nav-link'}
              aria-current={location === item.href ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              <Label k={item.key} />
            </Link>
          ))}
          {mode !== 'visitor' && (
            <button type="button" className="nav-link logout" onClick={() => mayLeave() && logOut()}>
              <Label k="nav.logout" />
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
