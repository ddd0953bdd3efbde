/**
 * Spec section 7: POST /userspelling (the result of a Spelling Bee or Flashcard Master task),
 * POST /upload (a PA recording), GET /userdash; and GET /userrecordings/{taskId}.
 */
import type { RestRouter } from '../http/rest.ts';
import { submitSpellingResult, type ResultReceipt } from './service.ts';
import { classResultsExport, dashboardRecords, vocabulary, type FinishedTask } from './dashboard.ts';
import { csvText } from './csv.ts';
import { localIso } from '../time.ts';
import { submitPronunciation, type PronunciationReceipt } from './pronunciation.ts';
import { recordingOfTask } from './recordings.ts';
import { receiveForm } from '../http/uploads.ts';
import { ValidationError } from '../errors.ts';

export function registerResultRoutes(router: RestRouter): void {
  router.on('POST', '/userspelling', async (r) => {
    const receipt = await submitSpellingResult(r.deps, await r.viewer(), await r.body());
    return {
      json: {
        info: receiptText(receipt),
        score: receipt.score,
        correct: receipt.correct,
        total: receipt.total,
        next: receipt.next.assigned ? `${receipt.next.bookUnitId}-${receipt.next.assignmentId}-${receipt.next.type}` : null,
      },
    };
  });
  // Spec section 7: POST /upload, multipart field `upl` = the recording named after the task label;
  // the reply text is the score (then a short summary of what to practise). The body is refused
  // at its headers when it is too large, of another type, or the server has no room for it
  // (server/http/uploads.ts); an accepted one is held once, until it is scored and stored.
  router.on(
    'POST',
    '/upload',
    async (r) => {
      const viewer = await r.viewer();
      const form = await receiveForm(r.req, r.res, r.deps.pa, r.deps.uploads, {
        fields: 8,
        fieldBytes: 16 * 1024,
        typeMessage: 'Send the recording as multipart/form-data with the field "upl"',
      });
      try {
        const file = form.file;
        if (!file || file.field !== 'upl') throw new ValidationError('The recording is missing: send it in the multipart field "upl"');
        const receipt = await submitPronunciation(r.deps, viewer, { fileName: file.name, bytes: file.bytes });
        return { text: pronunciationText(receipt) };
      } finally {
        form.release();
      }
    },
    { errors: 'text' },
  );
  // GET /userrecordings/{taskId}: the stored recording of a PA task: a student's own, or for the
  // class's teacher the one of ?student=NAME. Anyone else: 404.
  router.on('GET', '/userrecordings/:taskId', async (r) => {
    const recording = await recordingOfTask(r.deps, await r.viewer(), r.params.taskId ?? '', r.query.get('student') ?? undefined);
    return { bytes: recording.bytes, contentType: recording.mimeType, headers: { 'content-disposition': `attachment; filename="${recording.fileName}"` } };
  });
  registerDashboardRoutes(router);
}

/** GET /userdash: the dashboard records; the last one also carries FC, ES, MS, HM, HSM as [passed, required]. */
function registerDashboardRoutes(router: RestRouter): void {
  router.on('GET', '/userdash', async (r) => {
    const viewer = await r.viewer();
    const records = await dashboardRecords(r.deps, viewer);
    if (records.length === 0) return { json: [] };
    const summary = await vocabulary(r.deps, viewer);
    return {
      json: records.map((r, i) => {
        const record = { testID: r.testId, currentScore: r.currentScore, averageScore: r.averageScore, maxScore: r.maxScore, minScore: r.minScore };
        return i === records.length - 1 ? { ...record, ...summary } : record;
      }),
    };
  });

  // GET /userclasses/export?className=: the class's results as CSV (teachers, own classes).
  router.on('GET', '/userclasses/export', async (r) => {
    const className = r.query.get('className') ?? '';
    const csv = resultsCsv(await classResultsExport(r.deps, await r.viewer(), className), r.deps.config.timeZone);
    const file = `wordbee-${className.replace(/[^A-Za-z0-9_.]+/g, '_')}-results.csv`;
    return { bytes: Buffer.from(`\uFEFF${csv}`), contentType: 'text/csv; charset=utf-8', headers: { 'content-disposition': `attachment; filename="${file}"` } };
  });
}

/** The local result export's CSV: a header in the spec's words, then one line per finished task (times in the school's zone). */
function resultsCsv({ className, rows }: { className: string; rows: FinishedTask[] }, timeZone: string): string {
  return csvText([
    ['class', 'student', 'username', 'bookUnitID', 'TPID', 'Type', 'score', 'correct', 'words', 'finishedAt'],
    ...rows.map((r) => [
      className,
      r.student,
      r.studentUsername ?? '',
      `${r.bookId}-${r.unitId}`,
      r.assignmentId,
      r.type,
      r.score,
      r.correct,
      r.total,
      localIso(r.finishedAt, timeZone),
    ]),
  ]);
}

/** The reply text of `POST /userspelling`. */
function receiptText(r: ResultReceipt): string {
  const head = `score ${r.correct} of ${r.total} (${r.score}%) ${r.stored ? 'saved' : 'was already saved'}`;
  const next = r.next.assigned ? `; next task: ${r.next.type} ${r.next.bookUnitId}` : r.stored ? `; ${r.next.reason}` : '';
  return head + next;
}

/** The reply text of `POST /upload`: the score, as the spec says, then a short summary. */
function pronunciationText(r: PronunciationReceipt): string {
  const weak = r.result.words.filter((w) => w.error !== 'none').map((w) => w.word);
  const head = `${r.result.total}`;
  const detail = ` (accuracy ${r.result.accuracy}, fluency ${r.result.fluency}, completeness ${r.result.completeness})`;
  const practise = weak.length ? `; practise: ${weak.join(', ')}` : '';
  return head + detail + practise;
}
