/**
 * A task in progress is not thrown away unnoticed. While `active` (a Spelling Bee begun, a
 * flashcard answered, a recording made but not yet submitted, until the result is saved):
 * - a reload or closing the tab asks first (the browser's own 'Leave site?' prompt);
 * - the browser's Back button asks too: one extra history entry for the same page is pushed, so
 *   Back lands on this page again and the student is asked; 'OK' goes back, 'Cancel' stays.
 * When the task is done the extra entry is taken off again, so Back afterwards works as before,
 * and the players' own return to /task (an in-app navigation) is never held up.
 * A session ended on purpose (Logout, an expired login: the stored user is gone) is not asked
 * about: nothing could be saved any more.
 * The returned function lets the page go without asking (Record's Redo reloads the page).
 */
import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_QUESTION = 'Leave this task? What you have done so far will be lost.';

const MARK = 'wordbeeLeaveGuard';

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
      if (window.confirm(LEAVE_QUESTION)) {
        released.current = true;
        window.removeEventListener('popstate', onPopState);
        history.back();
      } else {
        pushGuardEntry();
      }
    };

    if (!onGuardEntry()) pushGuardEntry();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      // Done (or left in the app by a link, when the page is no longer the extra entry): take the
      // extra entry off, so one Back leaves the page as it did before the task began.
      if (!released.current && onGuardEntry() && location.pathname === path) history.back();
    };
  }, [active]);

  return useCallback(() => {
    released.current = true;
  }, []);
}
