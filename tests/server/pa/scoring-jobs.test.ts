/**
 * Pronunciation scoring as jobs (PA_SCORING=jobs): a web instance that takes no jobs
 * (WEB_JOBS=false) receives a student's recording and waits; a `npm run worker` process, started
 * as an operator would, on the same PostgreSQL, scores it; the upload is answered with the score
 * as if the web instance had scored it, and the result is stored. Killed while scoring, a worker
 * is replaced by the next one after the lease. PostgreSQL only: the embedded database belongs to
 * one process, which scores its own recordings.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { DATABASES, freshDatabase } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { spawnWorker, type AppProcess } from '../../helpers/app-process.ts';
import { browserRecording, silence, speak } from '../../../scripts/pa/synth.ts';
import { loadConfig } from '../../../server/config.ts';

describe('PA_SCORING=jobs', () => {
  it('needs the shared PostgreSQL: with the embedded database the setting is refused at start with the reason', () => {
    expect(() => loadConfig({ PA_SCORING: 'jobs' })).toThrow(/PA_SCORING: jobs needs DATABASE_URL/);
    expect(() => loadConfig({ PA_SCORING: 'remote', DATABASE_URL: 'postgres://x@127.0.0.1/x' })).toThrow(/Invalid PA_SCORING/);
    expect(loadConfig({}).paScoring).toBe('local');
  });
});

describe.runIf(DATABASES.includes('postgres'))('a web instance and `npm run worker` processes on one PostgreSQL (PA_SCORING=jobs, WEB_JOBS=false)', () => {
  let web: TestServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let watcher: postgres.Sql;
  const workers: AppProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-scoring-'));
  const token: Record<string, string> = {};
  const tasks: string[] = [];
  let words: string[] = [];

  const upload = (bytes: Uint8Array, label: string) => {
    const form = new FormData();
    form.append('upl', new File([bytes as Uint8Array<ArrayBuffer>], `${label}.webm`, { type: 'audio/webm' }));
    return fetch(`${web.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: { 'x-access-token': token.student! } });
  };
  const worker = async (env: Record<string, string> = {}) => {
    const started = await spawnWorker({ dataDir, databaseUrl: database.url!, env: { PA_WORKERS: '1', ...env } });
    workers.push(started);
    return started;
  };
  /** Stops the workers still running, as an operator would (SIGTERM: they finish and exit 0). The test's end kills any left. */
  const stopWorkers = async () => {
    const running = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null && !w.child.killed);
    for (const w of running) w.child.kill('SIGTERM');
    for (const w of running) expect(await w.exited).toBe(0);
  };
  const waiting = async () =>
    (await watcher`select status, attempts, scored_by from scoring_jobs order by id`) as unknown as { status: string; attempts: number }[];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    watcher = postgres(database.url!, { max: 1, onnotice: () => {} });
    web = await startServer('postgres', {
      sharedDatabaseUrl: database.url,
      env: { DATABASE_URL: database.url!, PA_SCORING: 'jobs', WEB_JOBS: 'false', PA_WORKERS: '1' },
    });
    await web.post('/api/v1.0/username/signup', { username: 'mrsli', password: 'li123', email: 'li@school.cn', isTeacher: true });
    token.teacher = (await web.login('mrsli', 'li123')).accessToken;
    await web.post(
      '/api/v1.0/userclasses/addclass',
      { className: '3B', schoolID: 'ES', pressID: 'PEP', students: 'mei01', tbTaskType: 'PA' },
      { 'x-access-token': token.teacher },
    );
    await web.post('/api/v1.0/username/signup', {
      username: 'mei01',
      password: 'pass',
      email: 'mei@home.cn',
      isTeacher: false,
      teachername: 'mrsli',
      classname: '3B',
    });
    token.student = (await web.login('mei01', 'pass')).accessToken;
    for (const unit of ['NS2022-ES3', 'NS2022-ES1', 'NS2022-ES2']) {
      const assigned = await web.post('/api/v1.0/usertasks/assigntask', { className: '3B', bookUnitID: unit, Type: 'PA' }, { 'x-access-token': token.teacher });
      expect(assigned.status).toBe(200);
    }
    const list = (await web.get('/api/v1.0/usertasks', { 'x-access-token': token.student })).body as { bookUnitID: string; TPID: number; Type: string }[];
    for (const unit of ['NS2022-ES3', 'NS2022-ES1', 'NS2022-ES2']) {
      const task = list.find((t) => t.Type === 'PA' && t.bookUnitID === unit)!;
      tasks.push(`${task.bookUnitID}-${task.TPID}-PA-mrsli`);
    }
    const content = (await web.get(`/api/v1.0/usertasks/${tasks[0]}`, { 'x-access-token': token.student })).body;
    words = String(content[1])
      .split(',')
      .map((w: string) => w.trim());
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await web?.close();
    await watcher?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the upload waits while no process takes scoring jobs; a worker started then scores it, and the reply carries the score', async () => {
    const recording = await browserRecording(await speak(words, 'slt', 0.9), 'webm');
    const answered = upload(recording, tasks[0]!).then(async (r) => ({ status: r.status, text: await r.text() }));
    let settled = false;
    void answered.finally(() => (settled = true));
    // The web instance wrote the recording as a job and scores nothing itself.
    await vi.waitFor(async () => expect(await waiting()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(settled).toBe(false);
    expect(await waiting()).toEqual([{ status: 'pending', attempts: 0, scored_by: null }]);

    const first = await worker();
    const reply = await answered;
    expect(reply.status).toBe(200);
    expect(Number(reply.text.split(' ')[0])).toBeGreaterThanOrEqual(60);
    // Stored as every result is, with a row per word; the job is gone once answered.
    const [stored] = await watcher`select r.score, (select count(*)::int from pronunciation_words w where w.result_id = r.id) as words from results r`;
    expect(stored).toEqual({ score: Number(reply.text.split(' ')[0]), words: words.length });
    expect(await waiting()).toEqual([]);
    // The worker loaded the model and has no HTTP server.
    expect(first.output()).not.toMatch(/listening/i);
  }, 120_000);

  it('a worker killed while scoring: the next worker takes the recording over after the lease, and the student gets the score', async () => {
    await stopWorkers();
    const condemned = await worker({ PA_JOB_LEASE_SEC: '5' });
    const recording = await browserRecording(await speak(words.slice(0, 4), 'rms', 0.9), 'webm');
    const answered = upload(recording, tasks[1]!).then(async (r) => ({ status: r.status, text: await r.text() }));
    // Claimed: hold the row, so the worker scores it but cannot write the score; then kill it.
    await vi.waitFor(async () => expect((await waiting()).map((j) => j.status)).toEqual(['sending']), { timeout: 20_000, interval: 20 });
    const holder = postgres(database.url!, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const holding = holder.begin(async (tx) => {
      await tx`select id from scoring_jobs for update`;
      await new Promise<void>((r) => (release = r));
    });
    await vi.waitFor(async () => expect(await watcher`select 1 from pg_locks where not granted and locktype = 'transactionid'`).toHaveLength(1), {
      timeout: 20_000,
      interval: 50,
    });
    condemned.child.kill('SIGKILL');
    expect(await condemned.exited).toBeNull();
    // Its connection goes with it, as with a machine that died (PostgreSQL would otherwise
    // finish the statement it was sent once the row is free).
    await watcher`select pg_terminate_backend(pid) from pg_locks where not granted and locktype = 'transactionid'`;
    release();
    await holding;
    await holder.end();
    expect(await waiting()).toEqual([{ status: 'sending', attempts: 1, scored_by: null }]);

    await worker({ PA_JOB_LEASE_SEC: '5' });
    const reply = await answered;
    expect(reply.status).toBe(200);
    expect(Number(reply.text.split(' ')[0])).toBeGreaterThan(0);
    const results = await watcher`select score from results order by id`;
    expect(results.length).toBe(2);
    expect(results[1]!.score).toBe(Number(reply.text.split(' ')[0]));
    expect(await waiting()).toEqual([]);
  }, 120_000);

  it('a web instance stopped while an upload waits for its score answers "busy, try again" (the Record screen sends it again) and drops the recording', async () => {
    await stopWorkers();
    const second = await startServer('postgres', {
      sharedDatabaseUrl: database.url,
      env: { DATABASE_URL: database.url!, PA_SCORING: 'jobs', WEB_JOBS: 'false', PA_WORKERS: '1' },
    });
    const form = new FormData();
    form.append(
      'upl',
      new File([(await browserRecording(await speak(words, 'slt', 0.9), 'webm')) as Uint8Array<ArrayBuffer>], '0.webm', { type: 'audio/webm' }),
    );
    const answered = fetch(`${second.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: { 'x-access-token': token.student! } });
    await vi.waitFor(async () => expect(await waiting()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const closed = second.close();
    const reply = await answered;
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await reply.text()).toMatch(/busy/i);
    await closed;
    expect(await waiting()).toEqual([]);
    // Started again, a worker takes the rest of the test's recordings.
    await worker();
  }, 60_000);

  it('a recording the worker cannot score is refused with the same message as on an instance that scores itself', async () => {
    const silent = await upload(await browserRecording(silence(3), 'webm'), tasks[2]!);
    expect(silent.status).toBe(400);
    expect(await silent.text()).toMatch(/silent|No words could be heard/);
    expect(await waiting()).toEqual([]);
    expect(await watcher`select count(*)::int as n from results`).toEqual([{ n: 2 }]);
  }, 60_000);
});
