/**
 * Loads a content pack into the database in one transaction, when its version differs from
 * the one loaded: word cards are upserted (students' memory of a word survives a new pack),
 * level lists, the pack's books and their units are replaced. Schools' own books are kept.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../index.ts';
import { appState, books, levelWords, unitWords, units, words } from '../schema.ts';
import type { Pack } from './pack.ts';

const VERSION_KEY = 'content_version';

async function insertInBatches<T>(tx: Executor, rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function loadPack(db: Database, pack: Pack): Promise<{ loaded: boolean; words: number }> {
  const [current] = await db.select().from(appState).where(eq(appState.key, VERSION_KEY));
  if (current?.value === pack.version) return { loaded: false, words: pack.cards.length };
  await db.transaction(async (tx) => {
    // One loader at a time, even with several instances starting together.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    await insertInBatches(tx, pack.cards, (batch) =>
      tx
        .insert(words)
        .values(
          batch.map((c) => ({
            text: c.word,
            textKey: c.word.toLowerCase(),
            partOfSpeech: c.pos,
            phonetic: c.phonetic,
            definition: c.definition,
            sentences: c.sentences,
            picture: c.picture,
          })),
        )
        .onConflictDoUpdate({
          target: words.textKey,
          set: {
            text: sql`excluded.text`,
            partOfSpeech: sql`excluded.part_of_speech`,
            phonetic: sql`excluded.phonetic`,
            definition: sql`excluded.definition`,
            sentences: sql`excluded.sentences`,
            picture: sql`excluded.picture`,
          },
        }),
    );
    const ids = new Map<string, number>();
    for (const row of await tx.select({ id: words.id, key: words.textKey }).from(words)) ids.set(row.key, row.id);
    const idOf = (word: string) => {
      const id = ids.get(word.toLowerCase());
      if (id === undefined) throw new Error(`content pack: "${word}" is used but has no word card`);
      return id;
    };

    await tx.delete(levelWords);
    const levelRows = Object.entries(pack.levels).flatMap(([level, list]) =>
      list.map((word, rank) => ({ level: level as keyof Pack['levels'], wordId: idOf(word), rank })),
    );
    await insertInBatches(tx, levelRows, (batch) => tx.insert(levelWords).values(batch));

    const packBookIds = pack.books.map((b) => b.id);
    const stale = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(isNull(books.ownerTeacherId), sql`${books.id} not in ${packBookIds.length ? packBookIds : ['']}`));
    // Books dropped from the pack stay when tasks refer to them; their units just empty out.
    if (stale.length) {
      const staleIds = stale.map((s) => s.id);
      await tx.delete(unitWords).where(inArray(unitWords.bookId, staleIds));
    }
    for (const [sortOrder, book] of pack.books.entries()) {
      const values = {
        title: book.title,
        kind: book.kind,
        level: book.level,
        schoolId: book.schoolId,
        pressId: book.pressId,
        firstUnit: book.units[0]?.unitId ?? '',
        lastUnit: book.units.at(-1)?.unitId ?? '',
        sortOrder,
      };
      await tx.insert(books).values({ id: book.id, ...values }).onConflictDoUpdate({ target: books.id, set: values });
    }
    await tx.delete(unitWords).where(inArray(unitWords.bookId, packBookIds));
    await tx.delete(units).where(inArray(units.bookId, packBookIds));
    const unitRows = pack.books.flatMap((b) => b.units.map((u, ordinal) => ({ bookId: b.id, unitId: u.unitId, ordinal, title: u.title })));
    await insertInBatches(tx, unitRows, (batch) => tx.insert(units).values(batch));
    const unitWordRows = pack.books.flatMap((b) =>
      b.units.flatMap((u) => u.words.map((w, position) => ({ bookId: b.id, unitId: u.unitId, position, wordId: idOf(w) }))),
    );
    await insertInBatches(tx, unitWordRows, (batch) => tx.insert(unitWords).values(batch));
    await tx
      .insert(appState)
      .values({ key: VERSION_KEY, value: pack.version })
      .onConflictDoUpdate({ target: appState.key, set: { value: pack.version, updatedAt: new Date() } });
  });
  return { loaded: true, words: pack.cards.length };
}

