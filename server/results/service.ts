/**
 * Results: finished tasks and their answers. A result is validated against its task, then in
 * one transaction its answers, the result, the memory model, the vocabulary measure and the
 * automatic next task are written; posting the same result again stores nothing new.
 * Rules: spec section 3 (sbArr), section 4 (SB and FM flows) and DESIGN (results, vocabulary).
 */
import { eq, sql } from 'drizzle-orm';
import { answers, books, results, taskRows, vocabularyPasses } from '../../db/schema.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import type { Executor } from '../../db/index.ts';
import { NATIONAL_BOOK } from '../textbooks/service.ts';
import { assignNext, nextAssignedAt, studentTaskRow, wordsOfTask, type NextTask } from '../tasks/service.ts';
import { MAX_TYPED, STATUS_PATTERN, checkAgainstTask, isCorrect, parseSbArr, type AnswerRow } from './sbarr.ts';
import { ratingFor, reviewWords } from './memory.ts';
import { createReport } from '../reports/service.ts';
import { answerEventId, bookFinishedEventId, finishedEventId } from '../live/service.ts';
import { enqueueTaskFinished } from '../integrations/webhooks.ts';

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
  const task = await studentTaskRow(deps.db, viewer, parsed.label);
  if (task.assignment.type === 'PA') throw new ValidationError('Pronunciation results are sent by recording upload, not as sbArr');
  const taskWords = (await wordsOfTask(deps.db, task.row, task.assignment)).map((w) => w.text);
  const { correct, score } = checkAgainstTask(parsed, taskWords);
  const wrongSpellings = parsed.rows.filter((r) => r.status === 'x').map((r) => ({ word: r.word, typed: r.typed.trim() }));

  // Answers the live view has not seen (a client that sends only the finished result).
  let unannounced: AnswerRow[] = [];
  const receipt = await deps.db.transaction(async (tx): Promise<ResultReceipt> => {
    // One result per task row, even when the same post arrives twice at once.
    await tx.execute(sql`select id from ${taskRows} where id = ${task.row.id} for update`);
    const [previous] = await tx.select().from(results).where(eq(results.taskRowId, task.row.id));
    if (previous) {
      if (JSON.stringify(previous.detail) !== JSON.stringify(parsed.raw)) throw new ConflictError('This task already has a different result');
      return { resultId: previous.id, label: parsed.label, score: previous.score, correct: previous.correct, total: previous.total, stored: false, next: await nextAssignedAt(tx, task.row.id, previous.createdAt), wrongSpellings };
    }
    const [row] = await tx.select({ status: taskRows.status }).from(taskRows).where(eq(taskRows.id, task.row.id));
    if (row?.status !== 'open') throw new ValidationError('This task is no longer open');

    const written = await tx
      .insert(answers)
      .values(parsed.rows.map((r) => ({ taskRowId: task.row.id, position: r.position, word: r.word, typed: r.typed, status: r.status, answeredAt: now })))
      .onConflictDoUpdate({
        target: [answers.taskRowId, answers.position],
        set: { word: sql`excluded.word`, typed: sql`excluded.typed`, status: sql`excluded.status` },
      })
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning({ position: answers.position, inserted: sql<boolean>`xmax = 0` });
    const inserted = new Set(written.filter((w) => w.inserted).map((w) => w.position));
    unannounced = parsed.rows.filter((r) => inserted.has(r.position));
    const [result] = await tx
      .insert(results)
      .values({ taskRowId: task.row.id, userId: viewer.id, score, correct, total: taskWords.length, detail: parsed.raw, createdAt: now })
      .returning({ id: results.id });
    await tx.update(taskRows).set({ status: 'done', finishedAt: now }).where(eq(taskRows.id, task.row.id));
    // Webhooks hear of it only if the result is stored (same transaction).
    const bookUnitId = `${task.assignment.bookId}-${task.assignment.unitId}`;
    const finished = { classId: task.klass.id, resultId: result!.id, taskId: parsed.label, student: task.studentName, bookUnitId, type: task.assignment.type, score, correct, total: taskWords.length };
    await enqueueTaskFinished(tx, finished, now);
    // The report and its e-mails are written with the result: both or neither.
    await createReport(
      tx,
      deps.blobs,
      result!.id,
      {
        student: task.studentName,
        studentUsername: task.studentUsername,
        className: task.klass.name,
        teacher: task.teacher,
        taskId: parsed.label,
        bookUnitId: `${task.assignment.bookId}-${task.assignment.unitId}`,
        type: task.assignment.type,
        finishedAt: now,
        score,
        correct,
        total: taskWords.length,
        rows: parsed.rows,
        timeZone: deps.config.timeZone,
      },
      deps.config.reportTtlDays,
      now,
    );

    const cards = await wordsOfTask(tx, task.row, task.assignment);
    const idOf = new Map(cards.map((c) => [c.text, c.id]));
    const reviews = parsed.rows.flatMap((r) => {
      const rating = ratingFor(r.status, r.typed, r.word);
      const wordId = idOf.get(r.word);
      return rating !== null && wordId !== undefined ? [{ wordId, rating }] : [];
    });
    await reviewWords(tx, viewer.id, reviews, now);

    // Only National standards Spelling Bee answers count as passed words (DESIGN: vocabulary measure).
    if (task.assignment.bookId === NATIONAL_BOOK && task.assignment.type === 'SB') {
      const passed = parsed.rows.filter((r) => r.status === 'v').map((r) => idOf.get(r.word)).filter((id): id is number => id !== undefined);
      if (passed.length) {
        await tx
          .insert(vocabularyPasses)
          .values(passed.map((wordId) => ({ userId: viewer.id, wordId, firstPassedAt: now })))
          .onConflictDoNothing();
      }
    }
    const next = await assignNext(tx, task.row.id, now);
    await markBookFinished(tx, result!.id, next);
    return { resultId: result!.id, label: parsed.label, score, correct, total: taskWords.length, stored: true, next, wrongSpellings };
  });
  if (receipt.stored) {
    for (const r of unannounced) publishAnswer(deps, task, parsed.label, { ...r, answeredAt: now });
    await announceFinished(deps, task, { resultId: receipt.resultId, label: parsed.label, score: receipt.score, next: receipt.next, at: now });
  }
  return receipt;
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
  done: { resultId: number; label: string; score: number; next: NextTask; at: Date; practise?: string[] },
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
    const [book] = await deps.db.select({ title: books.title }).from(books).where(eq(books.id, task.assignment.bookId));
    deps.live.publish({ ...common, id: bookFinishedEventId(done.resultId), kind: 'bookFinished', score: null, bookTitle: book?.title ?? task.assignment.bookId });
  }
}

/** The reply text of `POST /userspelling`. */
export function receiptText(r: ResultReceipt): string {
  const head = `score ${r.correct} of ${r.total} (${r.score}%) ${r.stored ? 'saved' : 'was already saved'}`;
  const next = r.next.assigned ? `; next task: ${r.next.type} ${r.next.bookUnitID}` : r.stored ? `; ${r.next.reason}` : '';
  return head + next;
}

/**
 * One answer as it is given, for the live class view: stored (or replaced, when the student
 * restarts) so a result posted later finds it; the final result stays the record.
 */
export async function recordAnswer(deps: Deps, viewer: Viewer, input: { taskId: string; position: number; word: string; typed: string; status: string }, now = new Date()) {
  if (viewer.isTeacher) throw new ForbiddenError('Only students answer tasks');
  if (input.typed.length > MAX_TYPED) throw new ValidationError(`An answer is at most ${MAX_TYPED} characters`, 'typed');
  const task = await studentTaskRow(deps.db, viewer, input.taskId);
  if (task.row.status !== 'open') throw new ValidationError('This task is no longer open');
  const words = (await wordsOfTask(deps.db, task.row, task.assignment)).map((w) => w.text);
  if (!Number.isInteger(input.position) || input.position < 1 || input.position > words.length) throw new ValidationError('No such word in this task', 'position');
  if (words[input.position - 1] !== input.word) throw new ValidationError(`Word ${input.position} of this task is not "${input.word}"`, 'word');
  if (!STATUS_PATTERN.test(input.status)) throw new ValidationError(`Unknown status "${input.status.slice(0, 20)}"`, 'status');
  if ((input.status === 'v') !== isCorrect(input.typed, input.word) && (input.status === 'v' || input.status === 'x')) {
    throw new ValidationError('The status does not match the answer', 'status');
  }
  const values = { taskRowId: task.row.id, position: input.position, word: input.word, typed: input.typed, status: input.status, answeredAt: now };
  await deps.db
    .insert(answers)
    .values(values)
    .onConflictDoUpdate({ target: [answers.taskRowId, answers.position], set: { typed: values.typed, status: values.status, answeredAt: now } });
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
