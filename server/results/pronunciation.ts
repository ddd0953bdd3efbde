/**
 * Pronunciation Assessment results: a student uploads the recording of a PA task (named after
 * the task label); the server scores it in the scoring pool and, in one transaction, stores the
 * result with its words and phones, the recording (its audio in storage: recordings.ts), the
 * report and its e-mails, and assigns the next task. Uploading the same recording again stores
 * nothing new. Free practice (label '0' or 'Free practice') is scored against the practice words
 * and stored nowhere.
 */
import { oneReading } from '../speech/pa/text.ts';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pronunciationWords, results, taskRows } from '../../db/schema.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import { assignNext, nextAssignedAt, studentTaskRow, taskContent, wordsOfTask, type NextTask } from '../tasks/service.ts';
import { enqueueReport } from '../reports/service.ts';
import { storeRecording } from './recordings.ts';
import { announceFinished, markBookFinished } from './service.ts';
import { enqueueTaskFinished } from '../integrations/webhooks.ts';
import { MAX_RECORDING_BYTES, sniffContainer } from '../speech/pa/audio.ts';
import { wordsToPractise, type PaResult } from '../speech/pa/result.ts';
import { scoreBand, weakSounds } from '../speech/pa/phones.ts';
import { ScoringInputError } from '../speech/pa/pool.ts';

/** Largest recording accepted (bytes). */
export const MAX_UPLOAD_BYTES = MAX_RECORDING_BYTES;

export type PronunciationReceipt = {
  resultId: number | null;
  label: string;
  result: PaResult;
  /** False when the same recording had been stored before, or for free practice. */
  stored: boolean;
  next: NextTask;
};

const PRACTICE_LABELS = new Set(['0', 'free practice']);

/** The task label a file name carries: "ES-U1-12-PA-demoteacher.ogg" → "ES-U1-12-PA-demoteacher". */
export function labelOfFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').trim();
  return base.replace(/\.(ogg|oga|opus|webm|weba|wav)$/i, '');
}

/** The longest text free practice scores against (characters; the engine takes at most 60 words). */
export const MAX_PRACTICE_TEXT = 600;

export async function submitPronunciation(
  deps: Deps,
  viewer: Viewer,
  upload: { fileName: string; bytes: Uint8Array; /** Free practice only: the words said, instead of the practice list. */ text?: string | null },
  now = new Date(),
): Promise<PronunciationReceipt> {
  const label = labelOfFileName(upload.fileName);
  if (!label) throw new ValidationError('The recording must be named after its task (field upl, file name = task label)');
  if (upload.bytes.length === 0) throw new ValidationError('The recording is empty');
  if (upload.bytes.length > MAX_UPLOAD_BYTES) throw new ValidationError(`The recording is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  const container = sniffContainer(upload.bytes);
  if (!container) throw new ValidationError('The recording is not WAV, Ogg Opus or WebM Opus audio');

  // Free practice is for everyone (a teacher trying the screen too); task results only for students.
  const practice = PRACTICE_LABELS.has(label.toLowerCase());
  const text = upload.text?.trim();
  if (text && !practice)
    throw new ValidationError("A text is scored only in free practice (taskId '0'); a task's recording is scored against its own words", 'text');
  if (!practice && viewer.isTeacher) throw new ForbiddenError('Only students upload recordings for their tasks');
  if (practice) {
    if (text !== undefined && upload.text !== null && !text) throw new ValidationError('The text to score against is empty', 'text');
    if (text && text.length > MAX_PRACTICE_TEXT) throw new ValidationError(`The text to score against is at most ${MAX_PRACTICE_TEXT} characters`, 'text');
    // Any text an integration sends (said as one reading), or the practice list the Record screen paces.
    const content = text ? null : await taskContent(deps, viewer, '0');
    const result = await scoreOrReject(deps, upload.bytes, text ? [text] : content!.words.map((w) => w.text), { paced: !text });
    return {
      resultId: null,
      label: content?.label ?? 'free practice',
      result,
      stored: false,
      next: { assigned: false, reason: 'free practice is not stored' },
    };
  }

  const task = await studentTaskRow(deps, viewer, label);
  if (task.assignment.type !== 'PA') throw new ValidationError('Only Pronunciation Assessment tasks take a recording');
  const digest = createHash('sha256').update(upload.bytes).digest('hex');
  const [previous] = await deps.db.select().from(results).where(eq(results.taskRowId, task.row.id));
  if (previous) return repeated(deps, previous, digest, label);
  if (task.row.status !== 'open') throw new ValidationError('This task is no longer open');

  const taskWords = oneReading(await wordsOfTask(deps, task.row, task.assignment)).map((w) => w.text);
  const result = await scoreOrReject(deps, upload.bytes, taskWords);
  // Counted in the words scored (a phrase such as "good morning" is two), right and in all alike.
  const correct = result.words.filter((w) => w.error === 'none').length;
  const total = result.words.length;
  const bookUnitId = `${task.assignment.bookId}-${task.assignment.unitId}`;

  const receipt = await deps.db.transaction(async (tx): Promise<PronunciationReceipt> => {
    await tx.execute(sql`select id from ${taskRows} where id = ${task.row.id} for update`);
    const [again] = await tx.select().from(results).where(eq(results.taskRowId, task.row.id));
    if (again) return repeated({ db: tx }, again, digest, label);
    const [row] = await tx.select({ status: taskRows.status }).from(taskRows).where(eq(taskRows.id, task.row.id));
    if (row?.status !== 'open') throw new ValidationError('This task is no longer open');
    const [stored] = await tx
      .insert(results)
      .values({
        taskRowId: task.row.id,
        userId: viewer.id,
        score: result.total,
        correct,
        total,
        detail: { ...result, recordingSha256: digest },
        createdAt: now,
      })
      .returning({ id: results.id });
    const resultId = stored!.id;
    await tx.insert(pronunciationWords).values(
      result.words.map((w, i) => ({
        resultId,
        position: i + 1,
        word: w.word,
        score: w.score,
        heard: w.heard,
        error: w.error,
        startSec: w.heard ? w.start : null,
        endSec: w.heard ? w.end : null,
        phones: w.phones,
      })),
    );
    await storeRecording(tx, deps.blobs, {
      taskRowId: task.row.id,
      userId: viewer.id,
      mimeType: container === 'wav' ? 'audio/wav' : `audio/${container}`,
      bytes: upload.bytes,
      createdAt: now,
    });
    await tx.update(taskRows).set({ status: 'done', finishedAt: now }).where(eq(taskRows.id, task.row.id));
    await enqueueTaskFinished(
      tx,
      { classId: task.klass.id, resultId, taskId: label, student: task.studentName, bookUnitId, type: 'PA', score: result.total, correct, total },
      now,
    );
    // The report (PDF, e-mails, webhook) is a job done after the commit (server/jobs/queue.ts).
    await enqueueReport(
      tx,
      resultId,
      {
        student: task.studentName,
        studentUsername: task.studentUsername,
        className: task.klass.name,
        teacher: task.teacher,
        taskId: label,
        bookUnitId,
        type: 'PA',
        finishedAt: now,
        score: result.total,
        correct,
        total,
        rows: result.words.map((w, i) => ({ position: i + 1, word: w.word, typed: pronunciationNote(w), status: w.heard ? scoreBand(w.score) : 'omitted' })),
        timeZone: deps.config.timeZone,
      },
      deps.config.reportTtlDays,
      now,
    );
    const next = await assignNext(tx, task.row.id, now);
    await markBookFinished(tx, resultId, next);
    return { resultId, label, result, stored: true, next };
  });
  if (receipt.stored) deps.jobs?.wake();
  if (receipt.stored)
    await announceFinished(deps, task, {
      resultId: receipt.resultId!,
      label,
      score: result.total,
      next: receipt.next,
      at: now,
      practise: wordsToPractise(result),
    });
  return receipt;
}

/**
 * Scores the items; a recording in which nothing can be heard is refused, not stored as 0.
 * `paced`: the Record screen showed the items one after another at its pace.
 */
async function scoreOrReject(deps: Deps, audio: Uint8Array, words: string[], { paced = true } = {}): Promise<PaResult> {
  if (!words.length) throw new ValidationError('This task has no words to pronounce');
  // One item of the task after another, as the Record screen shows them: the pause between two
  // items is no hesitation (a comma says so to the engine), and an item in whose time on screen
  // nobody spoke was skipped.
  const result = await deps.pa.score({ audio, text: words.join(', '), rejectSilence: true, pacedItems: paced ? words : undefined });
  // On the Record screen, speech in which none of the words shown can be heard is a microphone
  // problem to fix before a 0 is stored; a text an integration sends is scored as it comes
  // (speech that is not the text scores 0, which is the answer it asked for).
  if (paced && result.words.every((w) => !w.heard)) {
    throw new ScoringInputError('No words could be heard in the recording: check the microphone, then press Redo and record again');
  }
  return result;
}

/** The same recording sent again: the stored result, and the next task it brought. */
async function repeated(deps: Pick<Deps, 'db'>, previous: typeof results.$inferSelect, digest: string, label: string): Promise<PronunciationReceipt> {
  const detail = previous.detail as PaResult & { recordingSha256?: string };
  if (detail.recordingSha256 !== digest) throw new ConflictError('This task already has a result from another recording');
  const { recordingSha256: _, ...result } = detail;
  return { resultId: previous.id, label, result, stored: false, next: await nextAssignedAt(deps, previous.taskRowId, previous.createdAt) };
}

/** The report's "answer" column for a word: its score and the sounds to practise, in IPA as the Record screen shows them. */
function pronunciationNote(w: PaResult['words'][number]): string {
  if (!w.heard) return 'not heard';
  const weak = weakSounds(w.phones);
  return `${w.score}/100${weak.length ? ` · practise ${weak.join(' ')}` : ''}`;
}
