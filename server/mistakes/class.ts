/**
 * The class's weak words (班级易错词): the words a teacher's class missed most in a period, and
 * assigning them back to the class as a task. Nothing new is stored to list them: one
 * aggregation over the stored answers of the class's finished tasks, with the mistakes' notion
 * of a miss (wrong, skipped, time ran out: `isMiss`; a canceled word was not really asked).
 *
 * Assigning makes (or reuses) the teacher's own book of the class's weak words (`WEAK.{classId}`,
 * a school book like an imported one, shown on the class's Textbooks shelf) with a unit of those
 * words, and assigns that unit exactly as a teacher assigns any unit (`assignTask`): the usual
 * task rows, automatic next task, results, reports and live view follow.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { books, unitWords, units, words } from '../../db/schema.ts';
import type { Deps, Viewer } from '../deps.ts';
import { ValidationError, parseInput } from '../errors.ts';
import { classByName } from '../classes/service.ts';
import { requireTeacher } from '../access.ts';
import { assignTask, type Assigned } from '../tasks/service.ts';
import { lockClassTasks } from '../enrolment.ts';
import { ASSIGNABLE_TYPES } from '../tasks/schemas.ts';
import type { WordCard } from '../textbooks/service.ts';
import { localDay, localDayBounds } from '../time.ts';
import { WEAK_BOOK_PREFIX } from '../textbooks/import.ts';

/** The most words the list shows, and the most one assignment of weak words holds. */
export const MAX_WEAK_WORDS = 20;
/** The most wrong spellings shown per word. */
export const MAX_WRONG_SPELLINGS = 3;

export type WeakPeriod = 'week' | 'term';

/** The book of a class's weak words; its prefix is kept out of imports (server/textbooks/import.ts). */
const weakBookId = (classId: number) => `${WEAK_BOOK_PREFIX}${classId}`;

export type WeakWordStudent = { name: string; username: string | null; timesMissed: number };
export type WeakWord = {
  text: string;
  card: WordCard | null;
  /** Students who missed it at least once in the period. */
  studentCount: number;
  timesMissed: number;
  /** The most common wrong spellings typed, most common first. */
  wrongSpellings: { spelling: string; count: number }[];
  students: WeakWordStudent[];
};
/** `sinceDay`: the day the period began, in the school's time zone ('2026-11-23'). */
export type ClassWeakWords = { period: WeakPeriod; since: Date; sinceDay: string; words: WeakWord[] };

const dayBeforeN = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 24 * 3600_000).toISOString().slice(0, 10);

/**
 * When the period began, in the school's time zone: this week since Monday 00:00; this term since
 * 1 September or 1 February, whichever came last.
 */
export function periodStart(period: WeakPeriod, now: Date, zone: string): Date {
  const today = localDay(now, zone);
  if (period === 'week') {
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    return localDayBounds(dayBeforeN(today, (weekday + 6) % 7), zone).start;
  }
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = month >= 9 ? `${year}-09-01` : month >= 2 ? `${year}-02-01` : `${year - 1}-09-01`;
  return localDayBounds(first, zone).start;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** As classWeakWords, for a class already known to be the viewer's. */
export async function weakWordsOfClass(deps: Pick<Deps, 'db'>, classId: number, period: WeakPeriod, zone: string, now = new Date()): Promise<ClassWeakWords> {
  const since = periodStart(period, now, zone);
  // Answers of the class's finished tasks in the period that missed the word, by students whose
  // account exists (a deleted account takes its roster entry, tasks and answers with it).
  const result = await deps.db.execute(sql`
    with missed as (
      select lower(a.word) as key, a.word, btrim(a.typed) as typed, u.id as user_id, r.student_name as name, u.username
      from answers a
      join task_rows t on t.id = a.task_row_id
      join results res on res.task_row_id = t.id
      join assignments s on s.id = t.assignment_id
      join roster_entries r on r.id = t.roster_entry_id
      join users u on u.id = r.user_id
      where s.class_id = ${classId}
        and a.answered_at >= ${since.toISOString()}::timestamptz
        and a.answered_at <= ${now.toISOString()}::timestamptz
        and (a.status in ('x', 'skipped') or a.status like 'timeout:%')
    ),
    ranked as (
      select key, min(word) as word, count(distinct user_id)::int as students, count(*)::int as misses
      from missed
      group by key
      order by students desc, misses desc, key
      limit ${MAX_WEAK_WORDS}
    )
    select k.key, k.word, k.students, k.misses,
      coalesce((
        select json_agg(json_build_object('spelling', sp.typed, 'count', sp.n) order by sp.n desc, sp.typed)
        from (
          select m.typed, count(*)::int as n from missed m
          where m.key = k.key and m.typed <> '' and m.typed <> m.word
          group by m.typed order by n desc, m.typed limit ${MAX_WRONG_SPELLINGS}
        ) sp
      ), '[]'::json) as spellings,
      (
        select json_agg(json_build_object('name', st.name, 'username', st.username, 'timesMissed', st.n) order by st.n desc, st.name)
        from (select m.name, m.username, count(*)::int as n from missed m where m.key = k.key group by m.user_id, m.name, m.username) st
      ) as students_list
    from ranked k
    order by k.students desc, k.misses desc, k.key
  `);
  type Row = { key: string; word: string; students: number; misses: number; spellings: unknown; students_list: unknown };
  const rows = rowsOf<Row>(result);
  const keys = rows.map((r) => r.key);
  const cards = new Map(keys.length ? (await deps.db.select().from(words).where(inArray(words.textKey, keys))).map((w) => [w.textKey, w]) : []);
  return {
    period,
    since,
    sinceDay: localDay(since, zone),
    words: rows.map((r) => {
      const card = cards.get(r.key) ?? null;
      return {
        text: card?.text ?? r.word,
        card,
        studentCount: Number(r.students),
        timesMissed: Number(r.misses),
        wrongSpellings: jsonOf<{ spelling: string; count: number }[]>(r.spellings).map((s) => ({ spelling: s.spelling, count: Number(s.count) })),
        students: jsonOf<WeakWordStudent[]>(r.students_list).map((s) => ({ name: s.name, username: s.username, timesMissed: Number(s.timesMissed) })),
      };
    }),
  };
}

const assignWordsSchema = z.object({
  className: z
    .string({ error: 'Click Classes, then SelectClass menu to select a class to work with' })
    .trim()
    .min(1, 'Click Classes, then SelectClass menu to select a class to work with')
    .max(60),
  words: z
    .array(z.string().trim().min(1, 'A word cannot be empty').max(60, 'A word is at most 60 characters'), { error: 'words is a list of words' })
    .min(1, 'Give at least one word to assign')
    .max(MAX_WEAK_WORDS, `At most ${MAX_WEAK_WORDS} words can be assigned at once`),
  type: z.enum(ASSIGNABLE_TYPES, { error: `Type must be one of ${ASSIGNABLE_TYPES.join(', ')}` }).optional(),
  taskDueDays: z.number().int().optional(),
});

/**
 * Assigns a list of words (at most MAX_WEAK_WORDS, each a word WordBee has a card for) to the class
 * as a unit of the class's weak-words book, with the class's textbook task type unless `type` says
 * otherwise. The newest unit is reused when it holds the same words. Returns what assignTask
 * assigned and the unit.
 */
export async function assignWords(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  raw: unknown,
  zone: string,
  now = new Date(),
): Promise<{ assigned: Assigned[]; bookUnitId: string }> {
  requireTeacher(viewer);
  const input = parseInput(assignWordsSchema, raw);
  const klass = await classByName(deps, viewer, input.className);
  const keys = [...new Set(input.words.map((w) => w.toLowerCase()))];
  const known = new Map((await deps.db.select({ id: words.id, key: words.textKey }).from(words).where(inArray(words.textKey, keys))).map((w) => [w.key, w.id]));
  const unknown = input.words.filter((w, i) => !known.has(w.toLowerCase()) && input.words.findIndex((o) => o.toLowerCase() === w.toLowerCase()) === i);
  if (unknown.length) {
    throw new ValidationError(
      `${unknown.length === 1 ? 'This word is' : 'These words are'} not in WordBee's word list, so ${unknown.length === 1 ? 'it' : 'they'} cannot be assigned: ${unknown.map((w) => `"${w.slice(0, 40)}"`).join(', ')}`,
      'words',
    );
  }
  const wordIds = keys.map((k) => known.get(k)!);
  const bookId = weakBookId(klass.id);
  return deps.db.transaction(async (tx) => {
    // Two teachers' tabs assigning at once make one unit each, in turn.
    await lockClassTasks(tx, klass.id);
    const title = `Weak words · 易错词 (${klass.name})`;
    await tx
      .insert(books)
      .values({
        id: bookId,
        title,
        kind: 'school',
        level: null,
        schoolId: klass.schoolId,
        pressId: 'SCHOOL',
        firstUnit: '1',
        lastUnit: '1',
        ownerTeacherId: viewer.id,
        sortOrder: 10_001,
      })
      .onConflictDoUpdate({ target: books.id, set: { title, schoolId: klass.schoolId }, setWhere: sql`${books.ownerTeacherId} = ${viewer.id}` });
    const [last] = await tx.select().from(units).where(eq(units.bookId, bookId)).orderBy(desc(units.ordinal)).limit(1);
    let unitId: string;
    const lastWords = last
      ? (
          await tx
            .select({ id: unitWords.wordId })
            .from(unitWords)
            .where(and(eq(unitWords.bookId, bookId), eq(unitWords.unitId, last.unitId)))
            .orderBy(unitWords.position)
        ).map((r) => r.id)
      : [];
    if (last && lastWords.length === wordIds.length && lastWords.every((id, i) => id === wordIds[i])) unitId = last.unitId;
    else {
      const ordinal = last ? last.ordinal + 1 : 0;
      unitId = String(ordinal + 1);
      await tx.insert(units).values({ bookId, unitId, ordinal, title: localDay(now, zone) });
      await tx.insert(unitWords).values(wordIds.map((wordId, position) => ({ bookId, unitId, position, wordId })));
      await tx.update(books).set({ lastUnit: unitId }).where(eq(books.id, bookId));
    }
    const assigned = await assignTask(
      { db: tx },
      viewer,
      { className: klass.name, bookUnitId: `${bookId}-${unitId}`, type: input.type ?? klass.tbTaskType, taskDueDays: input.taskDueDays },
      now,
    );
    return { assigned, bookUnitId: `${bookId}-${unitId}` };
  });
}
