/**
 * `npm start` with WEB_PROCESSES=N (server/processes.ts) as a benchmark's server: N processes on
 * one port, on the benchmark's PostgreSQL database and REDIS_URL's Redis, with the benchmark's secret and budgets, so the accounts it made are theirs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SECRET, UNLIMITED_BUDGETS } from './setup.ts';
import { freePort } from './nginx.ts';

export async function startWebProcesses(databaseUrl: string, redisUrl: string, processes: number): Promise<{ url: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-bench-processes-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../server/main.ts', import.meta.url))], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_PROCESSES: String(processes),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: BENCH_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      PA_WORKERS: '1',
      ...UNLIMITED_BUDGETS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web processes exited (${child.exitCode}):\n${output}`);
    if (output.includes(`with ${processes} web processes`)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the web processes did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
