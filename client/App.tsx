import { Suspense, useEffect } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { Link, Redirect, useLocation } from 'wouter';
import { environment } from './RelayEnvironment';
import { enterRoute, routeFor } from './routes';
import { modeOf, useSession } from './session';
import { NavBar } from './ui/NavBar';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Panel } from './ui/Panel';
import { Loading } from './ui/Loading';
import { ExpiryWarning } from './ui/ExpiryWarning';
import { T, useT } from './i18n';

export function App() {
  const [location] = useLocation();
  return (
    <RelayEnvironmentProvider environment={environment}>
      <NavBar />
      <main className="page" id="main" tabIndex={-1}>
        <ExpiryWarning />
        <ErrorBoundary key={location}>
          <Suspense fallback={<Loading />}>
            <CurrentRoute path={location} />
          </Suspense>
        </ErrorBoundary>
      </main>
    </RelayEnvironmentProvider>
  );
}

let firstPage = true;

/** Picks the screen for the path and the login state; refused routes go somewhere useful. */
function CurrentRoute({ path }: { path: string }) {
  const mode = modeOf(useSession());
  // The screen's data is asked for now, while React loads its code (the first page's, in main.tsx).
  enterRoute(path);
  const route = routeFor(path);
  const { t, lang } = useT();
  const pageName = route ? (route.titleKey ? t(route.titleKey) : route.title) : null;
  useEffect(() => {
    document.title = pageName ? `${pageName} · WordBee 单词蜂` : 'WordBee 单词蜂';
    window.scrollTo(0, 0);
    // After moving to another page the keyboard starts at its content, not on a control of the
    // page before (which is gone): a screen reader reads the new page from its top. A screen
    // that focuses a field of its own (the players' answer box) takes the focus after this.
    // The first page of a visit starts at the top, where the skip link is.
    if (firstPage) {
      firstPage = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected || active.closest('.navbar')) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new page only, not when the language changes the title
  }, [route]);
  useEffect(() => {
    document.title = pageName ? `${pageName} · WordBee 单词蜂` : 'WordBee 单词蜂';
  }, [pageName, lang]);

  if (!route) {
    return (
      <Panel title={<T k="app.notFoundTitle" />} tone="warn">
        <p>
          <T k="app.notFoundBody" values={{ path }} />
        </p>
        <p>
          <Link href="/">
            <T k="app.goHome" />
          </Link>
        </p>
      </Panel>
    );
  }
  if (!route.modes.includes(mode)) {
    if (mode === 'visitor') return <Redirect to={`/login?next=${encodeURIComponent(path)}`} replace />;
    if (route.path === '/login') return <Redirect to="/task" replace />;
    return (
      <Panel title={<T k="app.teachersOnlyTitle" />} tone="warn">
        <p>
          <T k="app.teachersOnlyBody" values={{ page: route.title }} />
        </p>
        <p>
          <Link href="/task">
            <T k="app.goToTasks" />
          </Link>
        </p>
      </Panel>
    );
  }
  const Screen = route.screen;
  return <Screen />;
}
