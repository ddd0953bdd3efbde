/**
 * After a new build is deployed, a page loaded from the old one asks for screens (lazy chunks)
 * that are no longer on the server. Vite reports that as `vite:preloadError`: the page then loads
 * again, once, and gets the new build at the same address. A second failure soon after is a real
 * fault (the server is missing a file): it is left to the error panel instead of reloading forever.
 */
const RELOADED_AT = 'wordbee-reloaded-for-new-build';
const AGAIN_AFTER_MS = 60_000;

export function reloadOnNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < AGAIN_AFTER_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
