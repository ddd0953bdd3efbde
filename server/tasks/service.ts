/**
 * Tasks: assignments (one teacher action for a class, the spec's TPID) and their task rows
 * (one per student on the roster), the task lists, removal, the content a player loads, and
 * the automatic next task. Rules: spec sections 4–7 and DESIGN (task id, auto next task).
 */
import { oneReading } from '../speech/pa/text.ts';
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  assignments,
  books,
  classes,
  levelWords,
  rosterEntries,
  taskRows,
  units,
  unitWords,
  users,
  wordMemory,
  words,
  type Level,
  type TaskType,
} from '../../db/schema.ts';
import { prepared, qualified, rowsOf } from '../../db/sql.ts';
import type { Executor } from '../../db/index.ts';
import { ConflictError, NotFoundError, ValidationError, parseInput } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import { classByName } from '../classes/service.ts';
import { nameKey, ownClasses, requireTeacher, rosterNameContains } from '../access.ts';
import { lockClassTasks } from '../enrolment.ts';
import { PROFILE_UNIT, NATIONAL_BOOK, bookById, unitOf, unitWordCards, type WordCard } from '../textbooks/service.ts';
import { assignTaskSchema, removeTaskSchema, restoreTaskSchema, taskIdSchema } from './schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A row of the task list (spec section 3, Task row) with what the client needs to open it. */
export type TaskListRow = {
  id: number;
  student: string;
  /** The account that claimed the roster name (null: not signed up yet). */
  studentUsername: string | null;
  /** '{bookId}-{unitId}'. */
  bookUnitId: string;
  /** The assignment the row belongs to (the spec's TPID). */
  assignmentId: number;
  type: TaskType;
  dueBy: Date;
  taskId: string;
  className: string;
  unitTitle: string;
  bookTitle: string;
};

/** The task id a player opens: `{bookID}-{unitID}-{TPID}-{Type}-{teachername}` (DESIGN). */
export const taskIdOf = (r: { bookId: string; unitId: string; assignmentId: number; type: string; teacher: string }) =>
  `${r.bookId}-${r.unitId}-${r.assignmentId}-${r.type}-${r.teacher}`;

// ---------------------------------------------------------------- assigning

/**
 * Assigns a unit to every student on the class roster, due in taskDueDays days. 'PA+SB'
 * assigns both kinds; unit 'R' of a level source assigns a Flashcard Master task drawn from
 * each student's memory model. Assigning a unit and kind that is still open adds rows only for
 * students who lack one, so nothing is duplicated. Returns what was assigned, one entry per kind.
 */
export async function assignTask(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown, now = new Date()): Promise<Assigned[]> {
  requireTeacher(viewer);
  const input = parseInput(assignTaskSchema, raw);
  const klass = await classByName(deps, viewer, input.className);
  const { bookId, unitId } = input.bookUnitId;
  const book = await bookById(deps, viewer, bookId);
  if (!book) throw new NotFoundError(`Book ${bookId} not found`);
  const unit = await unitOf(deps, bookId, unitId);
  if (!unit) throw new NotFoundError(`Unit ${unitId} of book ${bookId} not found`);
  const profile = unitId === PROFILE_UNIT;
  if (profile && input.type !== 'FM') throw new ValidationError(`Unit ${PROFILE_UNIT} is a Flashcard Master task: assign it with Type FM`);
  if (!profile && (await unitWordCards(deps, bookId, unitId)).length === 0) {
    throw new ValidationError(`Unit ${unitId} of book ${bookId} has no words yet`);
  }
  const types: TaskType[] = input.type === 'PA+SB' ? ['PA', 'SB'] : [input.type];
  const dueDays = input.taskDueDays ?? klass.taskDueDays;
  // One transaction under the class's lock: the same assignment sent twice at once makes one
  // assignment, a student signing up meanwhile gets the task (signup takes the lock too), and
  // 'PA+SB' is both or neither.
  return deps.db.transaction(async (tx) => {
    await lockClassTasks(tx, klass.id);
    // Kept until the end (a deletion waits), or already gone.
    const [still] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, klass.id)).for('share');
    if (!still) throw new NotFoundError(`Class ${klass.name} not found`);
    const roster = await tx.select({ id: rosterEntries.id }).from(rosterEntries).where(eq(rosterEntries.classId, klass.id));
    if (roster.length === 0) throw new ValidationError(`Class ${klass.name} has no students yet`);
    const done: Assigned[] = [];
    for (const type of types) {
      const open = await openAssignment(tx, klass.id, bookId, unitId, type);
      const assignmentId =
        open ??
        (
          await tx
            .insert(assignments)
            .values({ classId: klass.id, bookId, unitId, type, origin: 'teacher', dueDays, createdAt: now })
            .returning({ id: assignments.id })
        )[0]!.id;
      const dueAt = open ? await dueOf(tx, open) : new Date(now.getTime() + dueDays * DAY_MS);
      const added = await tx
        .insert(taskRows)
        .values(roster.map((r) => ({ assignmentId, rosterEntryId: r.id, dueAt, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: taskRows.id });
      done.push({ type, bookId, unitId, assignmentId, className: klass.name, students: added.length, alreadyOpen: open !== null });
    }
    return done;
  });
}

/** One kind of task assignTask assigned: a new assignment, or one still open that got `students` more rows. */
export type Assigned = {
  type: TaskType;
  bookId: string;
  unitId: string;
  assignmentId: number;
  className: string;
  /** The students who got a row now. */
  students: number;
  /** The assignment was already open (only students who lacked the task got it). */
  alreadyOpen: boolean;
};

/** A teacher assignment of this class, unit and kind that still has open rows. */
async function openAssignment(db: Executor, classId: number, bookId: string, unitId: string, type: TaskType): Promise<number | null> {
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.classId, classId),
        eq(assignments.bookId, bookId),
        eq(assignments.unitId, unitId),
        eq(assignments.type, type),
        eq(assignments.origin, 'teacher'),
        sql`exists (select 1 from ${taskRows} t where t.assignment_id = ${qualified(assignments.id)} and t.status = 'open')`,
      ),
    )
    .orderBy(desc(assignments.id))
    .limit(1);
  return row?.id ?? null;
}

async function dueOf(db: Executor, assignmentId: number): Promise<Date> {
  const [row] = await db
    .select({ due: sql<string>`max(${taskRows.dueAt})` })
    .from(taskRows)
    .where(eq(taskRows.assignmentId, assignmentId));
  return new Date(row!.due);
}

// ---------------------------------------------------------------- the task list

const taskListColumns = {
  id: taskRows.id,
  student: rosterEntries.studentName,
  studentUsername: sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`,
  bookId: assignments.bookId,
  unitId: assignments.unitId,
  assignmentId: assignments.id,
  type: assignments.type,
  dueBy: taskRows.dueAt,
  teacher: users.username,
  className: classes.name,
  bookTitle: books.title,
  unitTitle: sql<string>`coalesce((select u.title from ${units} u where u.book_id = ${qualified(assignments.bookId)} and u.unit_id = ${qualified(assignments.unitId)}), '')`,
};

function toListRow(r: {
  id: number;
  student: string;
  studentUsername: string | null;
  bookId: string;
  unitId: string;
  assignmentId: number;
  type: TaskType;
  dueBy: Date;
  teacher: string;
  className: string;
  bookTitle: string;
  unitTitle: string;
}): TaskListRow {
  return {
    id: r.id,
    student: r.student,
    studentUsername: r.studentUsername,
    bookUnitId: `${r.bookId}-${r.unitId}`,
    assignmentId: r.assignmentId,
    type: r.type,
    dueBy: r.dueBy,
    taskId: taskIdOf(r),
    className: r.className,
    bookTitle: r.bookTitle,
    unitTitle: r.unitTitle,
  };
}

/**
 * The signed-in user's open tasks: a student's own, a teacher's students' (optionally of one
 * class), soonest due first. The hottest read of all: a prepared statement per scope.
 */
export async function listTasks(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  options: { className?: string; taskRowId?: number; student?: string } = {},
): Promise<TaskListRow[]> {
  // An integration token limited to some classes, one task, or a teacher's search for a student:
  // a query built for the case.
  if (viewer.integration || options.taskRowId !== undefined || (viewer.isTeacher && options.student)) {
    const scope = and(
      viewer.isTeacher
        ? and(
            ownClasses(viewer),
            options.className ? eq(classes.nameKey, nameKey(options.className)) : undefined,
            options.student ? rosterNameContains(options.student) : undefined,
          )
        : eq(rosterEntries.userId, viewer.id),
      options.taskRowId !== undefined ? eq(taskRows.id, options.taskRowId) : undefined,
    );
    return (await taskListSelect(deps.db, scope)).map(toListRow);
  }
  const scope: TaskListScope = !viewer.isTeacher ? 'student' : options.className ? 'teacherClass' : 'teacher';
  const query = prepared(deps.db, `taskList:${scope}`, () =>
    taskListSelect(deps.db, scopeCondition(scope, sql.placeholder('userId'), sql.placeholder('classKey'))).prepare(`task_list_${scope}`),
  );
  const rows = await query.execute({ userId: viewer.id, classKey: options.className ? nameKey(options.className) : '' });
  return rows.map(toListRow);
}

type TaskListScope = 'student' | 'teacher' | 'teacherClass';
const scopeCondition = (scope: TaskListScope, userId: unknown, classKey: unknown) =>
  scope === 'student'
    ? eq(rosterEntries.userId, userId as number)
    : scope === 'teacher'
      ? eq(classes.teacherId, userId as number)
      : and(eq(classes.teacherId, userId as number), eq(classes.nameKey, classKey as string));

function taskListSelect(db: Executor, scope: SQL | undefined) {
  return db
    .select(taskListColumns)
    .from(taskRows)
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .innerJoin(books, eq(books.id, assignments.bookId))
    .where(and(eq(taskRows.status, 'open'), scope))
    .orderBy(asc(taskRows.dueAt), asc(rosterEntries.studentName), asc(taskRows.id));
}

/** The task list's SQL with the values filled in (the benchmarks run the same text on a bare handler). */
export function taskListQuery(deps: Pick<Deps, 'db'>, viewer: Pick<Viewer, 'id' | 'isTeacher'>, options: { className?: string } = {}) {
  const scope: TaskListScope = !viewer.isTeacher ? 'student' : options.className ? 'teacherClass' : 'teacher';
  return taskListSelect(deps.db, scopeCondition(scope, viewer.id, options.className ? nameKey(options.className) : ''));
}

/** One open task the viewer can see (their own, or a student's of theirs), or null. */
export async function taskById(deps: Pick<Deps, 'db'>, viewer: Viewer, taskRowId: number): Promise<TaskListRow | null> {
  if (!Number.isSafeInteger(taskRowId)) return null;
  return (await listTasks(deps, viewer, { taskRowId }))[0] ?? null;
}

/** The assignment a remove or restore names (assignment, book, unit and kind), in one of the viewer's classes. */
function namedAssignment(viewer: Viewer, input: { assignmentId: number; bookUnitId: { bookId: string; unitId: string }; type: TaskType }) {
  return and(
    ownClasses(viewer),
    eq(assignments.id, input.assignmentId),
    eq(assignments.bookId, input.bookUnitId.bookId),
    eq(assignments.unitId, input.bookUnitId.unitId),
    eq(assignments.type, input.type),
  );
}

/** A teacher removes one student's open task (spec: Remove task, teachers only). */
export async function removeTask(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown): Promise<ChangedTask> {
  requireTeacher(viewer);
  const input = parseInput(removeTaskSchema, raw);
  const [row] = await deps.db
    .select({ id: taskRows.id })
    .from(taskRows)
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .where(and(namedAssignment(viewer, input), eq(rosterEntries.studentKey, nameKey(input.student)), eq(taskRows.status, 'open')));
  const what = `${input.type} task ${input.bookUnitId.bookId}-${input.bookUnitId.unitId} (TPID ${input.assignmentId}) for ${input.student}`;
  if (!row) throw new NotFoundError(`No open ${what}`);
  // Only while still open: a result the student was saving meanwhile is kept, and wins.
  const deleted = await deps.db
    .delete(taskRows)
    .where(and(eq(taskRows.id, row.id), eq(taskRows.status, 'open')))
    .returning({ id: taskRows.id });
  if (!deleted.length) throw new ConflictError(`The ${what} was finished meanwhile; its result is kept`);
  return changedTask(row.id, input);
}

/** The task row removeTask removed or restoreTask put back, and what names it. */
export type ChangedTask = { id: number; type: TaskType; bookId: string; unitId: string; student: string };

const changedTask = (id: number, input: { type: TaskType; bookUnitId: { bookId: string; unitId: string }; student: string }): ChangedTask => ({
  id,
  type: input.type,
  bookId: input.bookUnitId.bookId,
  unitId: input.bookUnitId.unitId,
  student: input.student,
});

/**
 * Puts back a task the teacher removed (Undo): the same assignment (TPID) for the same student,
 * due when it was (or in the class's taskDueDays). Refused when the student has that task again
 * or finished it meanwhile, or the assignment, class or student is gone.
 */
export async function restoreTask(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown, now = new Date()): Promise<ChangedTask> {
  requireTeacher(viewer);
  const input = parseInput(restoreTaskSchema, raw);
  const what = `${input.type} task ${input.bookUnitId.bookId}-${input.bookUnitId.unitId} (TPID ${input.assignmentId}) for ${input.student}`;
  return deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ assignmentId: assignments.id, rosterEntryId: rosterEntries.id, classId: classes.id, taskDueDays: classes.taskDueDays })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .innerJoin(rosterEntries, and(eq(rosterEntries.classId, classes.id), eq(rosterEntries.studentKey, nameKey(input.student))))
      .where(namedAssignment(viewer, input));
    if (!target) throw new NotFoundError(`No ${what}: the class, the student or the assignment is gone`);
    await lockClassTasks(tx, target.classId);
    const dueAt = input.dueBy ?? new Date(now.getTime() + target.taskDueDays * DAY_MS);
    const [row] = await tx
      .insert(taskRows)
      .values({ assignmentId: target.assignmentId, rosterEntryId: target.rosterEntryId, dueAt, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: taskRows.id });
    if (!row) throw new ConflictError(`The ${what} is in the list again or was finished meanwhile; nothing was changed`);
    return changedTask(row.id, input);
  });
}

// ---------------------------------------------------------------- task content

export type TaskContent =
  | { type: 'SB'; label: string; words: WordCard[]; spellingTimeoutSec: number }
  | { type: 'FM'; label: string; words: WordCard[] }
  | { type: 'PA'; label: string; words: WordCard[] };

/**
 * The task row a task id names for one student of the class (`student`: a condition on the roster
 * entry, e.g. the student's user id), with its class settings; undefined when there is none or
 * the id names another teacher.
 */
export async function taskRowFor(deps: Pick<Deps, 'db'>, taskId: string, student: SQL) {
  const parts = parseInput(taskIdSchema, taskId);
  if (parts.practice) throw new ValidationError('Free practice has no task row');
  const [row] = await taskRowSelect(deps.db, parts, student);
  return row && nameKey(row.teacher) === nameKey(parts.teacher) ? row : undefined;
}

type TaskIdParts = { assignmentId: unknown; bookId: unknown; unitId: unknown; type: unknown };

/** A task id's row with its assignment, class, teacher and student, for the student `student` selects. */
function taskRowSelect(db: Executor, parts: TaskIdParts, student: SQL | undefined) {
  return (
    db
      // Only what the callers use: every column of three tables was a visible share of an
      // answer's CPU in drizzle's row mapping.
      .select({
        row: { id: taskRows.id, rosterEntryId: taskRows.rosterEntryId, status: taskRows.status, words: taskRows.words },
        assignment: { id: assignments.id, bookId: assignments.bookId, unitId: assignments.unitId, type: assignments.type },
        klass: {
          id: classes.id,
          name: classes.name,
          spellingTimeoutSec: classes.spellingTimeoutSec,
          taskDueDays: classes.taskDueDays,
          fmBatchSize: classes.fmBatchSize,
        },
        teacher: users.username,
        studentName: rosterEntries.studentName,
        studentUsername: sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`,
        // The unit's words (ids and texts, in teaching order) when the row has no words of its own
        // (a Flashcard Master batch): what an answer or a result is checked against, in this read.
        unitWords: sql<{ id: number; text: string }[] | null>`(select json_agg(json_build_object('id', w.id, 'text', w.text) order by uw.position)
          from ${unitWords} uw join ${words} w on w.id = uw.word_id
          where uw.book_id = ${qualified(assignments.bookId)} and uw.unit_id = ${qualified(assignments.unitId)} and ${qualified(taskRows.words)} is null)`,
      })
      .from(taskRows)
      .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
      .where(
        and(
          eq(assignments.id, parts.assignmentId as number),
          eq(assignments.bookId, parts.bookId as string),
          eq(assignments.unitId, parts.unitId as string),
          eq(assignments.type, parts.type as TaskType),
          student,
        ),
      )
  );
}

/**
 * The open task row a student owns for this task id, with its class settings. Every answer and
 * result asks for it: a prepared statement.
 */
export async function studentTaskRow(deps: Pick<Deps, 'db'>, viewer: Viewer, taskId: string) {
  const parts = parseInput(taskIdSchema, taskId);
  if (parts.practice) throw new ValidationError('Free practice has no task row');
  const query = prepared(deps.db, 'studentTaskRow', () => {
    const p = (name: string) => sql.placeholder(name);
    return taskRowSelect(
      deps.db,
      { assignmentId: p('assignmentId'), bookId: p('bookId'), unitId: p('unitId'), type: p('type') },
      eq(rosterEntries.userId, p('userId') as never),
    ).prepare('student_task_row');
  });
  const [row] = await query.execute({ assignmentId: parts.assignmentId, bookId: parts.bookId, unitId: parts.unitId, type: parts.type, userId: viewer.id });
  if (!row || nameKey(row.teacher) !== nameKey(parts.teacher)) throw new NotFoundError('This task is not in your task list');
  return row;
}

/**
 * What a player loads for a task id: a student gets their own open task (an FM batch from the
 * memory model is drawn once and kept); a teacher may preview their own class's assignment;
 * '0' is free pronunciation practice.
 */
export async function taskContent(deps: Pick<Deps, 'db'>, viewer: Viewer, taskId: string, now = new Date()): Promise<TaskContent> {
  const parts = parseInput(taskIdSchema, taskId);
  if (parts.practice) return practiceContent(deps, viewer);
  const label = taskId.trim();
  let spellingTimeoutSec: number;
  let batch: string[] | null = null;
  let batchSize: number;
  if (viewer.isTeacher) {
    const [row] = await deps.db
      .select({ klass: classes })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(
        and(
          eq(assignments.id, parts.assignmentId),
          ownClasses(viewer),
          eq(assignments.type, parts.type),
          eq(assignments.bookId, parts.bookId),
          eq(assignments.unitId, parts.unitId),
        ),
      );
    if (!row) throw new NotFoundError('This task is not one of your classes');
    spellingTimeoutSec = row.klass.spellingTimeoutSec;
    batchSize = row.klass.fmBatchSize;
  } else {
    const found = await studentTaskRow(deps, viewer, taskId);
    if (found.row.status !== 'open') throw new ValidationError('This task is finished; pick another from your task list');
    spellingTimeoutSec = found.klass.spellingTimeoutSec;
    batchSize = found.klass.fmBatchSize;
    batch = found.row.words;
    if (parts.unitId === PROFILE_UNIT && !batch) {
      const book = await bookById(deps, viewer, parts.bookId);
      batch = await drawBatch(deps, viewer.id, book?.level ?? 'ES', batchSize, now);
      if (batch.length === 0) throw new ValidationError('No words are due for review in this level yet');
      await deps.db.update(taskRows).set({ words: batch }).where(eq(taskRows.id, found.row.id));
    }
  }
  let cards: WordCard[];
  if (parts.unitId === PROFILE_UNIT) {
    if (!batch) {
      const book = await bookById(deps, viewer, parts.bookId);
      batch = await drawBatch(deps, null, book?.level ?? 'ES', batchSize, now);
    }
    cards = await cardsFor(deps.db, batch);
  } else {
    cards = await unitWordCards(deps, parts.bookId, parts.unitId);
  }
  if (cards.length === 0) throw new ValidationError(`Unit ${parts.unitId} of book ${parts.bookId} has no words yet`);
  if (parts.type === 'SB') return { type: 'SB', label, words: cards, spellingTimeoutSec };
  if (parts.type === 'PA') return { type: 'PA', label, words: oneReading(cards) };
  return { type: parts.type, label, words: cards };
}

async function cardsFor(db: Executor, texts: string[]): Promise<WordCard[]> {
  if (texts.length === 0) return [];
  const rows = await db
    .select()
    .from(words)
    .where(
      inArray(
        words.textKey,
        texts.map((t) => t.toLowerCase()),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.textKey, r]));
  return texts.map((t) => byKey.get(t.toLowerCase())).filter((r): r is WordCard => Boolean(r));
}

/**
 * A Flashcard Master batch from a level: the student's words that are due first (earliest
 * due first), then words never seen, in the level's teaching order.
 */
export async function drawBatch(deps: Pick<Deps, 'db'>, userId: number | null, level: string, size: number, now = new Date()): Promise<string[]> {
  const rows = await deps.db
    .select({ text: words.text })
    .from(levelWords)
    .innerJoin(words, eq(words.id, levelWords.wordId))
    .leftJoin(wordMemory, and(eq(wordMemory.wordId, levelWords.wordId), eq(wordMemory.userId, userId ?? -1)))
    .where(and(eq(levelWords.level, level as Level), or(isNull(wordMemory.userId), lte(wordMemory.due, now))))
    .orderBy(sql`${wordMemory.userId} is null`, asc(wordMemory.due), asc(levelWords.rank))
    .limit(size);
  return rows.map((r) => r.text);
}

/** Free pronunciation practice (`/usertasks/0`): the first National standards unit of the student's level. */
async function practiceContent(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<TaskContent> {
  const [klass] = viewer.isTeacher
    ? await deps.db.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.teacherId, viewer.id)).limit(1)
    : await deps.db
        .select({ schoolId: classes.schoolId })
        .from(rosterEntries)
        .innerJoin(classes, eq(classes.id, rosterEntries.classId))
        .where(eq(rosterEntries.userId, viewer.id))
        .limit(1);
  const prefix = { MS: 'MS', HS: 'HM' }[klass?.schoolId ?? ''] ?? 'ES';
  const cards = await unitWordCards(deps, NATIONAL_BOOK, `${prefix}1`);
  return { type: 'PA', label: 'Free practice', words: cards.slice(0, 10) };
}

// ---------------------------------------------------------------- the automatic next task

export type NextTask =
  | { assigned: true; bookUnitId: string; type: TaskType; assignmentId: number }
  /** `bookFinished`: the student has done the book's last unit; the teacher's live view says so. */
  | { assigned: false; reason: string; bookFinished?: true };

/** The student's task rows of a book and kind (other than the one just finished), by unit. */
export type OwnUnitRow = { unitId: string; status: string };

/**
 * Which unit comes next for a student who finished `unitId` (DESIGN: auto next task): the next
 * unit of the book they have not done yet (units already done are skipped); a level source's
 * unit 'R' brings another memory-model batch. Nothing when the next one is already in their
 * list, or the book is finished. Pure: `laterUnits` are the book's units after `unitId` in order.
 */
export function planNext(
  bookId: string,
  unitId: string,
  laterUnits: string[],
  own: OwnUnitRow[],
): { unitId: string } | { assigned: false; reason: string; bookFinished?: true } {
  if (unitId === PROFILE_UNIT) {
    if (own.some((r) => r.unitId === PROFILE_UNIT && r.status === 'open')) return { assigned: false, reason: 'the next task is already in the list' };
    return { unitId: PROFILE_UNIT };
  }
  for (const next of laterUnits) {
    const rows = own.filter((r) => r.unitId === next);
    if (rows.some((r) => r.status === 'open')) return { assigned: false, reason: 'the next task is already in the list' };
    if (!rows.some((r) => r.status === 'done')) return { unitId: next };
  }
  return { assigned: false, reason: `${bookId}-${unitId} was the last unit of the book to do`, bookFinished: true };
}

/** What `planNext` needs, in one read: the book's units after this one and the student's rows of the book and kind. */
async function nextTaskFacts(db: Executor, taskRowId: number, rosterEntryId: number, assignment: { bookId: string; unitId: string; type: string }) {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(u.unit_id order by u.ordinal), '[]'::json) from ${units} u
        where u.book_id = ${assignment.bookId} and u.ordinal > (select c.ordinal from ${units} c where c.book_id = ${assignment.bookId} and c.unit_id = ${assignment.unitId})) as later,
      (select coalesce(json_agg(json_build_object('unitId', a.unit_id, 'status', t.status)), '[]'::json) from ${taskRows} t join ${assignments} a on a.id = t.assignment_id
        where t.roster_entry_id = ${rosterEntryId} and t.id <> ${taskRowId} and a.book_id = ${assignment.bookId} and a.type = ${assignment.type}) as own`);
  const [row] = rowsOf<{ later: string[]; own: OwnUnitRow[] }>(result);
  return { later: row!.later, own: row!.own };
}

/** Rows of `db.execute` (postgres.js gives an array, PGlite an object with `rows`). */

/**
 * When a student finishes a task, they get the next unit of the same book and kind, due in the
 * class's taskDueDays (`planNext`). Classmates reaching the same unit share one 'auto'
 * assignment (one TPID), so the class's scores on it compare: a unique key decides who makes
 * it (insert … on conflict), nobody waits on a class-wide lock, and a student gets the unit's
 * task once (task rows are unique per assignment and student). Runs inside the result's
 * transaction (Pronunciation Assessment; a spelling result writes the same in its one statement).
 */
export async function assignNext(tx: Executor, taskRowId: number, now = new Date()): Promise<NextTask> {
  const [row] = await tx
    .select({ row: taskRows, assignment: assignments, klass: classes })
    .from(taskRows)
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(taskRows.id, taskRowId));
  if (!row) return { assigned: false, reason: 'task not found' };
  const { assignment, klass } = row;
  const facts = await nextTaskFacts(tx, taskRowId, row.row.rosterEntryId, assignment);
  const next = planNext(assignment.bookId, assignment.unitId, facts.later, facts.own);
  if (!('unitId' in next)) return next;
  const assignmentId = await autoAssignment(
    tx,
    { classId: klass.id, bookId: assignment.bookId, unitId: next.unitId, type: assignment.type, dueDays: klass.taskDueDays },
    now,
  );
  await tx
    .insert(taskRows)
    .values({ assignmentId, rosterEntryId: row.row.rosterEntryId, dueAt: new Date(now.getTime() + klass.taskDueDays * DAY_MS), createdAt: now })
    .onConflictDoNothing();
  return { assigned: true, bookUnitId: `${assignment.bookId}-${next.unitId}`, type: assignment.type, assignmentId };
}

/** The class's automatic assignment of a unit and kind, made if there is none yet (an 'R' batch: always a new one). */
async function autoAssignment(
  tx: Executor,
  a: { classId: number; bookId: string; unitId: string; type: TaskType; dueDays: number },
  now: Date,
): Promise<number> {
  const values = { classId: a.classId, bookId: a.bookId, unitId: a.unitId, type: a.type, origin: 'auto', dueDays: a.dueDays, createdAt: now };
  if (a.unitId === PROFILE_UNIT) return (await tx.insert(assignments).values(values).returning({ id: assignments.id }))[0]!.id;
  const [made] = await tx
    .insert(assignments)
    .values(values)
    .onConflictDoNothing({ target: [assignments.classId, assignments.bookId, assignments.unitId, assignments.type], where: AUTO_UNIT })
    .returning({ id: assignments.id });
  if (made) return made.id;
  // A classmate's (this statement sees it even when it was made after the transaction began).
  const [shared] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(eq(assignments.classId, a.classId), eq(assignments.bookId, a.bookId), eq(assignments.unitId, a.unitId), eq(assignments.type, a.type), AUTO_UNIT),
    );
  return shared!.id;
}

/** The condition of the unique key `assignments_auto_unit_key` (db/schema.ts). */
export const AUTO_UNIT = sql`origin = 'auto' and unit_id <> 'R'`;

/**
 * What `assignNext` gave when the result of `taskRowId` was stored at `storedAt`: a client sending
 * the same result again (its first reply lost) learns the next task all the same.
 */
export async function nextAssignedAt(deps: Pick<Deps, 'db'>, taskRowId: number, storedAt: Date): Promise<NextTask> {
  const done = alias(taskRows, 'done');
  const doneAssignment = alias(assignments, 'done_assignment');
  const [next] = await deps.db
    .select({ bookId: assignments.bookId, unitId: assignments.unitId, type: assignments.type, assignmentId: assignments.id })
    .from(done)
    .innerJoin(doneAssignment, eq(doneAssignment.id, done.assignmentId))
    .innerJoin(taskRows, and(eq(taskRows.rosterEntryId, done.rosterEntryId), eq(taskRows.createdAt, storedAt), ne(taskRows.id, done.id)))
    .innerJoin(
      assignments,
      and(
        eq(assignments.id, taskRows.assignmentId),
        eq(assignments.bookId, doneAssignment.bookId),
        eq(assignments.type, doneAssignment.type),
        eq(assignments.origin, 'auto'),
      ),
    )
    .where(eq(done.id, taskRowId))
    .limit(1);
  return next
    ? { assigned: true, bookUnitId: `${next.bookId}-${next.unitId}`, type: next.type, assignmentId: next.assignmentId }
    : { assigned: false, reason: 'already recorded' };
}

/**
 * The ids and texts of a task's words, in order, for checking an answer or a result: the unit's
 * came with the task row (`studentTaskRow`), a Flashcard Master batch's are looked up.
 */
export async function taskWords(
  deps: Pick<Deps, 'db'>,
  task: { row: { words: string[] | null }; unitWords: { id: number; text: string }[] | null },
): Promise<{ id: number; text: string }[]> {
  if (task.row.words) return (await cardsFor(deps.db, task.row.words)).map((w) => ({ id: w.id, text: w.text }));
  return task.unitWords ?? [];
}

/** The words a task asks, in order: its memory-model batch, or its unit's words. */
export async function wordsOfTask(
  deps: Pick<Deps, 'db'>,
  row: { words: string[] | null },
  assignment: { bookId: string; unitId: string },
): Promise<WordCard[]> {
  if (row.words) return cardsFor(deps.db, row.words);
  return unitWordCards(deps, assignment.bookId, assignment.unitId);
}
