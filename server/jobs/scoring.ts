/**
 * Pronunciation scoring as durable jobs (PA_SCORING=jobs), so a school scales scoring out to
 * `npm run worker` processes on other machines while the web instances only receive uploads.
 *
 * The web instance that received a recording writes it to `scoring_jobs` and NOTIFYs the
 * takers; the first process to claim the row (the shared outbox: server/outbox.ts) scores it in
 * its own pool (server/speech/pa/pool.ts), writes the result and NOTIFYs back; the web instance
 * reads the result, deletes the row and answers the upload, as if it had scored it itself. A
 * taker killed while scoring leaves its claim, which another takes over after the lease; a web
 * instance also looks for finished rows every second, so a lost notification costs a second,
 * not the score. A recording nobody waits for any more (its web instance gave up or died) is
 * swept after SWEEP_AFTER_MS.
 *
 * The embedded database belongs to one process, so it scores in its own pool (PA_SCORING=local).
 */
import { hostname } from 'node:os';
import { and, inArray, isNotNull, lt, or, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { scoringJobs } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import { createOutbox, wakeable } from '../outbox.ts';
import { ScoringBusyError, ScoringInputError, type Scorer, type ScoringJob, type ScoringPool } from '../speech/pa/pool.ts';
import type { PaResult } from '../speech/pa/result.ts';
import type { JobQueue } from './queue.ts';

/** A new recording to score (payload: nothing). */
const NEW_JOB = 'wordbee_scoring_new';
/** A recording scored (payload: its row id). */
const SCORED = 'wordbee_scoring_done';

/** How long an upload waits for its score before it is answered "busy, try again". */
const WAIT_MS = 120_000;
/** How often a waiting instance looks for finished rows it has not heard of. */
const POLL_MS = 1000;
/** Rows older than this have nobody waiting for them. */
const SWEEP_AFTER_MS = 10 * 60_000;

type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
type Row = typeof scoringJobs.$inferSelect;
type Request = Omit<ScoringJob, 'audio'>;

export type ScoringTiming = { leaseMs?: number; backoffBaseMs?: number; intervalMs?: number };

/**
 * The web side: `score` writes the recording as a job and waits for whichever process scores it.
 * At most `maxWaiting` uploads wait at once on this instance; beyond, "busy" at the headers.
 */
export function createJobScorer(options: { db: Database; listen: Listen; log: Logger; maxWaiting: number; waitMs?: number }): Scorer {
  const { db, log } = options;
  const waiters = new Map<number, { resolve(result: PaResult): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let closed = false;
  /** Uploads in `score` (being written or waiting for their scores): the load, and what fills the room. */
  let admitted = 0;
  let poller: NodeJS.Timeout | undefined;
  let listening: Promise<() => Promise<void>> | undefined;

  // Takes the finished ones among `ids` (deleting them: the recording is not kept here) and
  // settles their waiters.
  const collect = async (ids: number[]) => {
    if (ids.length === 0) return;
    const done = await db
      .delete(scoringJobs)
      .where(and(inArray(scoringJobs.id, ids), or(isNotNull(scoringJobs.result), isNotNull(scoringJobs.error), eq(scoringJobs.status, 'failed'))))
      .returning({
        id: scoringJobs.id,
        result: scoringJobs.result,
        error: scoringJobs.error,
        inputError: scoringJobs.inputError,
        lastError: scoringJobs.lastError,
      });
    for (const row of done) {
      const waiter = waiters.get(row.id);
      if (!waiter) continue;
      waiters.delete(row.id);
      clearTimeout(waiter.timer);
      if (row.result) waiter.resolve(row.result as PaResult);
      else if (row.inputError) waiter.reject(new ScoringInputError(row.error!));
      else waiter.reject(new Error(row.error ?? `the recording could not be scored (${row.lastError ?? 'no scorer answered'})`));
    }
  };
  const collectQuietly = (ids: number[]) => collect(ids).catch((error) => log.warn({ err: error }, 'reading scored recordings failed; the next look retries'));

  const startListening = () => {
    listening ??= options
      .listen(SCORED, (payload) => {
        const id = Number(payload);
        if (waiters.has(id)) void collectQuietly([id]);
      })
      .catch((error) => {
        // Scores are still found by the look every second; the next upload tries to listen again.
        log.warn({ err: error }, 'cannot listen for scored recordings; looking every second instead');
        listening = undefined;
        return async () => {};
      });
    poller ??= setInterval(() => void collectQuietly([...waiters.keys()]), POLL_MS);
    poller.unref();
    return listening;
  };

  /** Writes the recording as a job, tells the takers, and waits for its score. */
  const writeAndWait = async (job: ScoringJob): Promise<PaResult> => {
    await startListening();
    const { audio, ...request } = job;
    const [row] = await db
      .insert(scoringJobs)
      .values({ audio, request: request satisfies Request })
      .returning({ id: scoringJobs.id });
    const id = row!.id;
    const scored = new Promise<PaResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(id);
        // Nobody took it in time: it is not scored later for nobody.
        void db
          .delete(scoringJobs)
          .where(eq(scoringJobs.id, id))
          .catch(() => {});
        log.warn({ scoringJob: id }, 'no process scored the recording in time (are the workers running?)');
        reject(new ScoringBusyError());
      }, options.waitMs ?? WAIT_MS);
      waiters.set(id, { resolve, reject, timer });
    });
    // The takers that listen start at once; the others find it at their next look.
    await db.execute(sql`select pg_notify(${NEW_JOB}, '')`).catch((error) => log.warn({ err: error }, 'could not announce a recording to score'));
    return scored;
  };

  return {
    get load() {
      return admitted;
    },
    hasRoom(ahead = 0) {
      return !closed && admitted + ahead < options.maxWaiting;
    },
    async score(job) {
      if (closed || admitted >= options.maxWaiting) throw new ScoringBusyError();
      admitted++;
      try {
        return await writeAndWait(job);
      } finally {
        admitted--;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(poller);
      const abandoned = [...waiters.keys()];
      for (const [id, waiter] of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new ScoringBusyError());
        waiters.delete(id);
      }
      // Nobody will read their scores: not scored for nobody (the sweep would drop them later).
      if (abandoned.length)
        await db
          .delete(scoringJobs)
          .where(inArray(scoringJobs.id, abandoned))
          .catch(() => {});
      const unlisten = await listening?.catch(() => undefined);
      await unlisten?.().catch(() => {});
    },
  };
}

/**
 * The taking side (a `npm run worker` process, and web instances with PA_SCORING=jobs unless
 * WEB_JOBS=false): claims recordings as its pool has room and scores them. `wake` is called on
 * every NOTIFY of a new recording, so a job waits for no poll.
 */
export function createScoringQueue(options: { db: Database; listen: Listen; pool: ScoringPool; log: Logger; timing?: ScoringTiming }): JobQueue {
  const { db, pool, log } = options;
  const scoredBy = `${hostname()}:${process.pid}`;
  const outbox = createOutbox<Row>({
    db,
    table: scoringJobs,
    what: 'scoring job',
    log,
    describe: (row) => ({ scoringJob: row.id }),
    // Longer than the pool's own limit for one recording (60 s) and its wait in the pool's queue.
    leaseMs: options.timing?.leaseMs ?? 90_000,
    backoffBaseMs: options.timing?.backoffBaseMs ?? 250,
    maxAttempts: 5,
    // Two per thread: the next recording is in the pool's queue when one finishes.
    batch: pool.workers * 2,
    concurrency: pool.workers * 2,
    async deliver(row) {
      let outcome: { result: PaResult } | { error: string; inputError: boolean };
      try {
        outcome = { result: await pool.score({ audio: row.audio, ...(row.request as Request) }) };
      } catch (error) {
        // Full (this pool is shared with the uploads this instance scores itself): try again soon.
        if (error instanceof ScoringBusyError) throw error;
        // What the pool would have answered the upload: said to the instance that waits.
        outcome = { error: (error as Error).message, inputError: error instanceof ScoringInputError };
      }
      const set =
        'result' in outcome
          ? sql`result = ${JSON.stringify(outcome.result)}::jsonb`
          : sql`error = ${outcome.error.slice(0, 1000)}, input_error = ${outcome.inputError}`;
      // The answer and its notification in one statement (a notification is sent at commit).
      await db.execute(
        sql`with done as (update ${scoringJobs} set ${set}, scored_by = ${scoredBy} where id = ${row.id} returning id) select pg_notify(${SCORED}, id::text) from done`,
      );
    },
  });

  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_AFTER_MS / 10) return;
    lastSweep = Date.now();
    await db.delete(scoringJobs).where(lt(scoringJobs.createdAt, new Date(Date.now() - SWEEP_AFTER_MS)));
  };
  const queue = wakeable(outbox, log, options.timing?.intervalMs ?? 1000, sweep);
  let unlisten: Promise<() => Promise<void>> | undefined;
  return {
    ...queue,
    start(intervalMs) {
      queue.start(intervalMs);
      unlisten = options.listen(NEW_JOB, () => queue.wake());
      unlisten.then(
        () => queue.wake(),
        (error) => log.warn({ err: error }, 'cannot listen for new recordings; looking every second instead'),
      );
    },
    async stop() {
      const stopListening = await unlisten?.catch(() => undefined);
      await stopListening?.().catch(() => {});
      await queue.stop();
    },
  };
}
