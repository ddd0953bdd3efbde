/**
 * The mail outbox worker: sends queued messages (written in the same transaction as what
 * caused them) with retries and backoff. A message is claimed before it is sent, so two
 * instances never send the same one; a claim left by a crashed instance is retried after a
 * lease. SMTP_URL set: SMTP (nodemailer); unset: each message is written as an .eml file to
 * DATA_DIR/outbox. A stable Message-ID lets mail servers drop a rare repeat after a crash.
 * The same loop deletes expired reports.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { mailOutbox, reports } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import type { Logger } from 'pino';
import { deleteExpiredReports, reportKey } from './service.ts';
import { createLease } from '../jobs/lease.ts';
import type { BlobStore } from '../storage/blobs.ts';

export const MAX_ATTEMPTS = 12;
const LEASE_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min … capped at 1 hour. */
export const backoffMs = (attempts: number, baseMs = 30_000) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/** How long a claim (and the outbox worker lease) holds before another worker may take over, and the first retry's delay. */
export type MailTiming = { leaseMs?: number; backoffBaseMs?: number; intervalMs?: number };

export type Mailer = {
  drain(now?: Date): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** Whether this instance holds the outbox lease (it ran the last round). */
  isWorking(): boolean;
};

export function createMailer(options: { db: Database; blobs: BlobStore; smtpUrl?: string; from: string; dataDir: string; log: Logger; instanceId?: string; timing?: MailTiming }): Mailer {
  const leaseMs = options.timing?.leaseMs ?? LEASE_MS;
  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function claim(now: Date, limit: number) {
    // Due messages, and ones whose sender vanished past the lease.
    const claimable = or(
      and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
      and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, new Date(now.getTime() - leaseMs))),
    );
    const due = await options.db.select({ id: mailOutbox.id }).from(mailOutbox).where(claimable).orderBy(asc(mailOutbox.nextAttemptAt)).limit(limit);
    if (due.length === 0) return [];
    // The update re-checks the condition, so of two instances claiming together only one wins each row.
    return options.db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(inArray(mailOutbox.id, due.map((d) => d.id)), claimable))
      .returning();
  }

  async function send(message: typeof mailOutbox.$inferSelect) {
    const [row] = message.reportId
      ? await options.db.select({ fileName: reports.fileName, pdf: reports.pdf }).from(reports).where(eq(reports.id, message.reportId))
      : [];
    const pdf = row ? (row.pdf ?? (await options.blobs.get(reportKey(row.fileName)))) : null;
    const report = row && pdf ? { fileName: row.fileName, pdf } : undefined;
    const mail = {
      from: options.from,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      messageId: `<${message.dedupeKey.replace(/[^A-Za-z0-9.:-]/g, '.')}@wordbee>`,
      attachments: report ? [{ filename: report.fileName, content: Buffer.from(report.pdf), contentType: 'application/pdf' }] : [],
    };
    const info = await transport.sendMail(mail);
    if (!options.smtpUrl) {
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, `${message.id}-${message.dedupeKey.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`), (info as { message: Buffer }).message);
    }
  }

  async function drain(now = new Date()): Promise<number> {
    let sent = 0;
    for (const message of await claim(now, 20)) {
      try {
        await send(message);
        await options.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id));
        sent++;
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        await options.db
          .update(mailOutbox)
          .set({ status: failed ? 'failed' : 'pending', lastError: String((error as Error).message).slice(0, 500), nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts, options.timing?.backoffBaseMs)) })
          .where(eq(mailOutbox.id, message.id));
        options.log.warn({ to: message.toAddress, attempts: message.attempts, err: error }, failed ? 'mail failed for good' : 'mail will be retried');
      }
    }
    return sent;
  }

  // With several instances on one database, one of them works the outbox and expires reports
  // at a time (the row claims above stay as a second guard).
  const lease = createLease(options.db, 'mail-outbox', { holder: options.instanceId, ttlMs: options.timing?.leaseMs });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let holding = false;
  return {
    drain,
    isWorking: () => holding,
    start(intervalMs = options.timing?.intervalMs ?? 2000) {
      timer = setInterval(() => {
        running = running
          .then(async () => {
            holding = await lease.acquire();
            if (!holding) return;
            await drain();
            await deleteExpiredReports(options.db, new Date(), options.blobs);
          })
          .catch((error) => options.log.error({ err: error }, 'mail outbox worker failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      if (holding) await lease.release().catch(() => {});
      holding = false;
      transport.close();
    },
  };
}
