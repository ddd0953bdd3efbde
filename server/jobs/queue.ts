/**
 * Durable jobs: work a transaction asks for but need not wait for (a result's report: its PDF,
 * e-mails and report.ready webhook). The row is written in that transaction (`jobs`), and done
 * after it commits by any instance, through the shared outbox (server/outbox.ts: claim, lease,
 * backoff; a claim left by a killed process is taken over after the lease). A job is done
 * exactly once because what it writes is keyed (one report per result): done again after a
 * crash between its work and its 'sent' mark, it writes nothing new.
 *
 * The process that wrote a job wakes its own worker (`wake`), so a report follows its result
 * within a fraction of a second; other instances and `npm run worker` poll. Reports yield to the
 * posts that ask for them: while results keep arriving (a class pressing 'finish' together) the
 * round waits until none has come for QUIET_MS, and no longer than MAX_DEFER_MS after the first,
 * so the posts do not share the cores with the PDFs and e-mails (docs/performance.md, session 36).
 */
import type { Logger } from 'pino';
import { jobs } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import type { BlobStore } from '../storage/blobs.ts';
import { createOutbox, wakeable, type WakeableOutbox } from '../outbox.ts';
import { makeReport, type ReportJob } from '../reports/service.ts';
import { reportRenderer } from '../reports/render-pool.ts';

/** A burst of results is over once none has come for this long. */
const QUIET_MS = 250;
/** The longest a report round waits for a burst to end. */
const MAX_DEFER_MS = 2_000;

export type JobTiming = { leaseMs?: number; backoffBaseMs?: number; intervalMs?: number };

export type JobQueue = WakeableOutbox;

type JobRow = typeof jobs.$inferSelect;

export function createJobQueue(options: {
  db: Database;
  blobs: BlobStore;
  log: Logger;
  timing?: JobTiming;
  batch?: number;
  reportThreads?: number;
  /** Called after a report is made (its e-mails queued): the mailer sends them at once. */
  reportMade?: () => void;
}): JobQueue {
  // PDFs on a thread of their own, so a burst of reports does not hold up the posts in flight.
  const render = reportRenderer({ threads: options.reportThreads ?? 1, log: options.log });
  /** A round asked for and waiting for the burst to end (see QUIET_MS); the poll waits for it too. */
  let deferred: NodeJS.Timeout | undefined;
  let firstWake = 0;
  const outbox = createOutbox<JobRow>({
    db: options.db,
    table: jobs,
    what: 'job',
    log: options.log,
    describe: (row) => ({ job: row.id, kind: row.kind, resultId: row.resultId }),
    leaseMs: options.timing?.leaseMs ?? 60_000,
    backoffBaseMs: options.timing?.backoffBaseMs ?? 5_000,
    batch: options.batch ?? 16,
    gate: async () => deferred === undefined,
    // A report waits on the database more than it renders: a few at once.
    concurrency: 4,
    async deliver(row) {
      if (row.kind === 'report') {
        // The result is gone (its class or student deleted meanwhile): nothing to report.
        if (row.resultId === null) return;
        await makeReport(options, row.resultId, row.payload as ReportJob, render);
        options.reportMade?.();
        return;
      }
      throw new Error(`Unknown job kind ${row.kind}`);
    },
  });

  const queue = wakeable(outbox, options.log, options.timing?.intervalMs ?? 1000);
  return {
    ...queue,
    wake() {
      const now = Date.now();
      firstWake ||= now;
      clearTimeout(deferred);
      deferred = setTimeout(
        () => {
          deferred = undefined;
          firstWake = 0;
          queue.wake();
        },
        Math.max(0, Math.min(QUIET_MS, firstWake + MAX_DEFER_MS - now)),
      );
      deferred.unref();
    },
    async stop() {
      clearTimeout(deferred);
      deferred = undefined;
      await queue.stop();
    },
  };
}
