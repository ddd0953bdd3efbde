import { describe, expect, it } from 'vitest';
import { catalogue } from '../../client/i18n/catalogue.ts';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const messages = Object.entries(catalogue).flatMap(([area, entries]) =>
  Object.entries(entries as Record<string, { zh: string; en: string }>).map(([name, m]) => ({ key: `${area}.${name}`, ...m })),
);

describe('the message catalogue', () => {
  it('has messages', () => {
    expect(messages.length).toBeGreaterThan(5);
  });

  it.each(messages)('$key reads in Chinese, with its English beside it', ({ zh, en }) => {
    expect(zh).toMatch(CJK);
    expect(en.trim()).not.toBe('');
    expect(en).not.toMatch(CJK);
    // Both languages fill in the same values, so neither shows a stray {name}.
    expect(placeholders(zh)).toEqual(placeholders(en));
  });
});
