/**
 * The mail outbox survives a crash: a real WordBee server in a child process is SIGKILLed while
 * a real SMTP server on loopback holds the DATA phase of a report e-mail (the message fully
 * sent, no reply yet), then started again on the same database while the mail server first
 * refuses (451) and then accepts. Every recipient gets the report exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import postgres from 'postgres';
import { DATABASES, freshDatabase } from '../../helpers/databases.ts';
import { spawnApp, spawnWorker, type AppProcessSettings } from '../../helpers/app-process.ts';
import { until } from '../../helpers/live.ts';
import { openDatabase } from '../../../db/index.ts';
import { mailOutbox } from '../../../db/schema.ts';
import { sql as sqlText } from 'drizzle-orm';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';

const TIMING = { leaseMs: 1500, backoffBaseMs: 800, intervalMs: 100 };
const RECIPIENTS = ['demostudent@wordbee.local', 'demoteacher@wordbee.local'];

type Attempt = { to: string; at: number; outcome: 'held' | 'refused' | 'accepted'; messageId: string };

/** An SMTP server on loopback that holds, refuses or accepts each message's DATA as told. */
async function mailServer() {
  const attempts: Attempt[] = [];
  let mode: 'hold' | 'accept' = 'hold';
  let refusals = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        const attempt = {
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          at: Date.now(),
          messageId: /^Message-ID: (.+)$/im.exec(data)?.[1]?.trim() ?? '',
        };
        // Holding: the whole message has arrived, but the reply that would accept it never comes.
        if (mode === 'hold') return void attempts.push({ ...attempt, outcome: 'held' });
        if (refusals > 0) {
          refusals--;
          attempts.push({ ...attempt, outcome: 'refused' });
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        attempts.push({ ...attempt, outcome: 'accepted' });
        callback();
      });
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    attempts,
    accepted: () => attempts.filter((a) => a.outcome === 'accepted'),
    acceptAfterRefusing(n: number) {
      mode = 'accept';
      refusals = n;
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** Through a server's REST calls: the demo student finishes a task, which queues two report e-mails. */
async function finishTask(url: string) {
  const call = async (p: string, init: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${url}/api/v1.0${p}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { 'x-access-token': init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    return text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : text;
  };
  const login = async (name: string) => (await call('/username/login', { body: { username: name, password: name } })).accessToken as string;
  const teacher = await login('demoteacher');
  const student = await login('demostudent');
  await call('/usertasks/assigntask', { body: { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, token: teacher });
  const task = (await call('/usertasks', { token: student })).find((t: any) => t.bookUnitID === 'NS2022-ES3');
  const words = ['red', 'blue', 'green', 'yellow', 'circle', 'square', 'black', 'white'];
  const rows = words.map((w, i) => [i + 1, w, w, 'v', 2]);
  await call('/userspelling', { body: [SBARR_HEADER, ...rows, `NS2022-ES3-${task.TPID}-SB-demoteacher-100`], token: student });
}

/** Counts of what a result leaves behind (one SQL statement; PGlite opened only while no server runs). */
async function tally(settings: AppProcessSettings): Promise<{ results: number; reports: number; mails: number; pendingJobs: number; doneJobs: number }> {
  const query = `select (select count(*)::int from results) as results, (select count(*)::int from reports) as reports, (select count(*)::int from mail_outbox) as mails,
    (select count(*)::int from jobs where status in ('pending', 'sending')) as "pendingJobs", (select count(*)::int from jobs where status = 'sent') as "doneJobs"`;
  if (settings.databaseUrl) {
    const sql = postgres(settings.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return (await sql.unsafe(query))[0] as never;
    } finally {
      await sql.end();
    }
  }
  const database = await openDatabase({ dataDir: path.join(settings.dataDir, 'pglite') });
  try {
    const result = (await database.db.execute(sqlText.raw(query))) as unknown as { rows: never[] };
    return result.rows[0]!;
  } finally {
    await database.close();
  }
}

/** The outbox rows, read once the servers have stopped. */
async function outboxRows(settings: AppProcessSettings) {
  if (settings.databaseUrl) {
    const sql = postgres(settings.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return await sql<{ to_address: string; status: string; attempts: number }[]>`select to_address, status, attempts from mail_outbox order by to_address`;
    } finally {
      await sql.end();
    }
  }
  const database = await openDatabase({ dataDir: path.join(settings.dataDir, 'pglite') });
  try {
    const rows = await database.db.select().from(mailOutbox);
    return rows.map((r) => ({ to_address: r.toAddress, status: r.status, attempts: r.attempts })).sort((a, b) => a.to_address.localeCompare(b.to_address));
  } finally {
    await database.close();
  }
}

describe.each(DATABASES)('the mail outbox across a crash on %s', (kind) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('a server killed in the middle of sending resends after the lease, retries a refusing mail server with backoff, and delivers each report once per recipient', async () => {
    const smtp = await mailServer();
    cleanup.push(() => smtp.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = kind === 'postgres' ? await freshDatabase('postgres') : undefined;
    if (database) cleanup.push(() => database.drop());
    const settings: AppProcessSettings = { dataDir, databaseUrl: database?.url, smtpUrl: smtp.url, mailTiming: TIMING };

    const first = await spawnApp(settings);
    cleanup.push(() => void first.child.kill('SIGKILL'));
    await finishTask(first.url);
    // The mail worker sends a few at once: one or both e-mails are held when the server dies.
    await until(() => smtp.attempts.length >= 1, 20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(smtp.attempts[0]!.outcome).toBe('held');
    expect(smtp.accepted()).toEqual([]);

    smtp.acceptAfterRefusing(2);
    const second = await spawnApp(settings);
    cleanup.push(() => void second.child.kill('SIGKILL'));
    await until(() => smtp.accepted().length === RECIPIENTS.length, 30_000);
    // Several leases and many worker rounds later, nothing more has arrived.
    await new Promise((r) => setTimeout(r, 3 * TIMING.leaseMs));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const accepted = smtp.accepted();
    expect(accepted.map((a) => a.to).sort()).toEqual(RECIPIENTS);
    expect(new Set(accepted.map((a) => a.messageId)).size).toBe(RECIPIENTS.length);
    // The held message was sent again under the same Message-ID, so a mail server that had in
    // fact kept it could drop the repeat.
    const held = smtp.attempts[0]!;
    expect(accepted.find((a) => a.to === held.to)!.messageId).toBe(held.messageId);

    // The message held at the crash was taken over only once its claim's lease had run out.
    const retries = smtp.attempts.filter((a) => a.to === held.to && a.at > held.at);
    expect(retries[0]!.at - held.at).toBeGreaterThanOrEqual(TIMING.leaseMs);
    // Each refusal was followed by a wait of about the backoff (≥ 800 ms here), not the worker's 100 ms round.
    const refused = smtp.attempts.filter((a) => a.outcome === 'refused');
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      const next = smtp.attempts.find((a) => a.to === r.to && a.at > r.at)!;
      expect(next.at - r.at).toBeGreaterThanOrEqual(TIMING.backoffBaseMs - 200);
    }

    const rows = await outboxRows(settings);
    expect(rows.map((r) => [r.to_address, r.status])).toEqual(RECIPIENTS.map((to) => [to, 'sent']));
    expect(rows.every((r) => r.attempts >= 2)).toBe(true);
  }, 120_000);

  it('a server killed after a result committed and before its report was made: after the restart the report and both e-mails come, once each', async () => {
    const smtp = await mailServer();
    cleanup.push(() => smtp.close());
    smtp.acceptAfterRefusing(0);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = kind === 'postgres' ? await freshDatabase('postgres') : undefined;
    if (database) cleanup.push(() => database.drop());
    const settings: AppProcessSettings = { dataDir, databaseUrl: database?.url, smtpUrl: smtp.url, mailTiming: TIMING };

    // This process takes no jobs: killed after the 200, its result's report is certainly not made yet.
    const first = await spawnApp({ ...settings, jobWorker: false });
    cleanup.push(() => void first.child.kill('SIGKILL'));
    await finishTask(first.url);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(await tally(settings)).toMatchObject({ results: 1, reports: 0, mails: 0, pendingJobs: 1 });
    expect(smtp.attempts).toEqual([]);

    const second = await spawnApp(settings);
    cleanup.push(() => void second.child.kill('SIGKILL'));
    await until(() => smtp.accepted().length === RECIPIENTS.length, 30_000);
    await new Promise((r) => setTimeout(r, 3 * TIMING.leaseMs));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(
      smtp
        .accepted()
        .map((a) => a.to)
        .sort(),
    ).toEqual(RECIPIENTS);
    expect(smtp.attempts).toHaveLength(RECIPIENTS.length);
    expect(await tally(settings)).toEqual({ results: 1, reports: 1, mails: 2, pendingJobs: 0, doneJobs: 1 });
  }, 120_000);

  // PostgreSQL only: `npm run worker` shares the web instances' database.
  if (kind === 'postgres')
    it('a web instance that takes no jobs (WEB_JOBS=false) and a `npm run worker` process: the worker makes the report and sends both e-mails, once each; a second worker started beside it does nothing twice', async () => {
      const smtp = await mailServer();
      cleanup.push(() => smtp.close());
      smtp.acceptAfterRefusing(0);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-worker-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const database = await freshDatabase('postgres');
      cleanup.push(() => database.drop());
      const settings: AppProcessSettings = { dataDir, databaseUrl: database.url!, smtpUrl: smtp.url, env: { WEB_JOBS: 'false' } };

      const web = await spawnApp(settings);
      cleanup.push(() => void web.child.kill('SIGKILL'));
      await finishTask(web.url);
      // The web instance keeps the job queued: nobody else is there to take it.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await tally(settings)).toMatchObject({ results: 1, reports: 0, mails: 0, pendingJobs: 1 });

      const workers = [
        await spawnWorker({ dataDir, databaseUrl: database.url!, smtpUrl: smtp.url }),
        await spawnWorker({ dataDir, databaseUrl: database.url!, smtpUrl: smtp.url }),
      ];
      for (const w of workers) cleanup.push(() => void w.child.kill('SIGKILL'));
      await until(() => smtp.accepted().length === RECIPIENTS.length, 30_000);
      await new Promise((r) => setTimeout(r, 3000));
      for (const w of workers) w.child.kill('SIGTERM');
      for (const w of workers) expect(await w.exited).toBe(0);
      expect(
        smtp
          .accepted()
          .map((a) => a.to)
          .sort(),
      ).toEqual(RECIPIENTS);
      expect(await tally(settings)).toEqual({ results: 1, reports: 1, mails: 2, pendingJobs: 0, doneJobs: 1 });
      // The worker has no HTTP server: it listens on no port.
      expect(workers[0]!.output()).not.toMatch(/listening/i);
    }, 120_000);

  // PostgreSQL only: another session holds a table the job writes, which the embedded database cannot share.
  if (kind === 'postgres')
    it('a worker killed in the middle of a report job: the next one takes the job over after its lease and makes the report once', async () => {
      const smtp = await mailServer();
      cleanup.push(() => smtp.close());
      smtp.acceptAfterRefusing(0);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-crash-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const database = await freshDatabase('postgres');
      cleanup.push(() => database.drop());
      const settings: AppProcessSettings = { dataDir, databaseUrl: database.url!, smtpUrl: smtp.url, mailTiming: TIMING };

      const first = await spawnApp(settings);
      cleanup.push(() => void first.child.kill('SIGKILL'));
      // Another session holds the reports table: the job renders its PDF, then waits to store it.
      const holder = postgres(database.url!, { max: 1, onnotice: () => {} });
      const watcher = postgres(database.url!, { max: 1, onnotice: () => {} });
      cleanup.push(() => holder.end());
      cleanup.push(() => watcher.end());
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const holding = holder.begin(async (tx) => {
        await tx`lock table reports in share mode`;
        await released;
      });
      await finishTask(first.url);
      // The job has claimed its lease and waits at the store. (Another statement can wait on the
      // table too, e.g. the start-up sweep of expired reports: a waiter alone is not enough.)
      const waiting = async () =>
        (await watcher`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'reports' and not l.granted`)[0]!.n >
          0 && (await watcher`select 1 from jobs where status = 'sending' and attempts = 1`).length === 1;
      for (const end = Date.now() + 20_000; !(await waiting()); await new Promise((r) => setTimeout(r, 50)))
        if (Date.now() > end) throw new Error('the report job never reached the store');
      const [claimed] = await watcher`select status, attempts from jobs`;
      expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      release();
      await holding;

      const second = await spawnApp(settings);
      cleanup.push(() => void second.child.kill('SIGKILL'));
      await until(() => smtp.accepted().length === RECIPIENTS.length, 30_000);
      await new Promise((r) => setTimeout(r, 3 * TIMING.leaseMs));
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(smtp.attempts.map((a) => a.to).sort()).toEqual(RECIPIENTS);
      const [job] = await watcher`select status, attempts from jobs`;
      expect(job).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await tally(settings)).toEqual({ results: 1, reports: 1, mails: 2, pendingJobs: 0, doneJobs: 1 });
    }, 120_000);
});
