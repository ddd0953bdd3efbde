/**
 * Textbooks: the books a class can open and the units inside them (spec screen 9). Owns the
 * books, units and unit_words tables (filled by the content pack, db/content).
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { books, classes, unitWords, units, words } from '../../db/schema.ts';

/** A vocabulary level (FC, ES, MS, HM, HSM), for the transports, which do not import db/. */
export type { Level } from '../../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import { NATIONAL_BOOK, PROFILE_UNIT } from '../../db/content/pack.ts';
import { prepared, qualified } from '../../db/sql.ts';
import { classByName } from '../classes/service.ts';

export { NATIONAL_BOOK, PROFILE_UNIT };

export type BookRecord = typeof books.$inferSelect;

/** The spec's textbook entry: `bookID-firstUnit-lastUnit`. */
export const bookEntry = (b: Pick<BookRecord, 'id' | 'firstUnit' | 'lastUnit'>) => `${b.id}-${b.firstUnit}-${b.lastUnit}`;

/** Books a teacher may open: the pack's books and the teacher's own imported ones. */
const visibleTo = (viewer: Viewer) => or(isNull(books.ownerTeacherId), eq(books.ownerTeacherId, viewer.id));

export type Shelf = {
  klass: typeof classes.$inferSelect;
  national: BookRecord;
  sources: BookRecord[];
  /** The textbooks of the class's school level and press. */
  press: BookRecord[];
};

/** What the Textbooks screen offers a class (spec screen 9: the start list and the press entry). */
export async function shelfFor(deps: Pick<Deps, 'db'>, viewer: Viewer, className: string): Promise<Shelf> {
  const klass = await classByName(deps, viewer, className);
  const all = await deps.db.select().from(books).where(visibleTo(viewer)).orderBy(asc(books.sortOrder), asc(books.id));
  const national = all.find((b) => b.id === NATIONAL_BOOK);
  if (!national) throw new NotFoundError('The content pack is not loaded: no National standards book');
  const press =
    klass.schoolId === 'K-12'
      ? [national]
      : all.filter(
          (b) =>
            (b.kind === 'press' && b.schoolId === klass.schoolId && b.pressId === klass.pressId) ||
            // A school's own books show for classes of their level (or every level for K-12).
            (b.kind === 'school' && (b.schoolId === klass.schoolId || b.schoolId === 'K-12')),
        );
  return { klass, national, sources: all.filter((b) => b.kind === 'source'), press };
}

export async function bookById(deps: Pick<Deps, 'db'>, viewer: Viewer, bookId: string): Promise<BookRecord | null> {
  const [book] = await deps.db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), visibleTo(viewer)));
  return book ?? null;
}

export type UnitSummary = { bookId: string; unitId: string; title: string; ordinal: number; wordCount: number };

export async function unitsOfBooks(deps: Pick<Deps, 'db'>, bookIds: readonly string[]): Promise<UnitSummary[]> {
  if (bookIds.length === 0) return [];
  return deps.db
    .select({
      bookId: units.bookId,
      unitId: units.unitId,
      title: units.title,
      ordinal: units.ordinal,
      wordCount: sql<number>`(select count(*)::int from ${unitWords} uw where uw.book_id = ${qualified(units.bookId)} and uw.unit_id = ${qualified(units.unitId)})`,
    })
    .from(units)
    .where(inArray(units.bookId, [...bookIds]))
    .orderBy(asc(units.bookId), asc(units.ordinal));
}

export async function unitOf(deps: Pick<Deps, 'db'>, bookId: string, unitId: string) {
  const [unit] = await deps.db
    .select()
    .from(units)
    .where(and(eq(units.bookId, bookId), eq(units.unitId, unitId)));
  return unit ?? null;
}

export type WordCard = typeof words.$inferSelect;

/** A word's picture as the players load it (`WordCard.pictureUrl`), or null when it has none. */
export const pictureUrlOf = (w: Pick<WordCard, 'picture'>) => (w.picture ? `/avatars/${w.picture}` : null);

export type UnitWord = { bookId: string; unitId: string; position: number; word: WordCard };

/**
 * The words of several units in one statement, each unit's in teaching order (the preview of
 * the units one request asks for; `keys` are `[bookId, unitId]`).
 */
export async function wordsOfUnits(deps: Pick<Deps, 'db'>, keys: readonly (readonly [string, string])[]): Promise<UnitWord[]> {
  if (keys.length === 0) return [];
  const pairs = sql.join(
    keys.map(([b, u]) => sql`(${b}, ${u})`),
    sql`, `,
  );
  return deps.db
    .select({ bookId: unitWords.bookId, unitId: unitWords.unitId, position: unitWords.position, word: words })
    .from(unitWords)
    .innerJoin(words, eq(words.id, unitWords.wordId))
    .where(sql`(${unitWords.bookId}, ${unitWords.unitId}) in (${pairs})`)
    .orderBy(asc(unitWords.bookId), asc(unitWords.unitId), asc(unitWords.position));
}

/** A unit's word cards in teaching order. */
export async function unitWordCards(deps: Pick<Deps, 'db'>, bookId: string, unitId: string): Promise<WordCard[]> {
  // Every answer and result reads its unit's words: a prepared statement.
  const query = prepared(deps.db, 'unitWordCards', () =>
    deps.db
      .select({ word: words })
      .from(unitWords)
      .innerJoin(words, eq(words.id, unitWords.wordId))
      .where(and(eq(unitWords.bookId, sql.placeholder('bookId')), eq(unitWords.unitId, sql.placeholder('unitId'))))
      .orderBy(asc(unitWords.position))
      .prepare('unit_word_cards'),
  );
  const rows = await query.execute({ bookId, unitId });
  return rows.map((r) => r.word);
}
