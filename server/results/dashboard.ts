/**
 * The student dashboard (spec screen 7, Dashboard record): one record per finished task with
 * the student's score and the class's average, best and lowest on the same assignment, and the
 * vocabulary measure per level. Only National standards Spelling Bee passes count as passed
 * words (DESIGN); required = the level's list size.
 */
import { qualified } from '../../db/sql.ts';
import { and, asc, avg, count, desc, eq, gt, gte, inArray, lt, max, min, or, sql, type SQL } from 'drizzle-orm';
import { assignments, levelWords, results, rosterEntries, taskRows, users, vocabularyPasses, LEVELS, type Level } from '../../db/schema.ts';
import { classById, classByName } from '../classes/service.ts';
import { NotFoundError } from '../errors.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps, Viewer } from '../deps.ts';

export type DashboardRecord = {
  /** The result's row id: the record's stable id (a student's finished task). */
  resultId: number;
  /** '{bookId}-{unitId}-{assignmentId}-{type}': the assignment's (the spec's testID). */
  testId: string;
  finishedAt: Date;
  currentScore: number;
  averageScore: number;
  maxScore: number;
  minScore: number;
};
export type Vocabulary = Record<Level, [passed: number, required: number]>;

export function dashboardRecords(deps: Pick<Deps, 'db'>, viewer: Viewer, limit = 50): Promise<DashboardRecord[]> {
  return recordsOf(deps.db, viewer, limit);
}

/** One record of the viewer's own dashboard by its result id (`node(id:)`), or null: a dashboard is its owner's only. */
export async function dashboardRecordById(deps: Pick<Deps, 'db'>, viewer: Viewer, resultId: number): Promise<DashboardRecord | null> {
  return (await recordsOf(deps.db, viewer, 1, resultId))[0] ?? null;
}

async function recordsOf(db: Executor, viewer: Viewer, limit: number, resultId?: number): Promise<DashboardRecord[]> {
  // The class's figures on the student's own assignments only, not on every assignment of the school.
  const mine = db
    .select({ assignmentId: taskRows.assignmentId })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .where(and(eq(results.userId, viewer.id), resultId === undefined ? undefined : eq(results.id, resultId)));
  const classStats = db
    .select({
      assignmentId: taskRows.assignmentId,
      average: avg(results.score).as('average'),
      best: max(results.score).as('best'),
      lowest: min(results.score).as('lowest'),
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .where(inArray(taskRows.assignmentId, mine))
    .groupBy(taskRows.assignmentId)
    .as('class_stats');
  const rows = await db
    .select({
      id: results.id,
      score: results.score,
      finishedAt: results.createdAt,
      assignmentId: assignments.id,
      bookId: assignments.bookId,
      unitId: assignments.unitId,
      type: assignments.type,
      average: classStats.average,
      best: classStats.best,
      lowest: classStats.lowest,
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classStats, eq(classStats.assignmentId, assignments.id))
    .where(and(eq(results.userId, viewer.id), resultId === undefined ? undefined : eq(results.id, resultId)))
    .orderBy(asc(results.createdAt), asc(results.id));
  return rows.slice(-limit).map((r) => ({
    resultId: r.id,
    testId: `${r.bookId}-${r.unitId}-${r.assignmentId}-${r.type}`,
    finishedAt: r.finishedAt,
    currentScore: r.score,
    averageScore: Math.round(Number(r.average)),
    maxScore: Number(r.best),
    minScore: Number(r.lowest),
  }));
}

export async function vocabulary(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<Vocabulary> {
  const required = await deps.db.select({ level: levelWords.level, n: count() }).from(levelWords).groupBy(levelWords.level);
  const passed = await deps.db
    .select({ level: levelWords.level, n: count() })
    .from(vocabularyPasses)
    .innerJoin(levelWords, eq(levelWords.wordId, vocabularyPasses.wordId))
    .where(and(eq(vocabularyPasses.userId, viewer.id)))
    .groupBy(levelWords.level);
  const of = (list: { level: Level; n: number }[], level: Level) => Number(list.find((r) => r.level === level)?.n ?? 0);
  return Object.fromEntries(LEVELS.map((l) => [l, [of(passed, l), of(required, l)]])) as Vocabulary;
}

/** The whole-number percentage the summary shows (truncated, spec section 9). */
export const passedPercent = ([passed, required]: [number, number]) => (required ? Math.floor((100 * passed) / required) : 0);

/** A class's finished tasks (result rows), with what identifies each. */
function finishedTasks(db: Executor, classId: number, where?: SQL) {
  return db
    .select({
      id: results.id,
      student: rosterEntries.studentName,
      studentUsername: sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`,
      bookId: assignments.bookId,
      unitId: assignments.unitId,
      assignmentId: assignments.id,
      type: assignments.type,
      score: results.score,
      correct: results.correct,
      total: results.total,
      finishedAt: results.createdAt,
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .where(and(eq(assignments.classId, classId), where));
}
export type FinishedTask = Awaited<ReturnType<typeof finishedTasks>>[number];

/** A place in a class's results, oldest first: a result's time, then its id (stable while results are added). */
export type ResultPosition = { at: Date; id: number };

/**
 * One page of a class's finished tasks for a teacher or an integration (`Class.results`):
 * keyset-paged, so a page read while students finish tasks neither repeats nor skips a result.
 * `since` keeps only results from that time on (a gradebook catching up).
 */
export async function classResultsPage(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  classId: number,
  page: { after?: ResultPosition; before?: ResultPosition; limit: number; newestFirst: boolean; since?: Date | null },
): Promise<FinishedTask[]> {
  if (!(await classById(deps, viewer, classId))) throw new NotFoundError('Class not found');
  const beyond = (p: ResultPosition, later: boolean) =>
    later
      ? or(gt(results.createdAt, p.at), and(eq(results.createdAt, p.at), gt(results.id, p.id)))!
      : or(lt(results.createdAt, p.at), and(eq(results.createdAt, p.at), lt(results.id, p.id)))!;
  const where = and(
    page.since ? gte(results.createdAt, page.since) : undefined,
    page.after ? beyond(page.after, true) : undefined,
    page.before ? beyond(page.before, false) : undefined,
  );
  const order = page.newestFirst ? [desc(results.createdAt), desc(results.id)] : [asc(results.createdAt), asc(results.id)];
  return finishedTasks(deps.db, classId, where)
    .orderBy(...order)
    .limit(page.limit);
}

/** One finished task of the viewer's classes by its result id (`node(id:)`), or null. */
export async function classResultById(deps: Pick<Deps, 'db'>, viewer: Viewer, resultId: number): Promise<FinishedTask | null> {
  if (!viewer.isTeacher) return null;
  const [place] = await deps.db
    .select({ classId: assignments.classId })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .where(eq(results.id, resultId));
  if (!place || !(await classById(deps, viewer, place.classId))) return null;
  const [task] = await finishedTasks(deps.db, place.classId, eq(results.id, resultId));
  return task ?? null;
}

/** The class's finished tasks, oldest first, under the class's own name: the local result export (results/rest.ts writes it as CSV). */
export async function classResultsExport(deps: Pick<Deps, 'db'>, viewer: Viewer, className: string): Promise<{ className: string; rows: FinishedTask[] }> {
  const klass = await classByName(deps, viewer, className);
  const rows = await finishedTasks(deps.db, klass.id).orderBy(asc(results.createdAt), asc(results.id));
  return { className: klass.name, rows };
}
