/**
 * The report PDFs this process has just made, for their e-mails. A report job stores the PDF and
 * queues its e-mails in one statement, and the mail worker, usually in the same process a moment
 * later, attached it by reading it back: twice per report (student and teacher), 38 KB each,
 * sent by PostgreSQL as 76 KB of hex. The mail worker takes it from here when it can and reads
 * the stored one otherwise (another process made it, or it has been dropped from here). A
 * report's PDF never changes once stored, and an e-mail whose report was deleted no longer
 * names it (`mail_outbox.report_id` is set to null), so what is kept here is never stale.
 */
import { LRUCache } from 'lru-cache';

type Kept = { fileName: string; pdf: Uint8Array };

/** About 400 reports of a class's burst; each one's e-mails go out within seconds of it. */
const recent = new LRUCache<number, Kept>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (kept) => kept.pdf.length + kept.fileName.length,
  ttl: 10 * 60 * 1000,
});

export function keepReportPdf(reportId: number, fileName: string, pdf: Uint8Array): void {
  recent.set(reportId, { fileName, pdf });
}

export function recentReportPdf(reportId: number): Kept | undefined {
  return recent.get(reportId);
}
