/**
 * Report PDFs rendered on a thread of their own: a report takes 20–30 ms of CPU in pdfkit and
 * fontkit, and on the thread that acknowledges results each one would hold up every post in
 * flight. One pool per process (REPORT_THREADS threads, 1 by default), shared by every job
 * queue in it, so the fonts are loaded once for a thread's life (cjk-font.ts); an idle thread
 * keeps no process alive and is let go after a minute. Should the thread fail, the report is
 * rendered in the process as before.
 */
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import { renderReportPdf, type ReportContent } from './pdf.ts';

let pool: Piscina | null = null;

export function reportRenderer(options: { threads: number; log: Logger }): (content: ReportContent) => Promise<Buffer> {
  return async (content) => {
    try {
      pool ??= new Piscina({
        filename: new URL('./render-thread.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: options.threads,
        idleTimeout: 60_000,
      });
      const bytes = (await pool.run(content)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      // A thread that cannot start or died: this report is rendered in the process (a report
      // that cannot be rendered at all fails here too, and its job is retried).
      options.log.warn({ err: error }, 'the report thread failed; this report is rendered in the process');
      return renderReportPdf(content);
    }
  };
}

/** Starts a thread and loads the fonts of a report's fixed labels ahead of the first result. */
export async function warmUpReportRenderer(options: { threads: number; log: Logger }): Promise<void> {
  await reportRenderer(options)({
    student: '学生 student',
    className: '班级 class',
    teacher: 'teacher',
    taskId: 'warm-up',
    bookUnitId: 'warm-up',
    type: 'SB',
    finishedAt: new Date(),
    score: 100,
    correct: 1,
    total: 1,
    rows: [{ position: 1, word: 'bee', typed: 'bee', status: 'v' }],
  });
}
