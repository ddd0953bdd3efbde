/**
 * What every benchmark starts from: a WordBee server on loopback with a database of its own
 * (a fresh PostgreSQL database on the DATABASE_URL server when it is set, else PGlite in a
 * temporary folder), quiet logs, and the raw database client for the bare baselines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import pino from 'pino';
import { createApp, type App, type AppOptions } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-000';
export const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 5);

/** Runs SQL text with positional parameters ($1…) on the bench database, bypassing the app; rows as arrays. */
export type RawQuery = (text: string, params: unknown[]) => Promise<unknown[][]>;

/**
 * One user hammering the server would run its GraphQL budget dry (429s): the budgets are set so
 * high that the checks still run but never refuse — the run measures work, not throttling.
 */
export const UNLIMITED_BUDGETS = {
  API_TOKEN_BUDGET: '10000000',
  API_TOKEN_RESTORE_PER_SEC: '10000000',
  API_USER_BUDGET: '10000000',
  API_USER_RESTORE_PER_SEC: '10000000',
  LIVE_VIEWS_PER_USER: '1000000',
};

export type BenchServer = {
  app: App;
  url: string;
  kind: 'pglite' | 'postgres';
  /** The bench database's URL (PostgreSQL only), for a bare client of its own. */
  databaseUrl?: string;
  raw: RawQuery;
  close(): Promise<void>;
};

export async function startBenchServer(options: { env?: Record<string, string>; app?: AppOptions; databaseUrl?: string } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-bench-'));
  let databaseUrl = options.databaseUrl;
  let drop = async () => {};
  if (!databaseUrl && process.env.DATABASE_URL) {
    const name = `wordbee_bench_${randomBytes(5).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: BENCH_SECRET, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...UNLIMITED_BUDGETS, ...options.env });
  const app = await createApp(config, {
    database: databaseUrl ? { url: databaseUrl, max: 10 } : { dataDir: path.join(dataDir, 'pglite') },
    logger: pino({ level: 'silent' }),
    serveClient: false,
    mailWorker: false,
    ...options.app,
  });
  const url = await app.listen(0, '127.0.0.1');
  const client = (app.deps.db as any).$client;
  const raw: RawQuery = databaseUrl
    ? async (text, params) => (await client.unsafe(text, params as any[], { prepare: true }).values()) as unknown[][]
    : async (text, params) => (await client.query(text, params, { rowMode: 'array' })).rows as unknown[][];
  return {
    app,
    url,
    kind: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    raw,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
export const ms = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
