import { useSyncExternalStore } from 'react';

/** Marketing and help text is Chinese first, English on request (DESIGN, Language). */
export type Language = 'zh' | 'en';
const KEY = 'wordbee-lang';
const listeners = new Set<() => void>();

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
    for (const listener of listeners) listener();
  };
  return [lang, set];
}
