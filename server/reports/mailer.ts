/**
 * The mail outbox worker: sends queued messages (written in the same transaction as what
 * caused them) with retries and backoff, through the shared outbox (server/outbox.ts: claim,
 * lease, backoff; a claim left by a crashed instance is retried after the lease). SMTP_URL set:
 * SMTP (nodemailer); unset: each message is written as an .eml file to DATA_DIR/outbox. A
 * stable Message-ID lets mail servers drop a rare repeat after a crash. The same loop deletes
 * expired reports, queues the teachers' daily summaries when their hour comes (digest.ts) and,
 * every ten minutes, deletes stored files whose rows are gone. With several
 * instances on one database, one of them works the outbox at a time (a worker lease in
 * PostgreSQL; the row claims stay as a second guard).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, reports } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import { prepared } from '../../db/sql.ts';
import type { Logger } from 'pino';
import { deleteExpiredReports } from './service.ts';
import { recentReportPdf } from './recent-pdfs.ts';
import { reportKey } from '../storage/keys.ts';
import { createOutbox, wakeable } from '../outbox.ts';
import { createLease } from '../jobs/lease.ts';
import { sweepOrphanedFiles } from '../jobs/orphaned-files.ts';
import { dueDigestDay, enqueueDigests } from './digest.ts';
import type { BlobStore } from '../storage/blobs.ts';

const MAX_ATTEMPTS = 12;
/** How often the same loop sweeps stored files no row names any more (server/jobs/orphaned-files.ts). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** How long a claim (and the outbox worker lease) holds before another worker may take over, and the first retry's delay. */
export type MailTiming = { leaseMs?: number; backoffBaseMs?: number; intervalMs?: number };

export type Mailer = {
  drain(now?: Date): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /**
   * Sends what is due now, not at the next poll (a report job has just queued its e-mails);
   * only on the instance that holds the outbox lease, and a no-op until `start`.
   */
  wake(): void;
  /** Whether this instance holds the outbox lease (it ran the last round). */
  isWorking(): boolean;
};

/** When the teachers' daily summaries go out: DIGEST_HOUR in TIME_ZONE. */
export type DigestTiming = { timeZone: string; hour: number };

export function createMailer(options: {
  db: Database;
  blobs: BlobStore;
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
  instanceId?: string;
  timing?: MailTiming;
  digest?: DigestTiming;
  now?: () => number;
  jobs?: { drain(now?: Date): Promise<number> };
}): Mailer {
  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: typeof mailOutbox.$inferSelect) {
    // Every report e-mail reads its report: a prepared statement.
    const reportOf = prepared(options.db, 'mailReport', () =>
      options.db
        .select({ fileName: reports.fileName, pdf: reports.pdf })
        .from(reports)
        .where(eq(reports.id, sql.placeholder('id')))
        .prepare('mail_report'),
    );
    // Made by this process a moment ago (recent-pdfs.ts), or read back from where it is stored.
    const kept = message.reportId ? recentReportPdf(message.reportId) : undefined;
    const [row] = kept ? [kept] : message.reportId ? await reportOf.execute({ id: message.reportId }) : [];
    const pdf = row ? (row.pdf ?? (await options.blobs.get(reportKey(row.fileName)))) : null;
    const report = row && pdf ? { fileName: row.fileName, pdf } : undefined;
    const mail = {
      from: options.from,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      messageId: `<${message.dedupeKey.replace(/[^A-Za-z0-9.-]/g, '.')}@wordbee>`,
      attachments: report ? [{ filename: report.fileName, content: Buffer.from(report.pdf), contentType: 'application/pdf' }] : [],
    };
    const info = await transport.sendMail(mail);
    if (!options.smtpUrl) {
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, `${message.id}-${message.dedupeKey.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`), (info as { message: Buffer }).message);
    }
  }

  let lastSweep = 0;
  /** The last day whose summaries this worker queued (each teacher's at most once: dedupe keys). */
  let digestDay: string | undefined;
  const lease = createLease(options.db, 'mail-outbox', { holder: options.instanceId, ttlMs: options.timing?.leaseMs });
  let holding = false;
  const outbox = createOutbox<typeof mailOutbox.$inferSelect>({
    db: options.db,
    table: mailOutbox,
    deliver: send,
    log: options.log,
    what: 'mail',
    describe: (message) => ({ to: message.toAddress }),
    maxAttempts: MAX_ATTEMPTS,
    // A few connections to the mail server at once: a class's reports are 2 e-mails each.
    concurrency: 4,
    leaseMs: options.timing?.leaseMs,
    backoffBaseMs: options.timing?.backoffBaseMs,
    gate: async () => (holding = await lease.acquire()),
  });
  // Each round, after the e-mails: expired reports, the daily summaries, the stored-file sweep.
  const eachRound = async () => {
    const now = new Date(options.now?.() ?? Date.now());
    await deleteExpiredReports(options, now);
    const digest = options.digest;
    if (digest && dueDigestDay(now, digest.timeZone, digest.hour) !== digestDay) {
      const day = dueDigestDay(now, digest.timeZone, digest.hour);
      const queued = await enqueueDigests(options, now, digest);
      if (queued) options.log.info({ day, queued }, 'daily summaries queued');
      digestDay = day;
    }
    // The sweep reads every stored key: every few minutes, not every round.
    if (now.getTime() - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now.getTime();
      const swept = await sweepOrphanedFiles(options, now);
      if (swept) options.log.info({ swept }, 'orphaned stored files deleted');
    }
  };
  const queue = wakeable(outbox, options.log, options.timing?.intervalMs ?? 2000, eachRound);
  return {
    // By hand (tests): the jobs that write e-mails (reports) first, then the e-mails.
    async drain(now) {
      if (options.jobs) while ((await options.jobs.drain(now)) > 0);
      return outbox.drain(now);
    },
    isWorking: () => holding,
    start: (intervalMs = options.timing?.intervalMs ?? 2000) => queue.start(intervalMs),
    wake: () => {
      if (holding) queue.wake();
    },
    async stop() {
      await queue.stop();
      // Give the outbox back at once, so another instance takes over without waiting for expiry.
      if (holding) await lease.release().catch(() => {});
      holding = false;
      transport.close();
    },
  };
}
