/**
 * The textbook importer: a school loads its own book and units from CSV or JSON (docs/content.md).
 * Every row is checked first and every problem reported with its line; then the book is
 * written in one transaction, so nothing is half-imported. Importing a book again replaces its
 * units (updated, not duplicated). Words new to WordBee need a definition and two sentences.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { books, unitWords, units, words } from '../../db/schema.ts';
import { wordText } from '../../db/content/format.ts';
import { phoneticOf } from '../../db/content/phonetics.ts';
import { ValidationError } from '../errors.ts';
import { SCHOOL_IDS } from '../classes/schemas.ts';
import { PROFILE_UNIT } from '../../db/content/pack.ts';
import type { Deps } from '../deps.ts';
/** Kept for the books of a class's weak words (server/mistakes/class.ts). */
export const WEAK_BOOK_PREFIX = 'WEAK.';

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const idPart = /^[A-Za-z0-9_.]{1,30}$/;

/** The limits of an import, the same for CSV and JSON (checkBooks). */
const IMPORT_LIMITS = {
  books: 20,
  unitsPerBook: 200,
  /** A unit is one task; a Pronunciation Assessment recording scores at most 60 words. */
  wordsPerUnit: 60,
  title: 120,
  pressId: 30,
  partOfSpeech: 30,
  definition: 160,
  sentence: 200,
  sentences: 5,
};

type ImportedWord = { word: string; partOfSpeech?: string; definition?: string; sentences: string[] };
export type ImportedBook = {
  bookId: string;
  title: string;
  schoolId: string;
  pressId: string;
  units: { unitId: string; title: string; words: ImportedWord[] }[];
};

/** Problems found, each with the line (CSV) or path (JSON) where it is. */
export class ImportError extends ValidationError {
  constructor(readonly problems: string[]) {
    super(
      `The file has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems.slice(0, 20).join('; ')}${problems.length > 20 ? '; …' : ''}`,
    );
  }
}

const CSV_COLUMNS = [
  'bookID',
  'bookTitle',
  'schoolID',
  'pressID',
  'unitID',
  'unitTitle',
  'word',
  'partOfSpeech',
  'definition',
  'sentence1',
  'sentence2',
  'sentence3',
];

function checkIds(where: string, bookId: string, unitId: string, problems: string[]) {
  if (!idPart.test(bookId)) problems.push(`${where}: bookID "${bookId}" must be 1–30 letters, digits, "_" or "." (no "-")`);
  if (!idPart.test(unitId)) problems.push(`${where}: unitID "${unitId}" must be 1–30 letters, digits, "_" or "." (no "-")`);
}

export function parseCsvBooks(text: string): ImportedBook[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (error) {
    throw new ImportError([`the CSV cannot be read: ${(error as Error).message}`]);
  }
  const header = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((h) => h.trim());
  const missing = ['bookID', 'unitID', 'word'].filter((c) => !header.includes(c));
  if (missing.length) throw new ImportError([`line 1: the header must name the columns ${CSV_COLUMNS.join(',')} (missing ${missing.join(', ')})`]);
  const problems: string[] = [];
  const byId = new Map<string, ImportedBook>();
  records.forEach((r, i) => {
    const where = `line ${i + 2}`;
    const bookId = r.bookID ?? '';
    const unitId = r.unitID ?? '';
    checkIds(where, bookId, unitId, problems);
    const word = wordText.safeParse(r.word ?? '');
    if (!word.success) problems.push(`${where}: word "${r.word ?? ''}" ${word.error.issues[0]!.message}`);
    let book = byId.get(bookId);
    if (!book) {
      book = { bookId, title: r.bookTitle || bookId, schoolId: r.schoolID || 'K-12', pressId: r.pressID || 'SCHOOL', units: [] };
      byId.set(bookId, book);
    }
    let unit = book.units.find((u) => u.unitId === unitId);
    if (!unit) {
      unit = { unitId, title: r.unitTitle || `Unit ${unitId}`, words: [] };
      book.units.push(unit);
    }
    if (word.success) {
      unit.words.push({
        word: word.data,
        partOfSpeech: r.partOfSpeech || undefined,
        definition: r.definition || undefined,
        sentences: [r.sentence1, r.sentence2, r.sentence3].filter((s): s is string => Boolean(s)),
      });
    }
  });
  if (problems.length) throw new ImportError(problems);
  return [...byId.values()];
}

// The shape only: lengths and counts are checked for both formats by checkBooks.
const jsonWord = z.union([
  wordText,
  z.object({ word: wordText, partOfSpeech: z.string().optional(), definition: z.string().optional(), sentences: z.array(z.string()).default([]) }),
]);
const jsonBooks = z.object({
  books: z
    .array(
      z.object({
        bookID: z.string(),
        title: z.string().optional(),
        schoolID: z.string().optional(),
        pressID: z.string().optional(),
        units: z.array(z.object({ unitID: z.string(), title: z.string().max(120).optional(), words: z.array(jsonWord).min(1) })).min(1),
      }),
    )
    .min(1),
});

function parseJsonBooks(text: string): ImportedBook[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ImportError(['the file is not valid JSON']);
  }
  const parsed = jsonBooks.safeParse(raw);
  if (!parsed.success) throw new ImportError(parsed.error.issues.slice(0, 50).map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  const problems: string[] = [];
  const seenBooks = new Set<string>();
  for (const [bi, b] of parsed.data.books.entries()) {
    if (seenBooks.has(b.bookID)) problems.push(`books.${bi}: bookID ${b.bookID} appears twice`);
    seenBooks.add(b.bookID);
    const seenUnits = new Set<string>();
    for (const [ui, u] of b.units.entries()) {
      if (seenUnits.has(u.unitID)) problems.push(`books.${bi}.units.${ui}: unitID ${u.unitID} appears twice in book ${b.bookID}`);
      seenUnits.add(u.unitID);
    }
  }
  const result = parsed.data.books.map((b, bi) => ({
    bookId: b.bookID,
    title: b.title || b.bookID,
    schoolId: b.schoolID || 'K-12',
    pressId: b.pressID || 'SCHOOL',
    units: b.units.map((u, ui) => {
      checkIds(`books.${bi}.units.${ui}`, b.bookID, u.unitID, problems);
      return {
        unitId: u.unitID,
        title: u.title || `Unit ${u.unitID}`,
        words: u.words.map((w) => (typeof w === 'string' ? { word: w, sentences: [] } : w)),
      };
    }),
  }));
  if (problems.length) throw new ImportError(problems);
  return result;
}

export function parseBooksFile(name: string, text: string): ImportedBook[] {
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new ImportError([`the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`]);
  const imported = /\.json$/i.test(name) || text.trimStart().startsWith('{') ? parseJsonBooks(text) : parseCsvBooks(text);
  checkBooks(imported);
  return imported;
}

/** The rules every imported book meets, whichever format it came in (IMPORT_LIMITS). */
function checkBooks(imported: ImportedBook[]): void {
  const L = IMPORT_LIMITS;
  const problems: string[] = [];
  const tooLong = (where: string, what: string, text: string | undefined, max: number) => {
    if (text && text.length > max) problems.push(`${where}: ${what} is longer than ${max} characters`);
  };
  if (imported.length > L.books) problems.push(`a file holds at most ${L.books} books (this one has ${imported.length})`);
  for (const book of imported) {
    const where = `book ${book.bookId}`;
    if (book.bookId.toUpperCase().startsWith(WEAK_BOOK_PREFIX))
      problems.push(`${where}: bookIDs starting with "${WEAK_BOOK_PREFIX}" are kept for a class's weak words; choose another`);
    tooLong(where, 'the title', book.title, L.title);
    tooLong(where, 'pressID', book.pressId, L.pressId);
    if (!(SCHOOL_IDS as readonly string[]).includes(book.schoolId))
      problems.push(`${where}: schoolID "${book.schoolId.slice(0, 20)}" must be one of ${SCHOOL_IDS.join(', ')}`);
    if (book.units.length > L.unitsPerBook) problems.push(`${where}: a book has at most ${L.unitsPerBook} units (this one has ${book.units.length})`);
    for (const unit of book.units) {
      const at = `${where}, unit ${unit.unitId}`;
      if (unit.unitId === PROFILE_UNIT) problems.push(`${at}: unitID "${PROFILE_UNIT}" is kept for Flashcard Master review batches; choose another`);
      tooLong(at, 'the title', unit.title, L.title);
      if (unit.words.length > L.wordsPerUnit)
        problems.push(`${at}: a unit has at most ${L.wordsPerUnit} words, one task's worth (this one has ${unit.words.length})`);
      for (const word of unit.words) {
        tooLong(`${at}, word ${word.word}`, 'partOfSpeech', word.partOfSpeech, L.partOfSpeech);
        tooLong(`${at}, word ${word.word}`, 'the definition', word.definition, L.definition);
        if (word.sentences.length > L.sentences) problems.push(`${at}, word ${word.word}: at most ${L.sentences} sentences`);
        for (const sentence of word.sentences) tooLong(`${at}, word ${word.word}`, 'a sentence', sentence, L.sentence);
      }
    }
  }
  if (problems.length) throw new ImportError(problems);
}

const takenId = (bookId: string) => `book ${bookId}: this id is already used by another school book; choose another bookID`;

/**
 * Writes the books: a teacher's import belongs to that teacher; an operator's (CLI) to the
 * whole installation. Pack books cannot be overwritten.
 */
export async function importBooks(
  deps: Pick<Deps, 'db'>,
  imported: ImportedBook[],
  ownerTeacherId: number | null,
): Promise<{ books: number; units: number; words: number; newWords: number }> {
  const problems: string[] = [];
  const ids = imported.map((b) => b.bookId);
  const existing = await deps.db.select().from(books).where(inArray(books.id, ids));
  for (const b of existing) {
    if (b.kind !== 'school') problems.push(`book ${b.id}: this id belongs to WordBee's own content; choose another bookID`);
    else if (b.ownerTeacherId !== ownerTeacherId) problems.push(takenId(b.id));
  }
  const allWords = imported.flatMap((b) => b.units.flatMap((u) => u.words));
  const keys = [...new Set(allWords.map((w) => w.word.toLowerCase()))];
  const known = new Set(keys.length ? (await deps.db.select({ key: words.textKey }).from(words).where(inArray(words.textKey, keys))).map((r) => r.key) : []);
  const fresh = new Map<string, ImportedWord>();
  for (const w of allWords) {
    const key = w.word.toLowerCase();
    if (known.has(key)) continue;
    if (!w.definition || w.sentences.length < 2) {
      if (!fresh.has(key)) problems.push(`word "${w.word}" is new to WordBee: give its definition and at least two sentences`);
      fresh.set(key, w);
      continue;
    }
    fresh.set(key, w);
  }
  if (problems.length) throw new ImportError(problems);

  return deps.db.transaction(async (tx) => {
    const freshList = [...fresh.values()];
    if (freshList.length) {
      await tx
        .insert(words)
        .values(
          freshList.map((w) => ({
            text: w.word,
            textKey: w.word.toLowerCase(),
            partOfSpeech: w.partOfSpeech ?? '',
            phonetic: phoneticOf(w.word),
            definition: w.definition!,
            sentences: w.sentences,
          })),
        )
        .onConflictDoNothing();
    }
    const idOf = new Map((await tx.select({ id: words.id, key: words.textKey }).from(words).where(inArray(words.textKey, keys))).map((r) => [r.key, r.id]));
    let unitCount = 0;
    let wordCount = 0;
    for (const book of imported) {
      const values = {
        title: book.title,
        kind: 'school',
        level: null,
        schoolId: book.schoolId,
        pressId: book.pressId,
        firstUnit: book.units[0]!.unitId,
        lastUnit: book.units.at(-1)!.unitId,
        ownerTeacherId,
        sortOrder: 10_000,
      };
      // Checked again as it is written: another teacher importing the same new id meanwhile keeps it.
      const written = await tx
        .insert(books)
        .values({ id: book.bookId, ...values })
        .onConflictDoUpdate({
          target: books.id,
          set: values,
          setWhere: sql`${books.kind} = 'school' and ${books.ownerTeacherId} is not distinct from ${ownerTeacherId}`,
        })
        .returning({ id: books.id });
      if (!written.length) throw new ImportError([takenId(book.bookId)]);
      await tx.delete(unitWords).where(eq(unitWords.bookId, book.bookId));
      await tx.delete(units).where(eq(units.bookId, book.bookId));
      await tx.insert(units).values(book.units.map((u, ordinal) => ({ bookId: book.bookId, unitId: u.unitId, ordinal, title: u.title })));
      const rows = book.units.flatMap((u) =>
        u.words.map((w, position) => ({ bookId: book.bookId, unitId: u.unitId, position, wordId: idOf.get(w.word.toLowerCase())! })),
      );
      await tx.insert(unitWords).values(rows);
      unitCount += book.units.length;
      wordCount += rows.length;
    }
    return { books: imported.length, units: unitCount, words: wordCount, newWords: freshList.length };
  });
}
