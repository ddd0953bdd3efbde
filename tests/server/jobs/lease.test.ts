import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { createLease } from '../../../server/jobs/lease.ts';

describe.each(DATABASES)('job leases on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { app: { mailWorker: false } });
  });
  afterAll(() => server?.close());

  it('one holder at a time: renewed by its holder, taken over when given back or run out', async () => {
    const db = server.app.deps.db;
    const a = createLease(db, 'test-job', { holder: 'instance-a', ttlMs: 60_000 });
    const b = createLease(db, 'test-job', { holder: 'instance-b', ttlMs: 500 });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    // b stops renewing (as a crashed instance would): its lease runs out and a takes over.
    await new Promise((r) => setTimeout(r, 700));
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    // Another job's lease is independent.
    expect(await createLease(db, 'other-job', { holder: 'instance-b' }).acquire()).toBe(true);
  });
});
