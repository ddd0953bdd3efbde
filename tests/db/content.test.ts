/** The real content pack (db/content): levels, cards, pictures and the National standards units. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/index.ts';
import { buildPack, NATIONAL_BOOK, type Pack } from '../../db/content/pack.ts';
import { loadPack } from '../../db/content/load.ts';
import { checkWordFiles, readWordFiles } from '../../db/content/check.ts';
import { readAvatarMapping, TWEMOJI_DIR } from '../../db/content/avatars.ts';
import { levelWords, unitWords, words } from '../../db/schema.ts';

describe('the content pack', () => {
  let pack: Pack;
  let database: DatabaseHandle;
  beforeAll(async () => {
    pack = buildPack();
    database = await openDatabase({});
    await loadPack(database.db, pack);
  });
  afterAll(() => database?.close());

  it('passes the content checks: every sentence uses its word, no template sentences', () => {
    expect(checkWordFiles(readWordFiles())).toEqual([]);
  });

  it('has the curriculum levels at their sizes ("in all": each level includes the ones below)', async () => {
    const counts: Record<string, number> = Object.fromEntries(
      (await database.db.select({ level: levelWords.level, n: sql<number>`count(*)::int` }).from(levelWords).groupBy(levelWords.level)).map((r) => [r.level, r.n]),
    );
    expect(counts.ES).toBeGreaterThanOrEqual(450);
    expect(counts.ES).toBeLessThanOrEqual(750);
    expect(counts.MS).toBeGreaterThanOrEqual(1400);
    expect(counts.HM).toBeGreaterThanOrEqual(1800);
    expect(counts.HSM).toBeGreaterThanOrEqual(2700);
    expect(counts.FC).toBeGreaterThanOrEqual(150);
    expect(counts.MS).toBeGreaterThan(counts.ES!);
    expect(counts.HM).toBeGreaterThan(counts.MS!);
    expect(counts.HSM).toBeGreaterThan(counts.HM!);
  });

  it("gives every unit word a card with a definition and at least two sentences", async () => {
    const rows = await database.db
      .select({ text: words.text, definition: words.definition, sentences: words.sentences })
      .from(unitWords)
      .innerJoin(words, eq(words.id, unitWords.wordId));
    expect(rows.length).toBeGreaterThan(2700);
    const weak = rows.filter((r) => r.definition.length < 3 || r.sentences.length < 2);
    expect(weak).toEqual([]);
  });

  it('gives most words a phonetic transcription from the CMU dictionary', () => {
    const withIpa = pack.cards.filter((c) => c.phonetic).length;
    expect(withIpa / pack.cards.length).toBeGreaterThan(0.9);
    expect(pack.cards.find((c) => c.word === 'apple')?.phonetic).toBe('/ˈæpəl/');
  });

  it('has an image file for every picture in the avatar mapping', () => {
    const mapping = readAvatarMapping();
    expect(mapping.size).toBeGreaterThan(100);
    for (const image of new Set(mapping.values())) expect(existsSync(path.join(TWEMOJI_DIR, image)), image).toBe(true);
  });

  it("covers each level's list exactly once with the National standards units", () => {
    const national = pack.books.find((b) => b.id === NATIONAL_BOOK)!;
    const unitsWords = national.units.flatMap((u) => u.words);
    expect(new Set(unitsWords.map((w) => w.toLowerCase())).size).toBe(unitsWords.length);
    expect(unitsWords.length).toBe(pack.levels.HSM.length);
    for (const level of ['ES', 'MS', 'HM', 'HSM'] as const) {
      const covered = national.units.filter((u) => pack.levels[level].includes(u.words[0]!)).flatMap((u) => u.words);
      expect(new Set(covered)).toEqual(new Set(pack.levels[level]));
    }
    for (const u of national.units) expect(u.words.length).toBeLessThanOrEqual(20);
  });
});
