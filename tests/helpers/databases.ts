/**
 * Which databases integration tests run on: always PGlite (in memory), and the real
 * PostgreSQL when TEST_DATABASE_URL is set. CI sets WORDBEE_REQUIRE_POSTGRES=1, which makes a
 * missing URL an error instead of a silent skip. Each test server gets a database of its own.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { DatabaseOptions } from '../../db/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.WORDBEE_REQUIRE_POSTGRES === '1' && !postgresUrl) {
  throw new Error('WORDBEE_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
}

export const DATABASES: DatabaseKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, empty database of the kind; `drop` removes it. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ options: DatabaseOptions; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') return { options: {}, drop: async () => {} };
  const name = `wordbee_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
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
