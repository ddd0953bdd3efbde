/**
 * Migrations that move data, applied to a database an older WordBee left behind: the database
 * is migrated up to the migration before, given rows as that version wrote them (plain SQL:
 * that version's code is gone), then migrated to the end as a start-up would.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, freshDatabase } from '../helpers/databases.ts';

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const folders: string[] = [];

/** A copy of db/migrations whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'wordbee-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, tag).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type Sql = { query(text: string): Promise<Record<string, unknown>[]>; migrate(folder: string): Promise<void>; close(): Promise<void> };

/** A bare database of the kind with drizzle's migrator, and raw SQL for the old rows. */
async function open(kind: (typeof DATABASES)[number]): Promise<Sql> {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create();
    const db = drizzle(client);
    return {
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const database = await freshDatabase('postgres', { empty: true });
  const client = postgres(database.url!, { max: 1, onnotice: () => {} });
  const db = drizzle(client);
  return {
    query: async (text) => [...(await client.unsafe(text))] as Record<string, unknown>[],
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

describe.each(DATABASES)('migrations on %s', (kind) => {
  it('0006 moves the bytes of stored recordings into blobs and drops the audio column', async () => {
    const db = await open(kind);
    try {
      await db.migrate(migrationsBefore('0006_recordings_in_blobs'));
      await db.query(`insert into users (username, username_key, email, password_hash, is_teacher) values ('lily01', 'lily01', 'l@home.cn', 'x', false)`);
      await db.query(`insert into recordings (user_id, mime_type, audio, created_at)
        values (1, 'audio/webm', '\\x1a45dfa3000102'::bytea, '2026-11-01T08:00:00Z'), (1, 'audio/ogg', '\\x4f67675300ff'::bytea, '2026-11-02T08:00:00Z')`);
      // A report PDF already in storage stays as it is.
      await db.query(`insert into blobs (key, content_type, bytes) values ('reports/a.pdf', 'application/pdf', '\\x25504446'::bytea)`);

      await db.migrate(MIGRATIONS);

      const rows = await db.query(`select id, mime_type, size_bytes, blob_key from recordings order by id`);
      expect(rows).toEqual([
        { id: 1, mime_type: 'audio/webm', size_bytes: 7, blob_key: 'recordings/1' },
        { id: 2, mime_type: 'audio/ogg', size_bytes: 6, blob_key: 'recordings/2' },
      ]);
      const blobs = await db.query(
        `select key, content_type, encode(bytes, 'hex') as hex, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created from blobs order by key`,
      );
      expect(blobs.map(({ created, ...b }) => b)).toEqual([
        { key: 'recordings/1', content_type: 'audio/webm', hex: '1a45dfa3000102' },
        { key: 'recordings/2', content_type: 'audio/ogg', hex: '4f67675300ff' },
        { key: 'reports/a.pdf', content_type: 'application/pdf', hex: '25504446' },
      ]);
      expect(blobs[0]!.created).toBe('2026-11-01'); // the recording's own date, so the sweep's grace period is no reason to keep it
      const columns = await db.query(`select column_name from information_schema.columns where table_name = 'recordings' order by column_name`);
      expect(columns.map((c) => c.column_name)).toEqual(['blob_key', 'created_at', 'id', 'mime_type', 'size_bytes', 'task_row_id', 'user_id']);
      // New rows take ids after the moved ones, so their keys never meet.
      const [next] = await db.query(`select nextval(pg_get_serial_sequence('recordings', 'id'))::int as id`);
      expect(next!.id).toBe(3);
    } finally {
      await db.close();
    }
  }, 60_000);
});
