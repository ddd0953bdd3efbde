/**
 * The message catalogue: every text a teacher or student reads around the practice, Chinese
 * first with the English beside it (DESIGN, Language). The practice itself (the English words,
 * the spec's fixed English texts inside a player) is English.
 *
 * - Messages live in `messages/<area>.ts`, one file per screen or area, each a `defineMessages`
 *   record of `{ zh, en }`; `catalogue.ts` gathers them under their area's name, so a key reads
 *   `area.name` ('classes.className').
 * - `{name}` in a message is filled from the values given (`t('tasks.lastTask', { score: 9 })`);
 *   both languages must use the same placeholders (tests/client/catalogue.test.ts checks).
 * - In Chinese mode (the default) a message shows both: `<T>` renders the Chinese and the English
 *   as two spans (the English muted), `t()` joins them with ' · ' for places that take a plain
 *   string (placeholders, aria-labels, confirm()). In English mode only the English shows.
 *   The choice is the language toggle's, remembered in localStorage (ui/language.ts).
 * - The shell's areas (`shellMessages.ts`) come with the first route; the screens' areas
 *   (`screenMessages.ts`, two thirds of the text) load with every screen but the login page:
 *   routes.tsx waits for `loadScreenMessages()` with the screen's code.
 */
import type { ReactNode } from 'react';
import { useLanguage, type Language } from '../ui/language';
import type { catalogue } from './catalogue';
import { shellMessages } from './shellMessages';
import type { Message } from './define';

export type Values = Record<string, string | number>;
export { type Message } from './define';

type Catalogue = typeof catalogue;
export type MessageKey = { [A in keyof Catalogue & string]: `${A}.${keyof Catalogue[A] & string}` }[keyof Catalogue & string];

/** The areas loaded so far, by name. */
const loaded: Partial<Record<string, Record<string, Message>>> = { ...shellMessages };
let screenAreas: Promise<void> | null = null;

/** Loads the screens' areas (once); a screen's code is shown when they are in. */
export function loadScreenMessages(): Promise<void> {
  screenAreas ??= import('./screenMessages').then(
    (m) => void Object.assign(loaded, m.screenMessages),
    (error: unknown) => {
      screenAreas = null;
      throw error;
    },
  );
  return screenAreas;
}

export function messageOf(key: MessageKey): Message {
  const dot = key.indexOf('.');
  // An area not loaded yet shows the key rather than nothing (first-route.test.ts keeps the
  // first route's code to the shell's areas, and every other screen waits for the rest).
  return loaded[key.slice(0, dot)]?.[key.slice(dot + 1)] ?? { zh: key, en: key };
}

/** Fills `{name}` placeholders; a value that is missing leaves the placeholder visible. */
export function fill(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** One plain string: 'Chinese · English' in Chinese mode, the English alone in English mode. */
export function textOf(lang: Language, key: MessageKey, values?: Values): string {
  const m = messageOf(key);
  const en = fill(m.en, values);
  return lang === 'en' ? en : `${fill(m.zh, values)} · ${en}`;
}

/** `t(key, values)` for plain strings, and the current language. */
export function useT() {
  const [lang] = useLanguage();
  const t = (key: MessageKey, values?: Values) => textOf(lang, key, values);
  return { t, lang };
}

/** A message as the page shows it: the Chinese, then the English in a muted span. */
export function T({ k, values }: { k: MessageKey; values?: Values }): ReactNode {
  const [lang] = useLanguage();
  const m = messageOf(k);
  const en = fill(m.en, values);
  if (lang === 'en') return en;
  return (
    <>
      <span className="zh" lang="zh-CN">
        {fill(m.zh, values)}
      </span>{' '}
      <span className="en" lang="en">
        {en}
      </span>
    </>
  );
}
