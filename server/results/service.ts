/**
 * Results: finished tasks and their answers. A result is validated against its task, then in
 * one statement (`writeResult`) its answers, the result, the memory model, the vocabulary
 * measure, the webhook deliveries, the report job and the automatic next task are written; the
 * report is made after the commit (server/jobs/queue.ts). Posting the same result again stores
 * nothing new.
 * Rules: spec section 3 (sbArr), section 4 (SB and FM flows) and DESIGN (results, vocabulary).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  answers,
  assignments,
  books,
  jobs,
  results,
  taskRows,
  units,
  vocabularyPasses,
  webhookDeliveries,
  webhooks,
  wordMemory,
  type TaskType,
} from '../../db/schema.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import type { Database, Executor } from '../../db/index.ts';
import { prepared, preparedSql, rowsOf } from '../../db/sql.ts';
import { NATIONAL_BOOK, PROFILE_UNIT } from '../textbooks/service.ts';
import { AUTO_UNIT, nextAssignedAt, planNext, studentTaskRow, taskWords, type NextTask, type OwnUnitRow } from '../tasks/service.ts';
import { MAX_TYPED, STATUS_PATTERN, checkAgainstTask, isCorrect, parseSbArr, type AnswerRow } from './sbarr.ts';
import { ratingFor, scheduleReviews, type StoredCard } from './memory.ts';
import { reportJobOf, type ReportJob } from '../reports/service.ts';
import { answerEventId, bookFinishedEventId, finishedEventId } from '../live/service.ts';
import { webhookPayload } from '../integrations/webhooks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ResultReceipt = {
  resultId: number;
  label: string;
  score: number;
  correct: number;
  total: number;
  /** False when the same result had been stored before. */
  stored: boolean;
  next: NextTask;
  /** The wrong spellings, as the spelling-check list shows them. */
  wrongSpellings: { word: string; typed: string }[];
};

export async function submitSpellingResult(deps: Deps, viewer: Viewer, body: unknown, now = new Date()): Promise<ResultReceipt> {
  if (viewer.isTeacher) throw new ForbiddenError('Only students post task results');
  const parsed = parseSbArr(body);
  const task = await studentTaskRow(deps, viewer, parsed.label);
  if (task.assignment.type === 'PA') throw new ValidationError('Pronunciation results are sent by recording upload, not as sbArr');
  const cards = await taskWords(deps, task);
  const wordTexts = cards.map((w) => w.text);
  const { correct, score } = checkAgainstTask(parsed, wordTexts);
  const wrongSpellings = parsed.rows.filter((r) => r.status === 'x').map((r) => ({ word: r.word, typed: r.typed.trim() }));

  // What the write depends on, in one read before it: a result already stored (the same post
  // again), the memory-model cards of the task's words, and what comes next.
  const idOf = new Map(cards.map((c) => [c.text, c.id]));
  const reviews = parsed.rows.flatMap((r) => {
    const rating = ratingFor(r.status, r.typed, r.word);
    const wordId = idOf.get(r.word);
    return rating !== null && wordId !== undefined ? [{ wordId, rating }] : [];
  });
  const facts = await resultFacts(deps.db, task, viewer.id, [...new Set(reviews.map((r) => r.wordId))]);
  if (facts.previous) return alreadyStored(deps, task.row.id, facts.previous, parsed, wrongSpellings);
  if (task.row.status !== 'open') throw new ValidationError('This task is no longer open');

  const plan = planNext(task.assignment.bookId, task.assignment.unitId, facts.later, facts.own);
  const bookUnitId = `${task.assignment.bookId}-${task.assignment.unitId}`;
  const finished = {
    taskId: parsed.label,
    student: task.studentName,
    bookUnitId,
    type: task.assignment.type,
    score,
    correct,
    total: wordTexts.length,
    finishedAt: now.toISOString(),
  };
  // Only National standards Spelling Bee answers count as passed words (DESIGN: vocabulary measure).
  const passed =
    task.assignment.bookId === NATIONAL_BOOK && task.assignment.type === 'SB'
      ? [
          ...new Set(
            parsed.rows
              .filter((r) => r.status === 'v')
              .map((r) => idOf.get(r.word))
              .filter((id): id is number => id !== undefined),
          ),
        ]
      : [];
  const written = await writeResult(deps.db, {
    taskRowId: task.row.id,
    userId: viewer.id,
    classId: task.klass.id,
    score,
    correct,
    total: wordTexts.length,
    detail: parsed.raw,
    finishedBook: 'bookFinished' in plan && plan.bookFinished === true,
    answers: parsed.rows.map((r) => ({ position: r.position, word: r.word, typed: r.typed, status: r.status })),
    cards: scheduleReviews(facts.memory, reviews, now),
    passed,
    taskFinished: webhookPayload(task.klass.id, task.klass.name, 'task.finished', 'task.finished:', finished, now),
    report: reportJobOf(
      {
        student: task.studentName,
        studentUsername: task.studentUsername,
        className: task.klass.name,
        teacher: task.teacher,
        taskId: parsed.label,
        bookUnitId,
        type: task.assignment.type,
        finishedAt: now,
        score,
        correct,
        total: wordTexts.length,
        rows: parsed.rows,
        timeZone: deps.config.timeZone,
      },
      deps.config.reportTtlDays,
    ),
    next:
      'unitId' in plan
        ? {
            bookId: task.assignment.bookId,
            unitId: plan.unitId,
            type: task.assignment.type,
            dueDays: task.klass.taskDueDays,
            rosterEntryId: task.row.rosterEntryId,
          }
        : null,
    now,
  });
  if (written.resultId === null) {
    // Another post of this result (or a teacher's removal) got there between the read and the write.
    const again = await resultFacts(deps.db, task, viewer.id, []);
    if (again.previous) return alreadyStored(deps, task.row.id, again.previous, parsed, wrongSpellings);
    throw new ValidationError('This task is no longer open');
  }
  deps.jobs?.wake();
  const next: NextTask =
    'unitId' in plan
      ? { assigned: true, bookUnitId: `${task.assignment.bookId}-${plan.unitId}`, type: task.assignment.type, assignmentId: written.assignmentId! }
      : plan;
  const inserted = new Set(written.announced);
  for (const r of parsed.rows) if (inserted.has(r.position)) publishAnswer(deps, task, parsed.label, { ...r, answeredAt: now });
  await announceFinished(deps, task, { resultId: written.resultId, label: parsed.label, score, next, at: now, bookTitle: facts.bookTitle ?? undefined });
  return { resultId: written.resultId, label: parsed.label, score, correct, total: wordTexts.length, stored: true, next, wrongSpellings };
}

type StoredResult = { id: number; score: number; correct: number; total: number; detail: unknown; createdAt: string };

/** The same result posted again: the stored one and the next task it brought; a different one is refused. */
async function alreadyStored(
  deps: Pick<Deps, 'db'>,
  taskRowId: number,
  previous: StoredResult,
  parsed: ReturnType<typeof parseSbArr>,
  wrongSpellings: ResultReceipt['wrongSpellings'],
): Promise<ResultReceipt> {
  if (JSON.stringify(previous.detail) !== JSON.stringify(parsed.raw)) throw new ConflictError('This task already has a different result');
  const next = await nextAssignedAt(deps, taskRowId, new Date(previous.createdAt));
  return {
    resultId: previous.id,
    label: parsed.label,
    score: previous.score,
    correct: previous.correct,
    total: previous.total,
    stored: false,
    next,
    wrongSpellings,
  };
}

/**
 * One read for a result post: the result the task row has already (if any), the student's
 * stored cards of `wordIds`, the book's units after this one, the student's other task rows of
 * the book and kind (for the next task) and the book's title (for the live view).
 */
async function resultFacts(db: Executor, task: Awaited<ReturnType<typeof studentTaskRow>>, userId: number, wordIds: number[]) {
  const { bookId, unitId, type } = task.assignment;
  const query = preparedSql(db, 'resultFacts', () => {
    const [taskRowId, user, words, book, unit, rosterEntryId, kind] = ['taskRowId', 'userId', 'wordIds', 'bookId', 'unitId', 'rosterEntryId', 'type'].map(
      (name) => sql.placeholder(name),
    );
    return sql`
    select
      (select row_to_json(p) from (select r.id, r.score, r.correct, r.total, r.detail, r.created_at as "createdAt" from ${results} r where r.task_row_id = ${taskRowId}) p) as previous,
      (select coalesce(json_agg(json_build_object('wordId', m.word_id, 'due', m.due, 'stability', m.stability, 'difficulty', m.difficulty, 'elapsedDays', m.elapsed_days,
          'scheduledDays', m.scheduled_days, 'learningSteps', m.learning_steps, 'reps', m.reps, 'lapses', m.lapses, 'state', m.state, 'lastReview', m.last_review)), '[]'::json)
        from ${wordMemory} m where m.user_id = ${user} and m.word_id in (select (jsonb_array_elements_text(${words}::jsonb))::int)) as memory,
      (select coalesce(json_agg(u.unit_id order by u.ordinal), '[]'::json) from ${units} u
        where u.book_id = ${book} and u.ordinal > (select c.ordinal from ${units} c where c.book_id = ${book} and c.unit_id = ${unit})) as later,
      (select coalesce(json_agg(json_build_object('unitId', a.unit_id, 'status', t.status)), '[]'::json) from ${taskRows} t join ${assignments} a on a.id = t.assignment_id
        where t.roster_entry_id = ${rosterEntryId} and t.id <> ${taskRowId} and a.book_id = ${book} and a.type = ${kind}) as own,
      (select b.title from ${books} b where b.id = ${book}) as "bookTitle"`;
  });
  const result = await query.execute({
    taskRowId: task.row.id,
    userId,
    wordIds: JSON.stringify(wordIds),
    bookId,
    unitId,
    rosterEntryId: task.row.rosterEntryId,
    type,
  });
  const [row] = rowsOf<{ previous: StoredResult | null; memory: StoredCard[]; later: string[]; own: OwnUnitRow[]; bookTitle: string | null }>(result);
  return row!;
}

type ResultWrite = {
  taskRowId: number;
  userId: number;
  classId: number;
  score: number;
  correct: number;
  total: number;
  detail: unknown;
  finishedBook: boolean;
  answers: AnswerRow[];
  cards: StoredCard[];
  passed: number[];
  /** The 'task.finished' webhook body; its event id gets the result's id. */
  taskFinished: ReturnType<typeof webhookPayload>;
  report: ReportJob;
  next: { bookId: string; unitId: string; type: string; dueDays: number; rosterEntryId: number } | null;
  now: Date;
};

/** The stored result's global id (`ClassResult`), as encodeGlobalID makes it: what a webhook receiver keys the result by. */
const CLASS_RESULT_ID = sql`encode(convert_to('ClassResult:' || result.id, 'UTF8'), 'base64')`;

/** The result statement's three shapes: no next task, the next unit (shared with classmates), the profile unit (every time a new assignment). */
type NextShape = 'none' | 'unit' | 'profile';

/**
 * Everything a result makes durable, in one statement (so one short transaction of its own):
 * the task row closes (only if still open: a second post of the same result, or a removal,
 * finds it closed and writes nothing), the result, its answers, the memory model's cards, the
 * vocabulary passes, the 'task.finished' webhook deliveries, the report job and the next task.
 * The next task's assignment is shared by classmates through a unique key (`on conflict`), so
 * no class-wide lock is taken. Its text is built once per shape (`preparedSql`). resultId null:
 * nothing was written.
 */
function resultStatement(shape: NextShape): SQL {
  const p = (name: string) => sql.placeholder(name);
  const now = sql`${p('now')}::timestamptz`;
  const json = (name: string) => sql`${p(name)}::jsonb`;
  const nextSteps =
    shape === 'none'
      ? sql``
      : sql`,
    made as (
      insert into ${assignments} (class_id, book_id, unit_id, type, origin, due_days, created_at)
      select ${p('classId')}, ${p('nextBookId')}, ${p('nextUnitId')}, ${p('nextType')}, 'auto', ${p('dueDays')}, ${now} from done
      ${shape === 'profile' ? sql`` : sql`on conflict (class_id, book_id, unit_id, type) where ${AUTO_UNIT} do nothing`}
      returning id),
    next_assignment as (
      select id from made
      ${
        shape === 'profile'
          ? sql``
          : sql`union all select a.id from ${assignments} a where a.class_id = ${p('classId')} and a.book_id = ${p('nextBookId')} and a.unit_id = ${p('nextUnitId')} and a.type = ${p('nextType')} and a.${AUTO_UNIT}`
      }),
    next_row as (
      insert into ${taskRows} (assignment_id, roster_entry_id, due_at, created_at)
      select (select min(id) from next_assignment), ${p('rosterEntryId')}, ${p('dueAt')}::timestamptz, ${now} from done where exists (select 1 from next_assignment)
      on conflict do nothing)`;
  return sql`
    with done as (
      update ${taskRows} set status = 'done', finished_at = ${now} where id = ${p('taskRowId')} and status = 'open' returning id),
    result as (
      insert into ${results} (task_row_id, user_id, score, correct, total, detail, finished_book, created_at)
      select id, ${p('userId')}, ${p('score')}, ${p('correct')}, ${p('total')}, ${json('detail')}, ${p('finishedBook')}, ${now} from done
      returning id),
    answered as (
      insert into ${answers} (task_row_id, position, word, typed, status, answered_at)
      select done.id, a.position, a.word, a.typed, a.status, ${now}
      from done, jsonb_to_recordset(${json('answers')}) as a(position int, word text, typed text, status text)
      on conflict (task_row_id, position) do update set word = excluded.word, typed = excluded.typed, status = excluded.status
      -- xmax is 0 on a row this statement inserted, not on one it updated.
      returning position, xmax = 0 as inserted),
    reviewed as (
      insert into ${wordMemory} (user_id, word_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
      select ${p('userId')}, c."wordId", c.due, c.stability, c.difficulty, c."elapsedDays", c."scheduledDays", c."learningSteps", c.reps, c.lapses, c.state, c."lastReview"
      from done, jsonb_to_recordset(${json('cards')}) as c("wordId" int, due timestamptz, stability real, difficulty real, "elapsedDays" int, "scheduledDays" int, "learningSteps" int, reps int, lapses int, state smallint, "lastReview" timestamptz)
      on conflict (user_id, word_id) do update set due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
        scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review),
    passed as (
      insert into ${vocabularyPasses} (user_id, word_id, first_passed_at)
      select ${p('userId')}, p.id::int, ${now} from done, jsonb_array_elements_text(${json('passed')}) as p(id)
      on conflict do nothing),
    hooked as (
      insert into ${webhookDeliveries} (webhook_id, dedupe_key, event, payload, created_at, next_attempt_at)
      select h.id, h.id || ':task.finished:' || result.id, 'task.finished', jsonb_set(jsonb_set(${json('taskFinished')}, '{id}', to_jsonb('task.finished:' || result.id)), '{data,resultId}', to_jsonb(${CLASS_RESULT_ID})), ${now}, ${now}
      from result, ${webhooks} h
      where h.class_id = ${p('classId')} and h.deleted_at is null and h.events @> '["task.finished"]'::jsonb
      on conflict do nothing),
    queued as (
      insert into ${jobs} (kind, dedupe_key, result_id, payload, created_at, next_attempt_at)
      select 'report', 'report:' || result.id, result.id, ${json('report')}, ${now}, ${now} from result)${nextSteps}
    select (select id from result) as "resultId",
      ${shape === 'none' ? sql`null::int` : sql`(select min(id) from next_assignment)`} as "assignmentId",
      (select coalesce(json_agg(position), '[]'::json) from answered where inserted) as announced`;
}

async function writeResult(db: Database, w: ResultWrite): Promise<{ resultId: number | null; assignmentId: number | null; announced: number[] }> {
  const next = w.next;
  const shape: NextShape = !next ? 'none' : next.unitId === PROFILE_UNIT ? 'profile' : 'unit';
  const result = await preparedSql(db, `writeResult:${shape}`, () => resultStatement(shape)).execute({
    now: w.now.toISOString(),
    taskRowId: w.taskRowId,
    userId: w.userId,
    classId: w.classId,
    score: w.score,
    correct: w.correct,
    total: w.total,
    detail: JSON.stringify(w.detail),
    finishedBook: w.finishedBook,
    answers: JSON.stringify(w.answers),
    cards: JSON.stringify(w.cards),
    passed: JSON.stringify(w.passed),
    taskFinished: JSON.stringify(w.taskFinished),
    report: JSON.stringify(w.report),
    ...(next && {
      nextBookId: next.bookId,
      nextUnitId: next.unitId,
      nextType: next.type,
      dueDays: next.dueDays,
      rosterEntryId: next.rosterEntryId,
      dueAt: new Date(w.now.getTime() + next.dueDays * DAY_MS).toISOString(),
    }),
  });
  const [row] = rowsOf<{ resultId: number | null; assignmentId: number | null; announced: number[] }>(result);
  if (row!.resultId !== null && next && row!.assignmentId === null) {
    // A classmate made the shared assignment after this statement began (it waited for them,
    // then saw their row only as a conflict): join it now.
    const [shared] = await db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.classId, w.classId),
          eq(assignments.bookId, next.bookId),
          eq(assignments.unitId, next.unitId),
          eq(assignments.type, next.type as TaskType),
          AUTO_UNIT,
        ),
      );
    await db
      .insert(taskRows)
      .values({ assignmentId: shared!.id, rosterEntryId: next.rosterEntryId, dueAt: new Date(w.now.getTime() + next.dueDays * DAY_MS), createdAt: w.now })
      .onConflictDoNothing();
    return { ...row!, assignmentId: shared!.id };
  }
  return row!;
}

/** Remembers on the result that it ended its book (the live view replays the message). */
export async function markBookFinished(tx: Executor, resultId: number, next: NextTask): Promise<void> {
  if (!next.assigned && next.bookFinished) await tx.update(results).set({ finishedBook: true }).where(eq(results.id, resultId));
}

/**
 * Tells the class's live view that a task was finished (with its score) and, when it was the
 * last unit of its book, that the student needs a new book. Any kind of task (SB, FM, PA).
 */
export async function announceFinished(
  deps: Deps,
  task: Awaited<ReturnType<typeof studentTaskRow>>,
  done: { resultId: number; label: string; score: number; next: NextTask; at: Date; practise?: string[]; bookTitle?: string },
): Promise<void> {
  const common = {
    at: done.at,
    classId: task.klass.id,
    student: task.studentName,
    studentUsername: task.studentUsername,
    taskId: done.label,
    bookUnitId: `${task.assignment.bookId}-${task.assignment.unitId}`,
    type: task.assignment.type,
    position: null,
    word: null,
    typed: null,
    status: null,
  };
  deps.live.publish({ ...common, id: finishedEventId(done.resultId), kind: 'finished', score: done.score, practise: done.practise ?? null });
  if (!done.next.assigned && done.next.bookFinished) {
    const title = done.bookTitle ?? (await deps.db.select({ title: books.title }).from(books).where(eq(books.id, task.assignment.bookId)))[0]?.title;
    deps.live.publish({ ...common, id: bookFinishedEventId(done.resultId), kind: 'bookFinished', score: null, bookTitle: title ?? task.assignment.bookId });
  }
}

/**
 * One answer as it is given, for the live class view: stored (or replaced, when the student
 * restarts) so a result posted later finds it; the final result stays the record.
 */
export async function recordAnswer(
  deps: Deps,
  viewer: Viewer,
  input: { taskId: string; position: number; word: string; typed: string; status: string },
  now = new Date(),
) {
  if (viewer.isTeacher) throw new ForbiddenError('Only students answer tasks');
  if (input.typed.length > MAX_TYPED) throw new ValidationError(`An answer is at most ${MAX_TYPED} characters`, 'typed');
  const task = await studentTaskRow(deps, viewer, input.taskId);
  if (task.row.status !== 'open') throw new ValidationError('This task is no longer open');
  const words = (await taskWords(deps, task)).map((w) => w.text);
  if (!Number.isInteger(input.position) || input.position < 1 || input.position > words.length)
    throw new ValidationError('No such word in this task', 'position');
  if (words[input.position - 1] !== input.word) throw new ValidationError(`Word ${input.position} of this task is not "${input.word}"`, 'word');
  if (!STATUS_PATTERN.test(input.status)) throw new ValidationError(`Unknown status "${input.status.slice(0, 20)}"`, 'status');
  if ((input.status === 'v') !== isCorrect(input.typed, input.word) && (input.status === 'v' || input.status === 'x')) {
    throw new ValidationError('The status does not match the answer', 'status');
  }
  const values = { taskRowId: task.row.id, position: input.position, word: input.word, typed: input.typed, status: input.status, answeredAt: now };
  // A class answers word by word: built once (a prepared statement).
  const store = prepared(deps.db, 'recordAnswer', () => {
    const p = (name: string) => sql.placeholder(name);
    return deps.db
      .insert(answers)
      .values({ taskRowId: p('taskRowId'), position: p('position'), word: p('word'), typed: p('typed'), status: p('status'), answeredAt: p('answeredAt') })
      .onConflictDoUpdate({
        target: [answers.taskRowId, answers.position],
        set: { typed: sql`excluded.typed`, status: sql`excluded.status`, answeredAt: sql`excluded.answered_at` },
      })
      .prepare('record_answer');
  });
  await store.execute(values);
  publishAnswer(deps, task, input.taskId, values);
  return values;
}

/** One answer to the class's live view, as the replay of stored answers gives it. */
function publishAnswer(deps: Deps, task: Awaited<ReturnType<typeof studentTaskRow>>, taskId: string, answer: AnswerRow & { answeredAt: Date }): void {
  deps.live.publish({
    id: answerEventId(task.row.id, answer.position, answer.answeredAt),
    kind: 'answer',
    at: answer.answeredAt,
    classId: task.klass.id,
    student: task.studentName,
    studentUsername: task.studentUsername,
    taskId: taskId.trim(),
    bookUnitId: `${task.assignment.bookId}-${task.assignment.unitId}`,
    type: task.assignment.type,
    position: answer.position,
    word: answer.word,
    typed: answer.typed,
    status: answer.status,
    score: null,
  });
}
