/**
 * WEB_PROCESSES=N (N > 1): N processes serve HTTP on one PORT (node:cluster), for a machine with
 * more cores than one process uses. They share the listening socket and each accepts on its own
 * event loop (the operating system wakes one of them per connection), so N loops take a
 * lesson's new connections where one took one per turn (docs/performance.md, session 26). Not
 * node's round-robin, where this process accepts and hands each connection over: it hands a
 * process the next one only once that process has taken the last, which is the same one
 * connection per turn of a busy loop, plus the hand-over (a lesson's answers p99 1.1 s against
 * 0.7 s: session 27). The processes share one PostgreSQL and one Redis exactly as instances behind
 * a load balancer do (docs/scale-out.md): tokens, live events, jobs and throttles work across them.
 *
 * The first process starts alone (it migrates the database and makes DATA_DIR's secret), then
 * the others. One that dies is started again (after 1 s, up to 30 s when it keeps dying at
 * start). SIGTERM or SIGINT is passed on: each process stops as a single instance does (no new
 * requests, those in flight finished, leases handed back), then the primary exits.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.ts';

/** A process that dies sooner than this after its start died starting: the next waits longer. */
const STARTED_MS = 10_000;
const RESTART_MS = { first: 1_000, max: 30_000 };
/** How long the processes have to stop before the primary stops them by force. */
const STOP_MS = 20_000;

export async function superviseWebProcesses(config: Config, log: Logger): Promise<void> {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let restartMs = RESTART_MS.first;
  const startedAt = new Map<Worker, number>();

  const fork = (slot: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ WORDBEE_PROCESS: String(slot) });
      startedAt.set(worker, Date.now());
      const failed = (code: number | null, signal: string | null) => {
        startedAt.delete(worker);
        reject(new Error(`web process ${slot} exited while starting (${signal ?? `code ${code}`})`));
      };
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        worker.once('exit', (code, signal) => died(slot, worker, code, signal));
        resolve(worker);
      });
    });

  const died = (slot: number, worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    restartMs = lived < STARTED_MS ? Math.min(RESTART_MS.max, restartMs * 2) : RESTART_MS.first;
    log.error({ process: slot, workerPid: worker.process.pid, code, signal }, `web process ${slot} stopped; starting it again in ${restartMs / 1000} s`);
    restart(slot);
  };

  // Tried again, waiting longer each time, until it serves (the database back, say).
  const restart = (slot: number) =>
    setTimeout(() => {
      if (stopping) return;
      fork(slot).then(
        (w) => log.info({ process: slot, workerPid: w.process.pid }, `web process ${slot} is serving again`),
        (error: unknown) => {
          restartMs = Math.min(RESTART_MS.max, restartMs * 2);
          log.error({ err: error }, `web process ${slot} could not start again; trying in ${restartMs / 1000} s`);
          restart(slot);
        },
      );
    }, restartMs);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal}: stopping the ${config.webProcesses} web processes`);
      const force = setTimeout(() => {
        log.error('web processes did not stop in time: stopping them by force');
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        process.exit(1);
      }, STOP_MS);
      force.unref();
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      // Each stops as one instance does on SIGTERM (server/main.ts).
      Promise.all(
        workers.map(
          (w) => new Promise<number | null>((resolve) => (w.isDead() ? resolve(0) : (w.once('exit', (code) => resolve(code)), w.process.kill('SIGTERM')))),
        ),
      ).then((codes) => process.exit(codes.every((c) => c === 0) ? 0 : 1));
    });
  }

  // The first alone: it migrates the database and writes DATA_DIR's secret for the others.
  try {
    const first = await fork(1);
    log.info({ process: 1, workerPid: first.process.pid }, 'web process 1 is serving');
    const rest = await Promise.all(Array.from({ length: config.webProcesses - 1 }, (_, i) => fork(i + 2)));
    for (const [i, w] of rest.entries()) log.info({ process: i + 2, workerPid: w.process.pid }, `web process ${i + 2} is serving`);
  } catch (error) {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    throw error;
  }
  log.info({ processes: config.webProcesses }, `WordBee is listening on port ${config.port} with ${config.webProcesses} web processes`);
}
