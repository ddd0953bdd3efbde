/** Textbooks in GraphQL: a class's shelf (spec screen 9), books and their units. */
import { builder, viewerOf } from '../graphql/builder.ts';
import { ForbiddenError, ValidationError } from '../errors.ts';
import { requireTeacher } from '../access.ts';
import { importBooks, parseBooksFile } from './import.ts';
import { ClassRef, SchoolLevelEnum } from '../classes/graphql.ts';
import { deprecatedFor } from '../tasks/enums.ts';
import type { Level, BookRecord, Shelf, UnitSummary, WordCard } from './service.ts';
import { bookById, bookEntry, pictureUrlOf, shelfFor, unitsOfBooks, wordsOfUnits } from './service.ts';

const UnitWordRef = builder.objectRef<WordCard>('UnitWord').implement({
  description: 'A word of a unit, as a teacher previews it before assigning the unit.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The word or phrase, exactly as a student must type it.' }),
    partOfSpeech: t.exposeString('partOfSpeech', { description: "e.g. 'n.' or 'v.' (empty when unknown)." }),
    phonetic: t.exposeString('phonetic', { description: 'IPA, e.g. /ˈæpəl/ (empty when unknown).' }),
    definition: t.exposeString('definition', { description: 'A simple English definition.' }),
    pictureUrl: t.string({ nullable: true, description: 'The picture the players show for the word, when it has one.', resolve: (w) => pictureUrlOf(w) }),
  }),
});

/**
 * The words of the units one request asks for, read together (the units of a book opened at
 * once are one statement, not one per unit), like `unitsOfBook` below.
 */
const wordBatches = new WeakMap<object, { keys: Map<string, readonly [string, string]>; words: Promise<Map<string, WordCard[]>> }>();
const unitKey = (bookId: string, unitId: string) => `${bookId}\u0000${unitId}`;
function wordsOfUnit(ctx: { deps: Parameters<typeof wordsOfUnits>[0] }, bookId: string, unitId: string): Promise<WordCard[]> {
  let batch = wordBatches.get(ctx);
  if (!batch) {
    const keys = new Map<string, readonly [string, string]>();
    const words = Promise.resolve().then(async () => {
      wordBatches.delete(ctx);
      const byUnit = new Map<string, WordCard[]>();
      for (const row of await wordsOfUnits(ctx.deps, [...keys.values()])) {
        const key = unitKey(row.bookId, row.unitId);
        const list = byUnit.get(key);
        if (list) list.push(row.word);
        else byUnit.set(key, [row.word]);
      }
      return byUnit;
    });
    wordBatches.set(ctx, (batch = { keys, words }));
  }
  const key = unitKey(bookId, unitId);
  batch.keys.set(key, [bookId, unitId]);
  return batch.words.then((byUnit) => byUnit.get(key) ?? []);
}

const UnitRef = builder.objectRef<UnitSummary>('Unit').implement({
  description: 'A unit of a book: the words one task practises.',
  fields: (t) => ({
    unitId: t.exposeString('unitId', { description: "The unit id ('R' marks a memory-model flashcard unit)." }),
    title: t.exposeString('title', { description: "The unit's title (may be empty)." }),
    wordCount: t.exposeInt('wordCount', { description: 'Words in the unit (0 for R units: drawn per student).' }),
    bookUnitId: t.string({ description: "'{bookID}-{unitID}', as assignments name it.", resolve: (u) => `${u.bookId}-${u.unitId}` }),
    words: t.field({
      type: [UnitWordRef],
      description:
        "The unit's words in teaching order, as a Spelling Bee or Flashcard Master task of the unit asks them (empty for R units: drawn per student). Teachers only.",
      resolve: (u, _args, ctx) => {
        requireTeacher(viewerOf(ctx));
        return wordsOfUnit(ctx, u.bookId, u.unitId);
      },
    }),
  }),
});

/**
 * The units of the books one request asks for, read together: a shelf of eleven books is one
 * statement, not eleven (the books' `units` resolve in the same tick; the first schedules the read).
 */
const unitBatches = new WeakMap<object, { bookIds: Set<string>; units: Promise<Map<string, UnitSummary[]>> }>();
function unitsOfBook(ctx: { deps: Parameters<typeof unitsOfBooks>[0] }, bookId: string): Promise<UnitSummary[]> {
  let batch = unitBatches.get(ctx);
  if (!batch) {
    const bookIds = new Set<string>();
    const units = Promise.resolve().then(async () => {
      unitBatches.delete(ctx);
      const byBook = new Map<string, UnitSummary[]>();
      for (const unit of await unitsOfBooks(ctx.deps, [...bookIds])) {
        const list = byBook.get(unit.bookId);
        if (list) list.push(unit);
        else byBook.set(unit.bookId, [unit]);
      }
      return byBook;
    });
    unitBatches.set(ctx, (batch = { bookIds, units }));
  }
  batch.bookIds.add(bookId);
  return batch.units.then((byBook) => byBook.get(bookId) ?? []);
}

const BookRef = builder.objectRef<BookRecord>('Book');

const BookKindEnum = builder.enumType('BookKind', {
  description: 'Where a book comes from.',
  values: {
    NATIONAL: { value: 'national', description: 'The National standards 2022 book: the curriculum word lists.' },
    SOURCE: { value: 'source', description: "A level source (FC, ES, MS, HM, HSM): unit 'R' draws Flashcard Master words from the memory model." },
    PRESS: { value: 'press', description: 'A press textbook (e.g. PEP primary 3A).' },
    SCHOOL: { value: 'school', description: "A teacher's own book (importTextbook, or a class's weak words)." },
  } as const,
});
type BookKind = 'national' | 'source' | 'press' | 'school';

/** The curriculum's vocabulary levels, from the first words to senior high. */
export const VocabularyLevelEnum = builder.enumType('VocabularyLevel', {
  description: "A vocabulary level of the curriculum word lists (a source book's level, a dashboard's vocabulary measure).",
  values: {
    FC: { value: 'FC', description: 'Picture-friendly first words of primary and junior high (FC 2025).' },
    ES: { value: 'ES', description: 'Primary school words (ES 2022).' },
    MS: { value: 'MS', description: 'Junior high: the primary words and those of junior high (MS 2022).' },
    HM: { value: 'HM', description: 'Senior high, compulsory: MS and the senior compulsory words (HM 2020).' },
    HSM: { value: 'HSM', description: 'Senior high, selective-compulsory: HM and the selective-compulsory words (HSM 2020).' },
  } as const,
});

builder.node(BookRef, {
  description: 'A book: the National standards book, a level source, a press textbook or a school’s own.',
  id: { resolve: (b) => b.id },
  // Books are the shelf's, and only teachers open the shelf (a student's node(Book) is null).
  loadOne: (id, ctx) => {
    const viewer = viewerOf(ctx);
    return viewer.isTeacher ? bookById(ctx.deps, viewer, id) : null;
  },
  fields: (t) => ({
    bookId: t.exposeString('id', { description: 'The book id (no hyphens).' }),
    title: t.exposeString('title', { description: "The book's title." }),
    kind: t.exposeString('kind', { description: 'national, source, press or school.', deprecationReason: deprecatedFor('bookKind') }),
    bookKind: t.field({ type: BookKindEnum, description: 'Where the book comes from.', resolve: (b) => b.kind as BookKind }),
    level: t.exposeString('level', {
      nullable: true,
      description: 'The level a source draws from: FC, ES, MS, HM or HSM.',
      deprecationReason: deprecatedFor('vocabularyLevel'),
    }),
    vocabularyLevel: t.field({
      type: VocabularyLevelEnum,
      nullable: true,
      description: 'The level a source draws from; null for other books.',
      resolve: (b) => (b.level as Level | null) ?? null,
    }),
    entry: t.string({ description: "'bookID-firstUnit-lastUnit' (the spec's textbook entry).", resolve: (b) => bookEntry(b) }),
    units: t.field({
      type: [UnitRef],
      description: 'The units, first to last.',
      resolve: (b, _args, ctx) => unitsOfBook(ctx, b.id),
    }),
    unit: t.field({
      type: UnitRef,
      nullable: true,
      description: 'One unit by its id (a preview of its words without the rest of the book); null when the book has no such unit.',
      args: { unitId: t.arg.string({ required: true, description: "The unit id, e.g. '1' or 'R'." }) },
      resolve: async (b, { unitId }, ctx) => (await unitsOfBook(ctx, b.id)).find((u) => u.unitId === unitId.trim()) ?? null,
    }),
  }),
});

const ShelfRef = builder.objectRef<Shelf>('Shelf').implement({
  description: "What a class can open on the Textbooks screen: the National standards book, the level sources and the class's press textbooks.",
  fields: (t) => ({
    schoolId: t.string({ description: "The class's school level.", deprecationReason: deprecatedFor('schoolLevel'), resolve: (s) => s.klass.schoolId }),
    schoolLevel: t.field({ type: SchoolLevelEnum, description: "The class's school level.", resolve: (s) => s.klass.schoolId as 'K-12' | 'ES' | 'MS' | 'HS' }),
    pressId: t.string({ description: "The class's textbook series.", resolve: (s) => s.klass.pressId }),
    national: t.field({ type: BookRef, description: 'The National standards 2022 book.', resolve: (s) => s.national }),
    sources: t.field({ type: [BookRef], description: "Level sources, each with unit 'R'.", resolve: (s) => s.sources }),
    press: t.field({ type: [BookRef], description: "The class's textbooks for its school level and press.", resolve: (s) => s.press }),
  }),
});

builder.objectField(ClassRef, 'shelf', (t) =>
  t.field({
    type: ShelfRef,
    description: 'The books this class can open.',
    resolve: (klass, _args, ctx) => shelfFor(ctx.deps, viewerOf(ctx), klass.name),
  }),
);

const ImportPayload = builder.objectRef<{ books: number; units: number; words: number; newWords: number }>('ImportTextbookPayload').implement({
  description: 'What the import added or replaced.',
  fields: (t) => ({
    books: t.exposeInt('books', { description: 'Books added or replaced.' }),
    units: t.exposeInt('units', { description: 'Units in those books.' }),
    words: t.exposeInt('words', { description: 'Unit words in all.' }),
    newWords: t.exposeInt('newWords', { description: 'Word cards that were new to WordBee.' }),
  }),
});

builder.mutationField('importTextbook', (t) =>
  t.field({
    type: ImportPayload,
    description: "Adds or replaces the teacher's own book(s) from a CSV or JSON file (docs/content.md). Nothing is imported when any line is bad.",
    errors: { types: [ValidationError, ForbiddenError] },
    args: {
      fileName: t.arg.string({ required: true, description: 'Tells CSV from JSON (.csv or .json).' }),
      content: t.arg.string({ required: true, description: 'The file as text (at most 2 MB).' }),
    },
    resolve: async (_root, { fileName, content }, ctx) => {
      const viewer = requireTeacher(viewerOf(ctx));
      return importBooks(ctx.deps, parseBooksFile(fileName, content), viewer.id);
    },
  }),
);
