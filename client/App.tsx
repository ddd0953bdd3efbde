import { Suspense, useEffect } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Link, Redirect, useLocation } from 'wouter';
import { environment } from './RelayEnvironment';
import { routeFor } from './routes';
import { modeOf, useSession } from './session';
import { NavBar } from './ui/NavBar';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Panel } from './ui/Panel';
import { Loading } from './ui/Loading';
import { ExpiryWarning } from './ui/ExpiryWarning';

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
  const route = routeFor(path);
  useEffect(() => {
    document.title = route ? `${route.title} · WordBee 单词蜂` : 'WordBee 单词蜂';
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
  }, [route]);

  if (!route) {
    return (
      <Panel title="Page not found · 页面不存在" tone="warn">
        <p>There is no page at {path}.</p>
        <p>
          <Link href="/">Go to the home page · 返回首页</Link>
        </p>
      </Panel>
    );
  }
  if (!route.modes.includes(mode)) {
    if (mode === 'visitor') return <Redirect to={`/login?next=${encodeURIComponent(path)}`} replace />;
    if (route.path === '/login') return <Redirect to="/task" replace />;
    return (
      <Panel title="Teachers only · 仅限教师" tone="warn">
        <p>The {route.title} page is for teachers. Your tasks are waiting on the Tasks page.</p>
        <p>
          <Link href="/task">Go to my tasks · 我的任务</Link>
        </p>
      </Panel>
    );
  }
  const Screen = route.screen;
  return <Screen />;
}
