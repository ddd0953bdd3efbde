/**
 * Which databases integration tests run on: always PGlite (in memory), and the real
 * PostgreSQL when TEST_DATABASE_URL is set. CI sets WORDBEE_REQUIRE_POSTGRES=1, which makes a
 * missing URL an error instead of a silent skip. Each test server gets a database of its own.
 *
 * A fresh database starts already migrated, copied from a template made once per set of
 * migrations: creating an empty PGlite cluster and migrating it costs ~2.5 s of CPU, and the
 * suite starts hundreds of servers. PGlite's template is a dump (`dumpDataDir`) kept in the
 * system's temporary folder; PostgreSQL's is a database (`create database … template …`). The
 * server still runs its migrations at start, which find nothing to do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type DatabaseOptions } from '../../db/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.WORDBEE_REQUIRE_POSTGRES === '1' && !postgresUrl) {
  throw new Error('WORDBEE_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
}

export const DATABASES: DatabaseKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** Names the set of migrations (and the PGlite build): a template is reused only for the same. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  hash.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  hash.update(readFileSync(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite dump: read from the temporary folder, or made and written there once. */
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(tmpdir(), `wordbee-test-pglite-${migrationsKey()}.tar`);
    if (!existsSync(file)) {
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const client = await PGlite.create();
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      await client.close();
      // Written aside and renamed: a test file in another process reads a whole dump or none.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteTemplate;
}

const TEMPLATE_LOCK = 727_002; // pg_advisory_lock key: one test process makes the template

/** The migrated PostgreSQL template database's name, made once (under a lock) when missing. */
async function migratedPostgres(admin: postgres.Sql): Promise<string> {
  const name = `wordbee_template_${migrationsKey()}`;
  const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (await exists()) return name;
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`;
  try {
    if (await exists()) return name;
    // Made under another name and renamed when complete, so no test copies a half-made one.
    // Templates of other migrations stay: another checkout's tests may be copying them.
    const making = `${name}_making`;
    await admin.unsafe(`drop database if exists ${making} with (force)`);
    await admin.unsafe(`create database ${making}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${making}`;
    const handle = await openDatabase({ url: url.toString(), max: 2 });
    await handle.close();
    await admin.unsafe(`alter database ${making} rename to ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`;
  }
}

/**
 * A fresh database of the kind, migrated (or, with `empty`, without a single table: for tests of
 * the migrations themselves); `drop` removes it.
 */
export async function freshDatabase(kind: DatabaseKind, { empty = false } = {}): Promise<{ options: DatabaseOptions; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') return { options: empty ? {} : { loadDataDir: await migratedPglite() }, drop: async () => {} };
  const name = `wordbee_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(empty ? `create database ${name}` : `create database ${name} template ${await migratedPostgres(admin)}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    options: { url: url.toString(), max: 5 },
    url: url.toString(),
    drop: async () => {
      const a = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
