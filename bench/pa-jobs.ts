/**
 * Pronunciation scoring as jobs (PA_SCORING=jobs, server/jobs/scoring.ts), PostgreSQL only: a
 * class's recordings (10 words, WebM Opus) handed at once to the web side's job scorer, scored by
 * `npm run worker` processes started beside it on this machine, against the baseline of the same
 * recordings scored in this process's own pool with as many threads, in the same run.
 *
 * Reported per configuration: recordings per second, and per scoring thread (on this 2-core
 * machine a thread is a core while there are at most 2). "4 workers on a machine with more
 * cores" cannot be measured here; 4 threads on 2 cores show the cost of the job system when the
 * workers are oversubscribed, and the per-core figure with 2 threads is the one that scales.
 */
import pino from 'pino';
import { availableParallelism } from 'node:os';
import { startBenchServer } from './setup.ts';
import { spawnWorker, type AppProcess } from '../tests/helpers/app-process.ts';
import { createJobScorer } from '../server/jobs/scoring.ts';
import { ScoringPool, type Scorer } from '../server/speech/pa/pool.ts';
import { browserRecording, speak } from '../scripts/pa/synth.ts';

const WORDS = ['apple', 'banana', 'orange', 'teacher', 'window', 'yellow', 'purple', 'monkey', 'river', 'pencil'];
/** Recordings at once per scoring thread. */
const PER_THREAD = 12;

/** `count` recordings handed to `scorer` at once: recordings per second until the last score. */
async function burst(scorer: Scorer, audio: Uint8Array, count: number): Promise<number> {
  const text = WORDS.join(' ');
  const t0 = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => scorer.score({ audio, text })));
  const failed = outcomes.filter((o) => o.status === 'rejected');
  if (failed.length) throw new Error(`${failed.length} of ${count} recordings were not scored: ${(failed[0] as PromiseRejectedResult).reason}`);
  return count / ((performance.now() - t0) / 1000);
}

export async function paJobsBenchmark() {
  const name = 'Pronunciation scoring as jobs: `npm run worker` processes scoring a class at once (PA_SCORING=jobs)';
  if (!process.env.DATABASE_URL) return { name, lines: ['needs PostgreSQL (DATABASE_URL): with the embedded database a process scores its own recordings'] };
  const audio = await browserRecording(await speak(WORDS, 'slt', 1), 'webm');
  const server = await startBenchServer();
  const scorer = createJobScorer({ db: server.app.deps.db, listen: server.app.database.listen, log: pino({ level: 'silent' }), maxWaiting: 10_000 });
  const lines: string[] = [];
  const shapes: Array<{ processes: number; threads: number }> = [
    { processes: 1, threads: 1 },
    { processes: 2, threads: 1 },
    { processes: 1, threads: 2 },
    { processes: 2, threads: 2 },
  ];
  let perThreadAlone = 0;
  try {
    for (const { processes, threads } of shapes) {
      const total = processes * threads;
      // Baseline: the same recordings in this process's own pool with as many threads.
      const pool = new ScoringPool({ workers: total, maxQueue: total * PER_THREAD });
      pool.start();
      await pool.ready();
      await burst(pool, audio, total);
      const local = await burst(pool, audio, total * PER_THREAD);
      await pool.close();

      const workers: AppProcess[] = [];
      try {
        for (let i = 0; i < processes; i++)
          workers.push(
            await spawnWorker({
              dataDir: server.app.deps.config.dataDir,
              databaseUrl: server.databaseUrl!,
              env: { PA_WORKERS: String(threads), LOG_LEVEL: 'info' },
            }),
          );
        for (const w of workers)
          for (const end = Date.now() + 60_000; !w.output().includes('pronunciation scoring is ready'); await new Promise((r) => setTimeout(r, 50)))
            if (Date.now() > end) throw new Error(`a worker did not load its model:\n${w.output()}`);
        await burst(scorer, audio, total * 2);
        const jobs = await burst(scorer, audio, total * PER_THREAD);
        const perThread = jobs / total;
        if (total === 1) perThreadAlone = perThread;
        lines.push(
          `${processes} worker process${processes > 1 ? 'es' : ''} × ${threads} thread${threads > 1 ? 's' : ''}, ${total * PER_THREAD} recordings at once: ` +
            `${jobs.toFixed(2)} recordings/s (${perThread.toFixed(2)} per thread${perThreadAlone && total > 1 ? `, ${((perThread / perThreadAlone) * 100).toFixed(0)}% of one thread alone` : ''}); ` +
            `baseline, this process's own pool of ${total}: ${local.toFixed(2)} recordings/s — jobs are ${((jobs / local) * 100).toFixed(0)}% of it`,
        );
      } finally {
        for (const w of workers) w.child.kill('SIGTERM');
        await Promise.all(workers.map((w) => w.exited));
      }
    }
  } finally {
    await scorer.close();
    await server.close();
  }
  lines.push(`(${availableParallelism()} cores on this machine: beyond them, threads share cores)`);
  return { name, lines };
}
