/**
 * One WordBee server in a child process, for tests that kill it (SIGKILL) and start it again on
 * the same database: `spawnApp()` starts it and resolves with its URL once it listens. The
 * child is this file run with tsx; its settings travel as JSON in WORDBEE_TEST_APP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MailTiming } from '../../server/reports/mailer.ts';

export type AppProcessSettings = {
  dataDir: string;
  /** PostgreSQL; unset: PGlite on disk in dataDir/pglite, as `npm start` runs. */
  databaseUrl?: string;
  smtpUrl?: string;
  mailTiming?: MailTiming;
  /** false: this process takes no jobs (reports), as if it died right after a result's commit. */
  jobWorker?: boolean;
  /** More settings, as the environment gives them (e.g. PA_WORKERS). */
  env?: Record<string, string>;
};

export type AppProcess = { url: string; child: ChildProcess; exited: Promise<number | null>; output(): string };

const SELF = fileURLToPath(import.meta.url);
const FIXTURE_WORDS = fileURLToPath(new URL('../fixtures/words', import.meta.url));

export function spawnApp(settings: AppProcessSettings, timeoutMs = 60_000): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, WORDBEE_TEST_APP: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child server did not start:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^LISTENING (\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child, exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the child server exited (${code}) before listening:\n${output}`));
    });
  });
}

const WORKER = fileURLToPath(new URL('../../server/worker.ts', import.meta.url));

/**
 * `npm run worker` as a process of its own on the same PostgreSQL (server/worker.ts), started as
 * an operator would, with the environment only; resolves once it says it takes jobs.
 */
export function spawnWorker(
  settings: { dataDir: string; databaseUrl: string; smtpUrl?: string; env?: Record<string, string> },
  timeoutMs = 60_000,
): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'info',
      ...(settings.smtpUrl ? { SMTP_URL: settings.smtpUrl } : {}),
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the worker did not start:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('WordBee worker is taking jobs')) {
        clearTimeout(timer);
        resolve({ url: '', child, exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code}) before taking jobs:\n${output}`));
    });
  });
}

// ------------------------------------------------------------------ the child itself
if (process.argv[1] === SELF && process.env.WORDBEE_TEST_APP) {
  const settings = JSON.parse(process.env.WORDBEE_TEST_APP) as AppProcessSettings;
  const { createApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config.ts');
  const config = loadConfig({
    DATA_DIR: settings.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
    ...(settings.smtpUrl ? { SMTP_URL: settings.smtpUrl } : {}),
    ...settings.env,
  });
  const app = await createApp(config, { contentDir: FIXTURE_WORDS, serveClient: false, mailTiming: settings.mailTiming, jobWorker: settings.jobWorker });
  console.log(`LISTENING ${await app.listen(0, '127.0.0.1')}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
