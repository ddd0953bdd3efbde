/**
 * What the Classes screen keeps in session storage (spec section 3): the selected class and its
 * task settings, the cached press options, and the last-set form values.
 */
import { setStoredValue } from '../../session';
import { specWord } from './labels';

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

/** Press options are fetched only when the cache is empty, then cached (with the spec's schoolId). */
export function cachePressOptions(options: readonly { schoolLevel: string; pressId: string; title: string }[]): void {
  const cached: PressOption[] = options.map((p) => ({ schoolId: specWord(p.schoolLevel), pressId: p.pressId, title: p.title }));
  if (!cachedPressOptions() && cached.length) sessionStorage.setItem('pressoptions', JSON.stringify(cached));
}

export type ClassSettings = { name: string; schoolLevel: string; pressId: string; textbookTaskType: string; spellingTimeoutSec: number; taskDueDays: number };

export function storeSelectedClass(c: ClassSettings): void {
  sessionStorage.setItem('sc-tbTaskType', specWord(c.textbookTaskType));
  sessionStorage.setItem('sc-spellingTimeoutSec', String(c.spellingTimeoutSec));
  sessionStorage.setItem('sc-taskDueDays', String(c.taskDueDays));
  sessionStorage.setItem('schoolID', specWord(c.schoolLevel));
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
