/**
 * The embedded database is one process's: a second process on the same DATA_DIR is refused with a
 * sentence naming the first, and a lock left by a process that died does not keep WordBee down.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/index.ts';

describe('the embedded database folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second process while the first runs, and takes over from one that died', async () => {
    const lock = path.join(dir, 'wordbee.lock');
    // Another process holds the folder.
    const other = spawn('sleep', ['30']);
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(lock, String(other.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `another WordBee process (pid ${other.pid}) is using the embedded database in ${dir}; stop it first, or give this one another DATA_DIR`,
    );
    // It dies without cleaning up: its lock is stale.
    const exited = new Promise((r) => other.once('exit', r));
    other.kill('SIGKILL');
    await exited;
    const database = await openDatabase({ dataDir: dir });
    expect(existsSync(lock)).toBe(true);
    await database.close();
    expect(existsSync(lock)).toBe(false);
  }, 60_000);

  it('has fresh planner statistics after a start (PGlite runs no autovacuum)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'wordbee-stats-'));
    try {
      const first = await openDatabase({ dataDir: folder });
      await first.db.execute(sql`create table stats_probe (v int)`);
      await first.db.execute(sql`insert into stats_probe select g from generate_series(1, 500) g`);
      await first.close();
      // Without statistics the planner's idea of the table is a guess; after the start it is the table.
      const again = await openDatabase({ dataDir: folder });
      const rows = (await again.db.execute(sql`select reltuples::int as n from pg_class where relname = 'stats_probe'`)) as any;
      expect((rows.rows ?? rows)[0].n).toBe(500);
      await again.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
