import { serverAnswers } from './connection';

/**
 * After a new build is deployed, a page loaded from the old one asks for screens (lazy chunks)
 * that are no longer on the server. Vite reports that as `vite:preloadError`: the page then loads
 * again, once, and gets the new build at the same address. A second failure soon after is a real
 * fault (the server is missing a file): it is left to the error panel instead of reloading forever.
 *
 * A screen's code also fails to load when the server cannot be reached (offline, or "online" on a
 * network that does not reach it): that is no new build, and loading again would only show the
 * browser's error page. So the page loads again only when the server answers; otherwise the error
 * panel says what happened, and loads the page again once the server is back (ErrorBoundary).
 */
const RELOADED_AT = 'wordbee-reloaded-for-new-build';
const AGAIN_AFTER_MS = 60_000;

export function reloadOnNewBuild(): void {
  // The error goes on to the error panel either way (Vite would resolve the screen's import to
  // nothing if it were cancelled here): a page that answers is loaded again a moment later.
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < AGAIN_AFTER_MS) return;
    void serverAnswers().then((answers) => {
      if (!answers) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
    });
  });
}
