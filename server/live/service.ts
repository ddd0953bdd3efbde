/**
 * Live class activity: each answer as it is given and each finished task, for the teacher who
 * owns the class. A subscriber first gets what happened since its cursor (from the database),
 * then live events; ids let a reconnecting client drop what it has already shown.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { qualified } from '../../db/sql.ts';
import { answers, assignments, books, classes, results, rosterEntries, taskRows, users } from '../../db/schema.ts';
import type { Deps, Viewer } from '../deps.ts';
import { NotFoundError, RateLimitError, ValidationError } from '../errors.ts';
import { ownClasses, requireTeacher } from '../access.ts';
import { taskIdOf } from '../tasks/service.ts';
import type { ClassEvent, LiveEvents } from './pubsub.ts';
import { wordsToPractise, type PaResult } from '../speech/pa/result.ts';

export const answerEventId = (taskRowId: number, position: number, at: Date) => `answer:${taskRowId}:${position}:${at.getTime()}`;
export const finishedEventId = (resultId: number) => `finished:${resultId}`;
export const bookFinishedEventId = (resultId: number) => `bookFinished:${resultId}`;

/**
 * Live views one user may hold open at once on this instance (LIVE_VIEWS_PER_USER, 20 by
 * default: a teacher's tabs, an integration's listeners): each holds a connection and replays
 * history when it opens, so one token opening hundreds would hold the server for all of them.
 * Counted per instance (keyed by its live events), not per process: a process may hold several.
 */
const openViews = new WeakMap<LiveEvents, Map<number, number>>();

/** Live views open on this instance, all users together. */
export const openLiveViews = (live: LiveEvents) => [...(openViews.get(live)?.values() ?? [])].reduce((a, n) => a + n, 0);

/** Takes one of the user's live-view slots on the instance; the function gives it back (once). */
function holdSlot(live: LiveEvents, userId: number, limit: number): () => void {
  let views = openViews.get(live);
  if (!views) openViews.set(live, (views = new Map()));
  const open = views.get(userId) ?? 0;
  if (open >= limit) {
    throw new RateLimitError(`At most ${limit} live views can be open at once: close one first`, 10);
  }
  views.set(userId, open + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (views.get(userId) ?? 1) - 1;
    if (left > 0) views.set(userId, left);
    else views.delete(userId);
  };
}

/** How far back a new live view looks when it gives no cursor: today's activity. */
const DEFAULT_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** The username of the account that claimed a roster entry (null: nobody yet). */
const sqlUsername = () => sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`;

/** The class's events after `since` (and up to `until`, when given), oldest first. */
async function storedActivity(deps: Deps, classId: number, since: Date, until?: Date): Promise<ClassEvent[]> {
  const answerRows = await deps.db
    .select({ studentUsername: sqlUsername(), a: answers, student: rosterEntries.studentName, assignment: assignments, teacher: users.username })
    .from(answers)
    .innerJoin(taskRows, eq(taskRows.id, answers.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .where(and(eq(assignments.classId, classId), gt(answers.answeredAt, since), until ? lte(answers.answeredAt, until) : undefined))
    .orderBy(asc(answers.answeredAt), asc(answers.id));
  const resultRows = await deps.db
    .select({
      studentUsername: sqlUsername(),
      r: results,
      student: rosterEntries.studentName,
      assignment: assignments,
      teacher: users.username,
      bookTitle: books.title,
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .leftJoin(books, eq(books.id, assignments.bookId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .where(and(eq(assignments.classId, classId), gt(results.createdAt, since), until ? lte(results.createdAt, until) : undefined))
    .orderBy(asc(results.createdAt));
  const task = (a: typeof assignments.$inferSelect, teacher: string) => ({
    taskId: taskIdOf({ bookId: a.bookId, unitId: a.unitId, assignmentId: a.id, type: a.type, teacher }),
    bookUnitId: `${a.bookId}-${a.unitId}`,
    type: a.type,
  });
  const events: ClassEvent[] = [
    ...answerRows.map(({ a, student, studentUsername, assignment, teacher }) => ({
      id: answerEventId(a.taskRowId, a.position, a.answeredAt),
      kind: 'answer' as const,
      at: a.answeredAt,
      classId,
      student,
      studentUsername,
      ...task(assignment, teacher),
      position: a.position,
      word: a.word,
      typed: a.typed,
      status: a.status,
      score: null,
    })),
    ...resultRows.map(({ r, student, studentUsername, assignment, teacher }) => ({
      id: finishedEventId(r.id),
      kind: 'finished' as const,
      at: r.createdAt,
      classId,
      student,
      studentUsername,
      ...task(assignment, teacher),
      position: null,
      word: null,
      typed: null,
      status: null,
      score: r.score,
      practise: assignment.type === 'PA' ? wordsToPractise(r.detail as PaResult) : null,
    })),
    // After the finished task that ended its book (same time; the sort below is stable).
    ...resultRows
      .filter(({ r }) => r.finishedBook)
      .map(({ r, student, studentUsername, assignment, teacher, bookTitle }) => ({
        id: bookFinishedEventId(r.id),
        kind: 'bookFinished' as const,
        at: r.createdAt,
        classId,
        student,
        studentUsername,
        ...task(assignment, teacher),
        position: null,
        word: null,
        typed: null,
        status: null,
        score: null,
        bookTitle: bookTitle ?? assignment.bookId,
      })),
  ];
  return events.sort((x, y) => x.at.getTime() - y.at.getTime());
}

/**
 * Where an event id says it happened: its class, and the time it is stored at. Null for an id
 * that is not one, or names nothing (an answer or result deleted since).
 */
async function placeOfEvent(deps: Deps, eventId: string): Promise<{ classId: number; at: Date } | null> {
  const answer = /^answer:(\d{1,9}):(\d{1,4}):(\d{1,15})$/.exec(eventId);
  const result = /^(?:finished|bookFinished):(\d{1,9})$/.exec(eventId);
  if (answer) {
    const [row] = await deps.db
      .select({ classId: assignments.classId })
      .from(taskRows)
      .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
      .where(eq(taskRows.id, Number(answer[1])));
    return row ? { classId: row.classId, at: new Date(Number(answer[3])) } : null;
  }
  if (result) {
    const [row] = await deps.db
      .select({ classId: assignments.classId, at: results.createdAt })
      .from(results)
      .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
      .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
      .where(eq(results.id, Number(result[1])));
    return row ?? null;
  }
  return null;
}

/** One event of the viewer's classes by its id (`node(id:)`), or null: the class's teacher (a token: of its classes) only. */
export async function classEventById(deps: Deps, viewer: Viewer, eventId: string): Promise<ClassEvent | null> {
  if (!viewer.isTeacher) return null;
  const place = await placeOfEvent(deps, eventId);
  if (!place) return null;
  const [klass] = await deps.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, place.classId), ownClasses(viewer)));
  if (!klass) return null;
  // The id keeps milliseconds; the database may keep microseconds.
  const around = await storedActivity(deps, place.classId, new Date(place.at.getTime() - 1), new Date(place.at.getTime() + 1));
  return around.find((e) => e.id === eventId) ?? null;
}

/**
 * The class's activity since `since` (default: the last day), or after the event `after` (its
 * id is the replay cursor), then live. Subscribing to live events first and replaying after
 * means nothing falls between the two; duplicates are dropped.
 */
export async function classActivity(
  deps: Deps,
  viewer: Viewer,
  classId: number,
  since?: Date | null,
  after?: string | null,
): Promise<AsyncIterable<ClassEvent>> {
  requireTeacher(viewer);
  const [klass] = await deps.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), ownClasses(viewer)));
  if (!klass) throw new NotFoundError('Class not found');
  // A cursor of another class, or of nothing (deleted since), is refused before a slot is taken.
  const cursor = after ? await placeOfEvent(deps, after) : null;
  if (after && cursor?.classId !== classId) throw new ValidationError('`after` must be the id of an event of this class (a ClassEvent id it sent)');
  const release = holdSlot(deps.live, viewer.id, deps.config.liveViewsPerUser);
  // Listening starts here, before the past is read: nothing falls between the two.
  const live = deps.live.subscribe(classId);
  // After a cursor: from its time on (events of the same millisecond too), skipping up to it.
  const from = cursor ? new Date(cursor.at.getTime() - 1) : (since ?? new Date(Date.now() - DEFAULT_LOOKBACK_MS));
  const seen = new Set<string>();
  let past: ClassEvent[] | null = null;
  let shown = 0;
  let ended = false;
  const done = { done: true, value: undefined } as const;
  // The slot is given back however the view ends, even one closed before its first event.
  const end = () => {
    if (ended) return;
    ended = true;
    release();
    void live.return?.();
  };
  // Written out rather than as an async generator: `return()` (the client's complete, a closed
  // socket) ends the view at once, even while it waits for the class's next event.
  const view: AsyncIterableIterator<ClassEvent> = {
    [Symbol.asyncIterator]: () => view,
    next: async () => {
      try {
        if (ended) return done;
        if (!past) {
          const stored = await storedActivity(deps, classId, from);
          past = stored.slice(after ? stored.findIndex((e) => e.id === after) + 1 : 0);
          for (const event of past) seen.add(event.id);
        }
        if (ended) return done;
        if (shown < past.length) return { done: false, value: past[shown++]! };
        past.length = shown = 0;
        for (;;) {
          const step = await live.next();
          if (step.done || ended) {
            end();
            return done;
          }
          // An event the replay already sent (it happened while the past was read).
          if (seen.has(step.value.id)) continue;
          seen.add(step.value.id);
          return step;
        }
      } catch (error) {
        end();
        throw error;
      }
    },
    return: () => {
      end();
      return Promise.resolve(done);
    },
    throw: (error?: unknown) => {
      end();
      return Promise.reject(error);
    },
  };
  return view;
}
