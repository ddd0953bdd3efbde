import { useSyncExternalStore } from 'react';

/** Marketing and help text is Chinese first, English on request (DESIGN, Language). */
export type Language = 'zh' | 'en';
const KEY = 'wordbee-lang';
const listeners = new Set<() => void>();

/** The page's language follows the choice, so that a screen reader reads it in the right voice. */
function markPage(l: Language): void {
  document.documentElement.lang = l === 'en' ? 'en' : 'zh-CN';
}
markPage(localStorage.getItem(KEY) === 'en' ? 'en' : 'zh');

export function useLanguage(): [Language, (l: Language) => void] {
  const lang = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (localStorage.getItem(KEY) === 'en' ? 'en' : 'zh'),
  );
  const set = (l: Language) => {
    localStorage.setItem(KEY, l);
    markPage(l);
    for (const listener of listeners) listener();
  };
  return [lang, set];
}
