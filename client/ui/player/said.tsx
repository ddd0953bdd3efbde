/**
 * A player's texts that are built from several messages (the status line, the end): each kept as
 * its Chinese and its English, so that the English reads exactly as the spec writes it
 * ('score 5 of 8. The test finished') in an element of its own, with the Chinese beside it.
 */
import type { HTMLAttributes, Ref } from 'react';
import { fill, messageOf, type MessageKey, type Values } from '../../i18n';
import { useLanguage } from '../language';
import { chineseOf } from '../serverMessages';

export type Said = { zh: string; en: string };

/** One catalogue message, filled, in both languages. */
export const say = (key: MessageKey, values?: Values): Said => {
  const m = messageOf(key);
  return { zh: fill(m.zh, values), en: fill(m.en, values) };
};

/**
 * 'but it was not saved: <why>': the server's reason in Chinese in the Chinese (serverMessages.ts,
 * as every form says a refusal), its own English in the English.
 */
export const sayNotSaved = (error: string): Said => {
  const m = messageOf('players.notSaved');
  const english = error.replace(/\.$/, '');
  return { zh: fill(m.zh, { error: (chineseOf(error) ?? english).replace(/。$/, '') }), en: fill(m.en, { error: english }) };
};

const KIND_ZH: Record<string, MessageKey> = { SB: 'common.spellingBee', FM: 'common.flashcardMaster', PA: 'common.pronunciation' };

/** 'Next task: NS2022-MS1 SB', its Chinese naming the kind for a child ('下一个任务：NS2022-MS1 拼写'). */
export const sayNextTask = (next: string): Said => {
  const said = say('players.nextTask', { next });
  return { ...said, zh: said.zh.replace(/ (SB|FM|PA)$/, (_, type: string) => ` ${messageOf(KIND_ZH[type]!).zh}`) };
};

/** Messages one after the other: the English joined with `en` (the spec's punctuation), the Chinese with `zh`. */
export const joinSaid = (parts: (Said | null | false | undefined)[], en: string, zh: string): Said => {
  const kept = parts.filter((p): p is Said => Boolean(p));
  return { zh: kept.map((p) => p.zh).join(zh), en: kept.map((p) => p.en).join(en) };
};

/**
 * The Chinese, then the English in an element of its own that carries `enProps` (a test id, a
 * role), so that what reads the English reads it alone. In English mode only the English shows.
 */
export function Both({
  said,
  enProps,
  enRef,
}: {
  said: Said;
  enProps?: HTMLAttributes<HTMLSpanElement> & { 'data-testid'?: string };
  enRef?: Ref<HTMLSpanElement>;
}) {
  const [lang] = useLanguage();
  if (lang === 'en') {
    return (
      <span {...enProps} ref={enRef}>
        {said.en}
      </span>
    );
  }
  return (
    <>
      <span className="zh" lang="zh-CN">
        {said.zh}
      </span>{' '}
      <span {...enProps} ref={enRef} className={`en${enProps?.className ? ` ${enProps.className}` : ''}`} lang="en">
        {said.en}
      </span>
    </>
  );
}
