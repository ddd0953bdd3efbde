/**
 * Several instances behind a load balancer (docs/scale-out.md): two servers
 * on different ports share one PostgreSQL and one Redis. A student works on one, the teacher
 * watches and downloads on the other, and background jobs run once.
 */
import { reportsDone } from '../helpers/results.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DATABASES } from '../helpers/databases.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { subscribe, until } from '../helpers/live.ts';
import { SBARR_HEADER } from '../../server/results/sbarr.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !redisUrl) throw new Error('WORDBEE_REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

const ACTIVITY = `subscription ($c: ID!) { classActivity(classId: $c) { eventId kind student word typed status score } }`;
const ANSWER = `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename } }`;
const WORDS = ['red', 'blue', 'green', 'yellow', 'circle', 'square', 'black', 'white'];

describe.skipIf(!redisUrl || !DATABASES.includes('postgres'))('two instances on one PostgreSQL and one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // Both run the mail worker, every 2 s, as production instances do.
    a = await startServer('postgres', { env: { REDIS_URL: redisUrl! } });
    b = await startServer('postgres', { env: { REDIS_URL: redisUrl! }, sharedDatabaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a student on one instance and the teacher's live view on the other work together; the report is mailed once", async () => {
    expect(new URL(a.url).port).not.toBe(new URL(b.url).port);
    // The teacher signs in on A, the student on B: one secret, stateless tokens.
    const teacher = (await a.login('demoteacher')).accessToken;
    const student = (await b.login('demostudent')).accessToken;
    expect(
      (await a.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, { 'x-access-token': teacher })).body,
    ).toMatch(/^success/);
    const classId = (await a.gql(`{ viewer { class(name: "Demo Class") { id } } }`, {}, teacher)).body.data.viewer.class.id;
    const live = subscribe(a.url, teacher, ACTIVITY, { c: classId });
    await new Promise((r) => setTimeout(r, 400));

    // The student sees on B the task the teacher assigned on A, and answers there.
    const task = (await b.get('/api/v1.0/usertasks', { 'x-access-token': student })).body.find((t: any) => t.bookUnitID === 'NS2022-ES3');
    const taskId = `NS2022-ES3-${task.TPID}-SB-demoteacher`;
    expect((await b.gql(ANSWER, { i: { taskId, position: 1, word: 'red', typed: 'red', status: 'v' } }, student)).body.data.recordAnswer.__typename).toBe(
      'AnswerPayload',
    );
    expect((await b.gql(ANSWER, { i: { taskId, position: 2, word: 'blue', typed: 'bleu', status: 'x' } }, student)).body.data.recordAnswer.__typename).toBe(
      'AnswerPayload',
    );
    await until(() => live.events.length === 2);
    const rows = WORDS.map((w, i) => [i + 1, w, i === 1 ? 'bleu' : w, i === 1 ? 'x' : 'v', i + 1]);
    expect((await b.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-87`], { 'x-access-token': student })).status).toBe(200);
    await until(() => live.events.some((e) => e.classActivity.kind === 'finished'));
    expect(live.events.map((e) => e.classActivity)).toEqual([
      expect.objectContaining({ kind: 'answer', student: 'demostudent', word: 'red', typed: 'red', status: 'v' }),
      expect.objectContaining({ kind: 'answer', student: 'demostudent', word: 'blue', typed: 'bleu', status: 'x' }),
      // The answers only the result brought, then the finished task.
      ...WORDS.slice(2).map((word) => expect.objectContaining({ kind: 'answer', word, status: 'v' })),
      expect.objectContaining({ kind: 'finished', student: 'demostudent', score: 87 }),
    ]);
    expect(live.errors).toEqual([]);
    await live.close();

    // The report (made after the commit, by whichever instance took the job) is listed and downloadable on A (shared storage).
    await reportsDone(b);
    const reports = (await a.get('/api/v1.0/userreports', { 'x-access-token': teacher })).body;
    expect(reports).toHaveLength(1);
    const pdf = await fetch(`${a.url}/api/v1.0/userreports/${reports[0].fileName}`, { headers: { 'x-access-token': teacher } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Its two e-mails (student, teacher) leave once, from whichever instance holds the outbox lease.
    const outbox = (s: TestServer) => (existsSync(path.join(s.dataDir, 'outbox')) ? readdirSync(path.join(s.dataDir, 'outbox')) : []);
    await until(() => outbox(a).length + outbox(b).length >= 2, 15_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(outbox(a).length + outbox(b).length).toBe(2);
    expect([a.app.mailer.isWorking(), b.app.mailer.isWorking()].filter(Boolean)).toHaveLength(1);
    const worker = a.app.mailer.isWorking() ? a : b;
    expect(outbox(worker)).toHaveLength(2);
  });

  it('when the working instance stops, the other takes over the outbox', async () => {
    const [working, other] = a.app.mailer.isWorking() ? [a, b] : [b, a];
    await working.app.mailer.stop();
    await until(() => other.app.mailer.isWorking(), 10_000);
    expect(other.app.mailer.isWorking()).toBe(true);
  });
});
