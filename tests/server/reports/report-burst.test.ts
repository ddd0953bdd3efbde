/**
 * A class keeps finishing: reports wait for a burst of results to pass (server/jobs/queue.ts,
 * QUIET_MS), but not for ever. A teacher whose class posts for minutes still gets the first
 * student's report during the lesson, not after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask } from '../../helpers/results.ts';
import { rowsOf } from '../../../db/sql.ts';

describe.each(DATABASES)('reports during a burst of results on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The job worker runs on its own here (no test drains it by hand); e-mails stay queued.
    server = await startServer(kind, { app: { jobWorker: true, mailWorker: false } });
  });
  afterAll(() => server?.close());

  it("makes a student's report while classmates' results are still arriving", async () => {
    await finishTask(server, { drain: false });
    const reports = async () => rowsOf<{ n: number }>(await server.app.database.db.execute(sql`select count(*)::int as n from reports`))[0]!.n;
    // Classmates' results, one every 100 ms for 8 s: each one wakes the job worker as a post does.
    const burstEnds = Date.now() + 8_000;
    let madeAt: number | undefined;
    while (Date.now() < burstEnds) {
      server.app.jobs.wake();
      if (madeAt === undefined && (await reports()) > 0) madeAt = Date.now();
      await new Promise((r) => setTimeout(r, 100));
    }
    // Made within the burst: a round waits at most 2 s for the results to stop.
    expect(madeAt, 'the report was made only after the burst').toBeDefined();
    expect(await reports()).toBe(1);
  }, 60_000);
});
