/** The real content pack (db/content): levels, cards, pictures and the National standards units. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/index.ts';
import { buildPack, NATIONAL_BOOK, type Pack } from '../../db/content/pack.ts';
import { loadPack } from '../../db/content/load.ts';
import {
  BOOK_REPEATS,
  checkBookFiles,
  checkDuplicateCards,
  checkWordFiles,
  parseBookFiles,
  readBookFiles,
  readWordFiles,
  WORDS_DIR,
} from '../../db/content/check.ts';
import { AVATARS_FILE, isConcrete, pictureCoverage, readAvatarMapping, TWEMOJI_DIR } from '../../db/content/avatars.ts';
import { levelWords, unitWords, words } from '../../db/schema.ts';

describe('the content pack', () => {
  let pack: Pack;
  let database: DatabaseHandle;
  beforeAll(async () => {
    pack = buildPack();
    database = await openDatabase({});
    await loadPack(database.db, pack);
    // Loading the whole pack into PGlite takes 15 s on a quiet machine, a minute or more on a busy one.
  }, 180_000);
  afterAll(() => database?.close());

  it('passes the content checks: every sentence uses its word, no template sentences', () => {
    expect(checkWordFiles(readWordFiles())).toEqual([]);
  });

  it('has the curriculum levels at their sizes ("in all": each level includes the ones below)', async () => {
    const counts: Record<string, number> = Object.fromEntries(
      (
        await database.db
          .select({ level: levelWords.level, n: sql<number>`count(*)::int` })
          .from(levelWords)
          .groupBy(levelWords.level)
      ).map((r) => [r.level, r.n]),
    );
    expect(counts.ES).toBeGreaterThanOrEqual(450);
    // The 2022 standard's level 2 (about 500 words) plus everything the PEP primary books teach:
    // their phrases (wash my clothes), past and comparative forms (went, taller), names.
    expect(counts.ES).toBeLessThanOrEqual(1000);
    expect(counts.MS).toBeGreaterThanOrEqual(1400);
    expect(counts.HM).toBeGreaterThanOrEqual(1800);
    expect(counts.HSM).toBeGreaterThanOrEqual(2700);
    expect(counts.FC).toBeGreaterThanOrEqual(150);
    expect(counts.MS).toBeGreaterThan(counts.ES!);
    expect(counts.HM).toBeGreaterThan(counts.MS!);
    expect(counts.HSM).toBeGreaterThan(counts.HM!);
  });

  it('gives every unit word a card with a definition and at least two sentences', async () => {
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

  it("reads a card as a learner says it where the CMU dictionary's first reading misleads (the team's IPA wins)", () => {
    const ipa = (word: string) => pack.cards.find((c) => c.word === word)?.phonetic;
    // Letter by letter, not the words 'am' and 'us' once the dots are gone.
    expect(ipa('a.m.')).toBe('/ˌeɪˈɛm/');
    expect(ipa('the U.S.')).toBe('/ðə ˌjuˈɛs/');
    expect(ipa('ID card')).toBe('/ˌaɪˈdi kɑrd/');
    // The present tense, also inside a phrase, and the school subject (a noun), not the verb.
    expect(ipa('read a newspaper')).toBe('/rid ə ˈnuzˌpeɪpɚ/');
    expect(ipa('subject')).toBe('/ˈsʌbdʒɛkt/');
    // Words the dictionary lacks still come from the team's list.
    expect(ipa('colourful')).toBe('/ˈkʌlɚfəl/');
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

describe('the book files loader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-books-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (books: unknown[], extra: object = {}) => ({
    series: 'PEP Primary English',
    edition: '2012 edition',
    schoolId: 'ES',
    pressId: 'PEP',
    sources: ['a test'],
    books,
    ...extra,
  });

  it('puts a real book in place of its synthesized namesake and adds new ids after the synthesized books', () => {
    writeFileSync(
      path.join(dir, 'a.json'),
      JSON.stringify(
        file([
          { id: 'PEP3A', title: 'PEP Primary English 3A', units: [{ unitId: '1', title: 'Unit 1 Hello!', words: ['ruler', 'pencil', 'zzqxw'] }] },
          { id: 'PEP2024_3A', title: 'PEP Primary English 3A (2024)', units: [{ unitId: '1', title: 'Unit 1', words: ['hello'] }] },
        ]),
      ),
    );
    const pack = buildPack(WORDS_DIR, AVATARS_FILE, dir);
    const pep3a = pack.books.find((b) => b.id === 'PEP3A')!;
    // The word without a card is left out of the pack (the check names it).
    expect(pep3a).toMatchObject({
      kind: 'press',
      schoolId: 'ES',
      pressId: 'PEP',
      title: 'PEP Primary English 3A',
      units: [{ unitId: '1', title: 'Unit 1 Hello!', words: ['ruler', 'pencil'] }],
    });
    expect(pack.books.filter((b) => b.id === 'PEP3A')).toHaveLength(1);
    expect(pack.books.find((b) => b.id === 'PEP3B')!.title).toMatch(/units built from the level's word list by topic/);
    expect(pack.books.at(-1)!.id).toBe('PEP2024_3A');
    const problems = checkBookFiles(readBookFiles(dir), readWordFiles());
    expect(problems).toEqual([{ file: 'a.json', word: 'zzqxw', problem: 'PEP3A unit 1: no word card' }]);
  });

  it('reports a word twice in one book, a book id used twice and a file that does not parse', () => {
    writeFileSync(
      path.join(dir, 'a.json'),
      JSON.stringify(
        file([
          {
            id: 'PEP3A',
            title: '3A',
            units: [
              { unitId: '1', title: 'Unit 1', words: ['ruler'] },
              { unitId: '2', title: 'Unit 2', words: ['Ruler', 'pen'] },
            ],
          },
        ]),
      ),
    );
    writeFileSync(
      path.join(dir, 'b.json'),
      JSON.stringify(file([{ id: 'PEP3A', title: '3A again', units: [{ unitId: '1', title: 'Unit 1', words: ['pen'] }] }])),
    );
    writeFileSync(
      path.join(dir, 'c.json'),
      JSON.stringify(file([{ id: 'PEP-3B', title: '3B', units: [{ unitId: 'R', title: 'Unit 1', words: ['sth./sb.'] }] }])),
    );
    const problems = checkBookFiles(
      parseBookFiles(dir).flatMap(({ file, data }) => (data ? [{ file, data }] : [])),
      readWordFiles(),
    ).map((p) => `${p.file} ${p.word}: ${p.problem}`);
    expect(problems).toEqual(['a.json Ruler: PEP3A unit 2: already in unit 1 of this book', 'b.json PEP3A: book id already used in a.json']);
    expect(parseBookFiles(dir).find((f) => f.file === 'c.json')!.errors).toEqual([
      'books.0.id: 1–30 letters, digits, _ or . (no -)',
      'books.0.units.0.unitId: unit R is kept for Flashcard Master review batches',
      'books.0.units.0.words.0: letters, spaces, apostrophes, hyphens and dots only',
    ]);
    expect(() => readBookFiles(dir)).toThrow(/c\.json: books\.0\.id/);
    rmSync(path.join(dir, 'b.json'));
    rmSync(path.join(dir, 'c.json'));
  });

  it('has no card in two word files (the pack would silently use only one)', () => {
    expect(checkDuplicateCards(readWordFiles())).toEqual([]);
  });
});

/** The PEP books as printed (edition used before the 2024 revision): units that introduce words. */
const PRINTED_UNITS: Record<string, number> = {
  PEP3A: 6,
  PEP3B: 6,
  PEP4A: 6,
  PEP4B: 6,
  PEP5A: 6,
  PEP5B: 6,
  PEP6A: 6,
  PEP6B: 4,
  PEP7A: 12, // Starter Units 1–3 and Units 1–9
  PEP7B: 12,
  PEP8A: 10,
  PEP8B: 10,
  PEP9: 14,
  // PEP senior high, 2019 edition: 必修第一册 has the Welcome Unit and Units 1–5.
  PEPB1: 6,
  PEPB2: 5,
  PEPB3: 5,
  // 选择性必修 (selective-compulsory), 2019 edition.
  PEPX1: 5,
  PEPX2: 5,
  PEPX3: 5,
  PEPX4: 5,
};
/** The senior books: every word they teach is on the senior compulsory (HM) list or below. */
const SENIOR_COMPULSORY = ['PEPB1', 'PEPB2', 'PEPB3'];
/** The selective-compulsory books teach the HSM list: their words are on it, and those no compulsory book teaches stay above HM. */
const SENIOR_SELECTIVE = ['PEPX1', 'PEPX2', 'PEPX3', 'PEPX4'];
const PRIMARY = ['PEP3A', 'PEP3B', 'PEP4A', 'PEP4B', 'PEP5A', 'PEP5B', 'PEP6A', 'PEP6B'];

describe('the PEP textbooks', () => {
  const pack = buildPack();
  const bookFiles = readBookFiles();
  const fileBooks = new Map(bookFiles.flatMap((f) => f.data.books.map((b) => [b.id, b] as const)));
  const cards = new Map(pack.cards.map((c) => [c.word.toLowerCase(), c]));
  const bookWords = (ids: string[]) => [...new Set(ids.flatMap((id) => fileBooks.get(id)!.units.flatMap((u) => u.words)).map((w) => w.toLowerCase()))];

  it('has every PEP book with the units it has in print, each with words, on the shelf in place of the made-up units', () => {
    for (const [id, count] of Object.entries(PRINTED_UNITS)) {
      const book = pack.books.find((b) => b.id === id)!;
      expect(book.title, id).not.toMatch(/units built from/);
      expect(
        book.units.map((u) => u.unitId),
        id,
      ).toEqual(fileBooks.get(id)!.units.map((u) => u.unitId));
      expect(book.units, id).toHaveLength(count);
      // No unit lost a word on the way into the pack (a word without a card would be dropped).
      for (const [i, unit] of book.units.entries()) {
        expect(unit.words.length, `${id} unit ${unit.unitId}`).toBeGreaterThan(0);
        expect(unit.words, `${id} unit ${unit.unitId}`).toEqual(fileBooks.get(id)!.units[i]!.words);
      }
    }
    const pep3a = pack.books.find((b) => b.id === 'PEP3A')!;
    expect(pep3a.units[0]).toMatchObject({ unitId: '1', title: 'Unit 1 Hello!' });
    expect(pep3a.units[0]!.words.slice(0, 4)).toEqual(['ruler', 'pencil', 'eraser', 'crayon']);
    expect(pack.books.find((b) => b.id === 'PEP6B')!.units.map((u) => u.title)).toEqual([
      'Unit 1 How tall are you?',
      'Unit 2 Last weekend',
      'Unit 3 Where did you go?',
      'Unit 4 Then and now',
    ]);
    // Series nobody has established yet keep saying so.
    for (const id of ['BNU3A', 'BNU7A', 'BNUB1', 'BNUX1'])
      expect(pack.books.find((b) => b.id === id)!.title, id).toMatch(/\(units built from the level's word list by topic\) · .+（单元按课标词表的话题编排）$/);
    // A Chinese teacher reads every title the pack makes in Chinese too, volumes named as the Chinese editions name them.
    expect(pack.books.find((b) => b.id === 'BNU3A')!.title).toContain('北师大版小学英语三年级上册');
    expect(pack.books.find((b) => b.id === 'BNU9B')!.title).toContain('北师大版初中英语九年级下册');
    expect(pack.books.find((b) => b.id === 'BNUX2')!.title).toContain('北师大版高中英语选择性必修第二册');
    const national = pack.books.find((b) => b.id === 'NS2022')!;
    for (const book of [national, ...pack.books.filter((b) => b.kind === 'source' || b.id.startsWith('BNU'))]) {
      expect(book.title, book.id).toMatch(/ · .*[\u4e00-\u9fff]/);
      for (const unit of book.units) expect(unit.title, `${book.id} ${unit.unitId}`).toMatch(/ · .*[\u4e00-\u9fff]/);
    }
    expect(national.units.find((u) => u.words.includes('tiger'))?.title).toMatch(/^animals( \(\d+\))? · 动物/);
  });

  it('lists no word twice in one book unless the book itself does', () => {
    const repeats = checkBookFiles(bookFiles, readWordFiles()).filter((p) => p.problem.includes('already in'));
    expect(repeats).toEqual([]);
    // The allow-list stays small and names real repeats only.
    for (const [id, words] of Object.entries(BOOK_REPEATS)) {
      for (const w of words) expect(fileBooks.get(id)!.units.filter((u) => u.words.includes(w)).length, `${id} ${w}`).toBeGreaterThan(1);
    }
  });

  it('gives every word of every book a full card: part of speech, definition, two sentences, IPA', () => {
    const ids = [...fileBooks.keys()];
    expect(ids).toEqual(expect.arrayContaining(Object.keys(PRINTED_UNITS)));
    const words = bookWords(ids);
    expect(words.length).toBeGreaterThan(800);
    const weak = words.filter((w) => {
      const c = cards.get(w);
      return !c || !c.pos || c.definition.length < 3 || c.sentences.length < 2 || !c.phonetic;
    });
    expect(weak).toEqual([]);
    // The primary books' words are all on the primary (ES) list, so NS2022 and the level measure agree.
    expect(bookWords(PRIMARY).filter((w) => !pack.levels.ES.some((e) => e.toLowerCase() === w))).toEqual([]);
    const hm = new Set(pack.levels.HM.map((w) => w.toLowerCase()));
    expect(bookWords(SENIOR_COMPULSORY).filter((w) => !hm.has(w))).toEqual([]);
    const hsm = new Set(pack.levels.HSM.map((w) => w.toLowerCase()));
    expect(bookWords(SENIOR_SELECTIVE).filter((w) => !hsm.has(w))).toEqual([]);
    expect(hm.has('artemisinin')).toBe(false);
    expect(cards.get('artemisinin')!.level).toBe('HSM');
  });

  it('has a picture for at least 90% of the concrete words of the primary books', () => {
    const primary = bookWords(PRIMARY).map((w) => cards.get(w)!);
    const coverage = pictureCoverage(primary);
    expect(coverage.concrete).toBeGreaterThan(300);
    expect(coverage.withPicture / coverage.concrete).toBeGreaterThanOrEqual(0.9);
    // What a teacher of 3A Unit 1 sees: every school thing with its picture.
    const unit1 = pack.books.find((b) => b.id === 'PEP3A')!.units[0]!.words.map((w) => cards.get(w.toLowerCase())!);
    expect(
      unit1
        .filter(isConcrete)
        .filter((c) => !c.picture)
        .map((c) => c.word),
    ).toEqual([]);
    expect(isConcrete(cards.get('because')!)).toBe(false);
    expect(isConcrete(cards.get('go swimming')!)).toBe(true);
  });
});
