/**
 * The database factory: PostgreSQL through postgres.js when a URL is given, otherwise PGlite
 * (embedded PostgreSQL as WebAssembly) in a data folder, or in memory for tests. Both get the
 * same drizzle schema and the same migrations.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: service functions accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Round-trip check for readiness probes. */
  ping(): Promise<void>;
  /** Migrations in db/migrations not yet applied to this database (0 when up to date). */
  pendingMigrations(): Promise<number>;
  /** Calls `listener` with every SQL statement sent through drizzle until the returned function is called (tests count queries per request). */
  observeQueries(listener: (sql: string) => void): () => void;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process on this
   * database; PostgreSQL keeps a connection of its own for it and re-listens after a
   * reconnection). Resolves, once listening, with the function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string; max?: number }
  /**
   * `dataDir` undefined: in memory. `loadDataDir` (in memory only): start from a dump made by
   * PGlite's `dumpDataDir` (such as an already migrated database: tests start hundreds of
   * servers, and an empty cluster costs ~2 s of CPU to create) instead of an empty cluster; the
   * migrations still run and apply whatever the dump lacks.
   */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob };

/** drizzle's logger, used as a tap: nothing is logged, observers see each statement. */
function queryTap() {
  const listeners = new Set<(sql: string) => void>();
  return {
    logger: { logQuery: (query: string) => listeners.forEach((l) => l(query)) },
    observeQueries: (listener: (sql: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations this build ships (read once: /readyz is polled often). */
let shippedMigrations: number | undefined;

/** How many of the journal's migrations a database that has applied `applied` still lacks. */
function pendingOf(applied: number): number {
  shippedMigrations ??= (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;
  return Math.max(0, shippedMigrations - applied);
}
const MIGRATION_LOCK = 727_001; // pg_advisory_lock key: one instance migrates at a time

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.max ?? 10);
  return openPglite('dataDir' in options ? options.dataDir : undefined, 'loadDataDir' in options ? options.loadDataDir : undefined);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  // At least two connections: migrating holds one for the advisory lock and runs on another.
  const client = postgres(url, { max: Math.max(2, max), onnotice: () => {}, connect_timeout: 10, max_lifetime: 30 * 60 });
  // drizzle sends a query as a named (server-prepared) statement only when it was built with
  // .prepare(); otherwise PostgreSQL parses and plans it on every call. The task list's
  // six-table join spent more time being planned than run, so every statement is prepared:
  // postgres.js keeps them per connection, keyed by text (connections are recycled after
  // max_lifetime, which bounds that cache). Behind PgBouncer in transaction mode, use 1.21+
  // with max_prepared_statements set.
  const unsafe = client.unsafe.bind(client);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- postgres.js types a parameter list as any[]
  client.unsafe = ((query: string, params?: any[], options?: { prepare?: boolean }) =>
    unsafe(query, params, { ...options, prepare: true })) as typeof client.unsafe;
  const tap = queryTap();
  const db = drizzle(client, { schema, logger: tap.logger });
  const lock = await client.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
    lock.release();
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await client`select 1`;
    },
    pendingMigrations: async () => pendingOf(Number((await client`select count(*)::int as n from drizzle.__drizzle_migrations`)[0]!.n)),
    observeQueries: tap.observeQueries,
    listen: async (channel, onNotify) => {
      const { unlisten } = await client.listen(channel, (payload) => onNotify(payload));
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

const ANALYZE_EVERY_MS = 60 * 60 * 1000;

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? holdDataDir(dataDir) : () => {};
  let client: InstanceType<typeof PGlite>;
  try {
    client = dataDir ? await PGlite.create(dataDir) : await PGlite.create(loadDataDir ? { loadDataDir } : {});
  } catch (error) {
    release();
    throw error;
  }
  const tap = queryTap();
  const db = drizzle(client, { schema, logger: tap.logger });
  await migrate(db, { migrationsFolder });
  // PGlite runs no autovacuum, so nothing would ever refresh the planner's statistics: without
  // them it guessed, and read a term's answers for the last day's (migration 0008). A school's
  // database (in a folder) is analyzed at start and every hour: ~20 ms per large table, as ANALYZE
  // samples at most 30,000 rows of each. Databases in memory are tests' and stay small.
  let analyzer: NodeJS.Timeout | undefined;
  if (dataDir) {
    const analyze = () => client.exec('ANALYZE').catch(() => {});
    await analyze();
    analyzer = setInterval(analyze, ANALYZE_EVERY_MS).unref();
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    pendingMigrations: async () =>
      pendingOf(Number((await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n)),
    observeQueries: tap.observeQueries,
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    close: async () => {
      clearInterval(analyzer);
      await client.close();
      release();
    },
  };
}

/**
 * The embedded database is one process's: a second process opening the same folder would write
 * over the first one's work. A lock file with the owner's pid refuses a second process while the
 * first runs; one left by a process that died is taken over. Returns the release.
 */
function holdDataDir(dataDir: string): () => void {
  const lock = path.join(dataDir, 'wordbee.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lock, 'utf8'));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `another WordBee process (pid ${owner}) is using the embedded database in ${dataDir}; stop it first, or give this one another DATA_DIR`,
          { cause: error },
        );
      }
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`the embedded database in ${dataDir} could not be locked`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
