/**
 * A durable outbox drained by a background worker: rows are written in the same transaction
 * as what caused them, then claimed, delivered, and marked sent — or retried with exponential
 * backoff until `maxAttempts`, then marked failed. A row is claimed before it is delivered, so
 * two instances never deliver the same one; a claim left by a crashed instance is retried
 * after a lease. Used by the mail outbox (reports/mailer.ts) and webhook deliveries
 * (integrations/webhooks.ts); each table has the columns below.
 */
import { and, asc, eq, getTableName, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Database } from '../db/index.ts';
import { prepared } from '../db/sql.ts';

type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

/** 30 s, 1 min, 2 min … (doubling from `baseMs`) capped at 1 hour. */
const backoffMs = (attempts: number, baseMs = 30_000) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/**
 * A failed delivery that also records what it learned (e.g. the HTTP status it got);
 * `permanent` ones are not retried (there is nobody left to deliver to, or it may not be
 * delivered) and end with `finalStatus` ('failed' unless another is given, e.g. 'refused').
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, unknown> = {},
    readonly permanent = false,
    readonly finalStatus = 'failed',
  ) {
    super(message);
  }
}

export type OutboxOptions<Row> = {
  db: Database;
  table: OutboxTable;
  /** Delivers one claimed row; may return more columns to set when it succeeded. */
  deliver(row: Row): Promise<Record<string, unknown> | void>;
  log: Logger;
  /** Names the rows in logs ('mail', 'webhook delivery'). */
  what: string;
  /** Log context of a row (never secrets). */
  describe?(row: Row): Record<string, unknown>;
  maxAttempts?: number;
  /** How long a claim holds before another worker may take the row over. */
  leaseMs?: number;
  /** The first retry's delay; later ones double. */
  backoffBaseMs?: number;
  batch?: number;
  /** How many claimed rows are delivered at once (default 1: one after another). */
  concurrency?: number;
  /** Asked before each background round; false skips it (another instance holds the work). */
  gate?(): Promise<boolean>;
};

export type Outbox = {
  /** Delivers what is due at `now`; returns how many were delivered. */
  drain(now?: Date): Promise<number>;
  /** Drains every `intervalMs` in the background (then runs `alsoEachRound`), one round at a time. */
  start(intervalMs?: number, alsoEachRound?: () => Promise<unknown>): void;
  /** Stops the background rounds and waits for the current one. */
  stop(): Promise<void>;
};

export function createOutbox<Row extends { id: number; attempts: number }>(options: OutboxOptions<Row>): Outbox {
  const { db, table } = options;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's table has the outbox columns (OutboxOptions); drizzle cannot say so generically
  const t = table as any;
  const maxAttempts = options.maxAttempts ?? 12;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batch = options.batch ?? 20;

  const markSent = () =>
    prepared(db, `outboxSent:${getTableName(t)}`, () =>
      db
        .update(t)
        .set({ status: 'sent', sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`, lastError: null })
        .where(eq(table.id, sql.placeholder('id')))
        .prepare(`outbox_sent_${getTableName(t)}`),
    );

  async function claim(now: Date, limit: number): Promise<Row[]> {
    // Due rows, and ones whose worker vanished past the lease.
    const claimable = or(
      and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)),
      and(eq(table.status, 'sending'), lte(table.nextAttemptAt, new Date(now.getTime() - leaseMs))),
    );
    const due = await db.select({ id: table.id }).from(t).where(claimable).orderBy(asc(table.nextAttemptAt)).limit(limit);
    if (due.length === 0) return [];
    // The update re-checks the condition, so of two instances claiming together only one wins each row.
    return (await db
      .update(t)
      .set({ status: 'sending', nextAttemptAt: now, attempts: sql`${table.attempts} + 1` })
      .where(
        and(
          inArray(
            table.id,
            due.map((d: { id: unknown }) => d.id),
          ),
          claimable,
        ),
      )
      .returning()) as Row[];
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const outbox: Outbox = {
    async drain(now = new Date()) {
      let delivered = 0;
      const claimed = await claim(now, batch);
      const deliverOne = async (row: Row) => {
        try {
          const fields = await options.deliver(row);
          if (fields && Object.keys(fields).length > 0)
            await db
              .update(t)
              .set({ ...fields, status: 'sent', sentAt: new Date(), lastError: null })
              .where(eq(table.id, row.id));
          // The common case, once per e-mail, job or delivery: a prepared statement.
          else await markSent().execute({ id: row.id, sentAt: new Date().toISOString() });
          delivered++;
        } catch (error) {
          const failed = row.attempts >= maxAttempts || (error instanceof DeliveryFailure && error.permanent);
          await db
            .update(t)
            .set({
              ...(error instanceof DeliveryFailure ? error.fields : {}),
              status: failed ? (error instanceof DeliveryFailure ? error.finalStatus : 'failed') : 'pending',
              lastError: String((error as Error).message).slice(0, 500),
              nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts, options.backoffBaseMs)),
            })
            .where(eq(table.id, row.id));
          options.log.warn(
            { ...options.describe?.(row), attempts: row.attempts, err: error },
            failed ? `${options.what} failed for good` : `${options.what} will be retried`,
          );
        }
      };
      const lanes = Math.max(1, Math.min(options.concurrency ?? 1, claimed.length));
      let next = 0;
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < claimed.length) await deliverOne(claimed[next++]!);
        }),
      );
      return delivered;
    },
    start(intervalMs = 2000, alsoEachRound) {
      // A round that fails (the database away) is tried again every interval: said once when
      // the failures begin and once when a round works again, not every two seconds.
      let failing = false;
      timer = setInterval(() => {
        running = running
          .then(async () => {
            if (options.gate && !(await options.gate())) return;
            // Until a batch comes back short: a burst (a class's 80 report e-mails) goes out in
            // this round, not one batch every interval. A stop ends it after the batch in hand.
            while ((await outbox.drain()) >= batch && timer !== undefined);
            await alsoEachRound?.();
            if (failing) options.log.info(`${options.what} worker runs again`);
            failing = false;
          })
          .catch((error) => {
            if (!failing) options.log.error({ err: error }, `${options.what} worker failed; it tries again every ${intervalMs / 1000} s`);
            failing = true;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return outbox;
}

export type WakeableOutbox = Outbox & {
  /** Asks for a round now (coalesced with one already running); a no-op until `start`. */
  wake(): void;
};

/**
 * An outbox that, besides polling every `intervalMs`, can be asked for a round now (`wake`: a
 * process that has just written a job, or heard that another did). Rounds are coalesced: a wake
 * during a round asks for one more after it, and each round drains until nothing is due.
 */
export function wakeable(outbox: Outbox, log: Logger, defaultIntervalMs: number, alsoEachRound?: () => Promise<unknown>): WakeableOutbox {
  let started = false;
  let round: Promise<unknown> | null = null;
  let again = false;
  const runRound = () => {
    if (round) {
      again = true;
      return;
    }
    round = (async () => {
      do {
        again = false;
        // Until a round finds nothing (a burst of results is worked through at once), or the
        // process stops: a shutdown waits for the batch in hand only, the rest stays queued.
        while (started && (await outbox.drain()) > 0);
      } while (again && started);
    })()
      .catch((error) => log.warn({ err: error }, 'job round failed; the next poll retries'))
      .finally(() => (round = null));
  };
  return {
    drain: (now) => outbox.drain(now),
    start(intervalMs = defaultIntervalMs) {
      started = true;
      outbox.start(intervalMs, alsoEachRound);
    },
    async stop() {
      started = false;
      await outbox.stop();
      await round;
    },
    wake() {
      if (started) runRound();
    },
  };
}
