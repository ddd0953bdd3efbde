/**
 * What the Classes screen keeps in session storage (spec section 3): the selected class and its
 * task settings, the cached press options, and the last-set form values.
 */
import { setStoredValue } from '../../session';

export type PressOption = { schoolId: string; pressId: string; title: string };

export function cachedPressOptions(): PressOption[] | null {
  try {
    const raw = sessionStorage.getItem('pressoptions');
    const list = raw ? (JSON.parse(raw) as PressOption[]) : null;
    return Array.isArray(list) && list.length ? list : null;
  } catch {
    return null;
  }
}

/** Press options are fetched only when the cache is empty, then cached. */
export function cachePressOptions(options: readonly PressOption[]): void {
  if (!cachedPressOptions() && options.length) sessionStorage.setItem('pressoptions', JSON.stringify(options));
}

export type ClassSettings = { name: string; schoolId: string; pressId: string; tbTaskType: string; spellingTimeoutSec: number; taskDueDays: number };

export function storeSelectedClass(c: ClassSettings): void {
  sessionStorage.setItem('sc-tbTaskType', c.tbTaskType);
  sessionStorage.setItem('sc-spellingTimeoutSec', String(c.spellingTimeoutSec));
  sessionStorage.setItem('sc-taskDueDays', String(c.taskDueDays));
  sessionStorage.setItem('schoolID', c.schoolId);
  sessionStorage.setItem('pressID', c.pressId);
  sessionStorage.removeItem('currentBId');
  sessionStorage.removeItem('lastBId');
  setStoredValue('selectedClassname', c.name);
}

export function clearSelectedClass(): void {
  for (const key of ['sc-tbTaskType', 'sc-spellingTimeoutSec', 'sc-taskDueDays', 'schoolID', 'pressID', 'currentBId', 'lastBId', 'buIDarr']) {
    sessionStorage.removeItem(key);
  }
  setStoredValue('selectedClassname', null);
}

/** Defaults for blank optional fields: the last-set value, else the spec's default. */
export const lastSet = (key: string, fallback: string) => sessionStorage.getItem(`last-${key}`) ?? fallback;
export const rememberLastSet = (key: string, value: string) => sessionStorage.setItem(`last-${key}`, value);
