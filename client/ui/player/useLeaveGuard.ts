/**
 * A task in progress is not thrown away unnoticed. While `active` (a Spelling Bee begun, a
 * flashcard answered, a recording made but not yet submitted, until the result is saved):
 * - a reload or closing the tab asks first (the browser's own 'Leave site?' prompt);
 * - the browser's Back button asks too: one extra history entry for the same page is pushed, so
 *   Back lands on this page again and the student is asked; 'OK' goes back, 'Cancel' stays;
 * - a link to another page of the app (the navigation bar, the logo) asks as well: the click is
 *   seen before the router's, and 'Cancel' stops it.
 * When the task is done the extra entry is taken off again, so Back afterwards works as before,
 * and the players' own return to /task (an in-app navigation) is never held up.
 * Logout asks too (`mayLeave`, called by the navigation bar before it ends the session); an
 * expired login (the stored user is gone) is not asked about: nothing could be saved any more.
 * The returned function lets the page go without asking (Record's Redo reloads the page).
 */
import { useCallback, useEffect, useRef } from 'react';
import { textOf } from '../../i18n';

/** The question, in the language chosen ('Chinese · English', or the English alone). */
const leaveQuestion = () => textOf(localStorage.getItem('wordbee-lang') === 'en' ? 'en' : 'zh', 'app.leaveQuestion');

const MARK = 'wordbeeLeaveGuard';

/** The guards of the tasks in progress on this page (one at most), each with its release. */
const guards = new Set<{ current: boolean }>();

/** Whether a task is in progress on this page (begun, its result not yet saved). */
export const taskInProgress = () => [...guards].some((released) => !released.current);

/**
 * Whether the page may be left now: true when no task is in progress, or the student says OK to
 * losing it (then it is released: nothing asks again on the way out).
 */
export function mayLeave(): boolean {
  if (!taskInProgress()) return true;
  const held = [...guards].filter((released) => !released.current);
  if (!window.confirm(leaveQuestion())) return false;
  for (const released of held) released.current = true;
  return true;
}

const onGuardEntry = () => Boolean((history.state as Record<string, unknown> | null)?.[MARK]);

function pushGuardEntry() {
  const state = history.state as Record<string, unknown> | null;
  history.pushState({ ...(state ?? {}), [MARK]: true }, '', location.href);
}

export function useLeaveGuard(active: boolean): () => void {
  const released = useRef(false);

  useEffect(() => {
    if (!active) return;
    released.current = false;
    const path = location.pathname;
    const sessionOn = () => sessionStorage.getItem('user') !== null;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || !sessionOn()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onPopState = () => {
      // Back from the extra entry lands on this page's own entry (same address): ask.
      if (released.current || location.pathname !== path || onGuardEntry() || !sessionOn()) return;
      if (window.confirm(leaveQuestion())) {
        released.current = true;
        window.removeEventListener('popstate', onPopState);
        history.back();
      } else {
        pushGuardEntry();
      }
    };

    // Capture phase on the document: before React (and wouter's Link) see the click.
    const onClick = (event: MouseEvent) => {
      if (released.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href, location.href);
      // Another site is left by a full load (beforeunload asks); a link within the page (the
      // skip link) loses nothing.
      if (to.origin !== location.origin || to.pathname === path || !sessionOn()) return;
      if (window.confirm(leaveQuestion())) {
        released.current = true;
      } else {
        event.preventDefault();
        event.stopPropagation();
      }
    };

    if (!onGuardEntry()) pushGuardEntry();
    guards.add(released);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      guards.delete(released);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
      // Done (or left in the app by a link, when the page is no longer the extra entry): take the
      // extra entry off, so one Back leaves the page as it did before the task began.
      if (!released.current && onGuardEntry() && location.pathname === path) history.back();
    };
  }, [active]);

  return useCallback(() => {
    released.current = true;
  }, []);
}
