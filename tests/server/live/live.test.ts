import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { subscribe, until } from '../../helpers/live.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';

const ACTIVITY = `subscription ($c: ID!, $s: DateTime) { classActivity(classId: $c, since: $s) { eventId kind student bookUnitId type position word typed status score } }`;
const ANSWER = `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename } }`;

async function setUp(server: TestServer) {
  const teacher = (await server.login('demoteacher')).accessToken;
  const student = (await server.login('demostudent')).accessToken;
  await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, { 'x-access-token': teacher });
  const classId = (await server.gql(`{ viewer { class(name: "Demo Class") { id } } }`, {}, teacher)).body.data.viewer.class.id;
  const task = (await server.get('/api/v1.0/usertasks', { 'x-access-token': student })).body.find((t: any) => t.bookUnitID === 'NS2022-ES3');
  const taskId = `NS2022-ES3-${task.TPID}-SB-demoteacher`;
  return { teacher, student, classId, taskId };
}

describe.each(DATABASES)('the live class view on %s', (kind) => {
  let server: TestServer;
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    server = await startServer(kind);
    ctx = await setUp(server);
  });
  afterAll(() => server?.close());

  it("shows the teacher each answer as it is given and each finished task", async () => {
    const live = subscribe(server.url, ctx.teacher, ACTIVITY, { c: ctx.classId });
    await new Promise((r) => setTimeout(r, 300));
    const words = ['red', 'blue', 'green', 'yellow', 'circle', 'square', 'black', 'white'];
    await server.gql(ANSWER, { i: { taskId: ctx.taskId, position: 1, word: 'red', typed: 'red', status: 'v' } }, ctx.student);
    await until(() => live.events.length === 1);
    expect(live.events[0].classActivity).toMatchObject({ kind: 'answer', student: 'demostudent', bookUnitId: 'NS2022-ES3', type: 'SB', position: 1, word: 'red', typed: 'red', status: 'v', score: null });
    await server.gql(ANSWER, { i: { taskId: ctx.taskId, position: 2, word: 'blue', typed: 'bleu', status: 'x' } }, ctx.student);
    const rows = words.map((w, i) => [i + 1, w, i === 1 ? 'bleu' : w, i === 1 ? 'x' : 'v', i === 0 ? 1 : i]);
    await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${ctx.taskId}-87`], { 'x-access-token': ctx.student });
    await until(() => live.events.some((e) => e.classActivity.kind === 'finished'));
    expect(live.events.map((e) => `${e.classActivity.kind} ${e.classActivity.word ?? e.classActivity.score}`)).toEqual(['answer red', 'answer blue', 'finished 87']);
    expect(live.errors).toEqual([]);
    await live.close();
  });

  it('a reconnecting view catches up from the database without showing anything twice', async () => {
    const again = subscribe(server.url, ctx.teacher, ACTIVITY, { c: ctx.classId, s: new Date(Date.now() - 60_000).toISOString() });
    await until(() => again.events.some((e) => e.classActivity.kind === 'finished'));
    const ids = again.events.map((e) => e.classActivity.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    // The final result rewrote the answers: all 8 are there, then the finished task.
    expect(again.events.filter((e) => e.classActivity.kind === 'answer')).toHaveLength(8);
    expect(again.events.at(-1).classActivity).toMatchObject({ kind: 'finished', score: 87 });
    await again.close();
  });

  it('refuses students and other teachers', async () => {
    const asStudent = subscribe(server.url, ctx.student, ACTIVITY, { c: ctx.classId });
    await until(() => asStudent.errors.length > 0);
    expect(JSON.stringify(asStudent.errors)).toContain('Only teachers can do this');
    await asStudent.close();
    await server.post('/api/v1.0/username/signup', { username: 'mrspy', password: 'spy12', email: 'spy@x.cn', isTeacher: true });
    const spy = (await server.login('mrspy', 'spy12')).accessToken;
    const asOther = subscribe(server.url, spy, ACTIVITY, { c: ctx.classId });
    await until(() => asOther.errors.length > 0);
    expect(JSON.stringify(asOther.errors)).toContain('Class not found');
    expect(asOther.events).toEqual([]);
    await asOther.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !redisUrl) throw new Error('WORDBEE_REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl || !DATABASES.includes('postgres'))('two instances on one PostgreSQL and one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer('postgres', { env: { REDIS_URL: redisUrl! } });
    b = await startServer('postgres', { env: { REDIS_URL: redisUrl! }, sharedDatabaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a teacher connected to one instance sees an answer posted through the other", async () => {
    const ctx = await setUp(a);
    const live = subscribe(a.url, ctx.teacher, ACTIVITY, { c: ctx.classId });
    await new Promise((r) => setTimeout(r, 400));
    const student = (await b.login('demostudent')).accessToken;
    const r = await b.gql(ANSWER, { i: { taskId: ctx.taskId, position: 1, word: 'red', typed: 'rde', status: 'x' } }, student);
    expect(r.body.data.recordAnswer.__typename).toBe('AnswerPayload');
    await until(() => live.events.length > 0);
    expect(live.events[0].classActivity).toMatchObject({ kind: 'answer', word: 'red', typed: 'rde', status: 'x' });
    await live.close();
  });
});
