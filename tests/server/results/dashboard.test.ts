import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';

describe.each(DATABASES)('the dashboard on %s', (kind) => {
  let server: TestServer;
  const who: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    server = await startServer(kind);
    await server.post('/api/v1.0/username/signup', { username: 'mrsli', password: 'li123', email: 'li@school.cn', isTeacher: true });
    who.teacher = { 'x-access-token': (await server.login('mrsli', 'li123')).accessToken };
    await server.post('/api/v1.0/userclasses/addclass', { className: '2B', schoolID: 'ES', pressID: 'PEP', students: 'ann01, bo002, cy003' }, who.teacher);
    for (const u of ['ann01', 'bo002', 'cy003']) {
      await server.post('/api/v1.0/username/signup', {
        username: u,
        password: 'pass',
        email: `${u}@home.cn`,
        isTeacher: false,
        teachername: 'mrsli',
        classname: '2B',
      });
      who[u] = { 'x-access-token': (await server.login(u, 'pass')).accessToken };
    }
  });
  afterAll(() => server?.close());

  /** Plays the student's open task of this unit, answering right the first `right` words. */
  async function finish(user: string, unit: string, type: string, right: number) {
    const task = (await server.get('/api/v1.0/usertasks', who[user])).body.find((t: any) => t.bookUnitID === unit && t.Type === type);
    const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-mrsli`;
    const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, who[user])).body;
    const words: string[] = content.slice(1).map((x: any) => (typeof x === 'string' ? x.split(' -- ')[0] : x.word));
    const rows = words.map((w, i) => [i + 1, w, i < right ? w : 'nope', i < right ? 'v' : 'x', Math.min(i + 1, right)]);
    const score = Math.floor((100 * right) / words.length);
    const r = await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-${score}`], who[user]);
    expect(r.status).toBe(200);
  }

  it('is empty before any finished task', async () => {
    expect(await server.get('/api/v1.0/userdash', who.ann01)).toEqual({ status: 200, body: [] });
  });

  it("gives each finished task with the class's average, best and lowest on the same assignment, and the vocabulary last", async () => {
    await server.post('/api/v1.0/usertasks/assigntask', { className: '2B', bookUnitID: 'NS2022-ES3', Type: 'SB' }, who.teacher);
    await server.post('/api/v1.0/usertasks/assigntask', { className: '2B', bookUnitID: 'NS2022-ES1', Type: 'FM' }, who.teacher);
    await finish('ann01', 'NS2022-ES3', 'SB', 6); // 6 of 8 → 75
    await finish('bo002', 'NS2022-ES3', 'SB', 8); // 100
    await finish('cy003', 'NS2022-ES3', 'SB', 3); // 37
    await finish('ann01', 'NS2022-ES1', 'FM', 12); // 100, alone on that assignment
    const dash = (await server.get('/api/v1.0/userdash', who.ann01)).body;
    expect(dash).toHaveLength(2);
    expect(dash[0]).toEqual({ testID: expect.stringMatching(/^NS2022-ES3-\d+-SB$/), currentScore: 75, averageScore: 71, maxScore: 100, minScore: 37 });
    // (75 + 100 + 37) / 3 = 70.67 → 71. Only National standards SB passes count: 6 colour words.
    expect(dash[1]).toEqual({
      testID: expect.stringMatching(/^NS2022-ES1-\d+-FM$/),
      currentScore: 100,
      averageScore: 100,
      maxScore: 100,
      minScore: 100,
      FC: [6, 30],
      ES: [6, 30],
      MS: [6, 42],
      HM: [6, 47],
      HSM: [6, 52],
    });
  });

  it('GraphQL gives the same records and truncated percentages', async () => {
    const r = await server.gql(
      `{ viewer { dashboard { records { testId currentScore averageScore } vocabulary { level passed required percent } } } }`,
      {},
      who.ann01!['x-access-token'],
    );
    const d = r.body.data.viewer.dashboard;
    expect(d.records.map((x: any) => x.currentScore)).toEqual([75, 100]);
    expect(d.vocabulary).toContainEqual({ level: 'ES', passed: 6, required: 30, percent: 20 });
    expect(d.vocabulary).toContainEqual({ level: 'HSM', passed: 6, required: 52, percent: 11 });
    const other = await server.gql(`{ viewer { dashboard { records { currentScore } } } }`, {}, who.bo002!['x-access-token']);
    expect(other.body.data.viewer.dashboard.records.map((x: any) => x.currentScore)).toEqual([100]);
  });
});

describe('the class results export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server?.close());

  it('gives the teacher a CSV of finished tasks, and nobody else', async () => {
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    const student = { 'x-access-token': (await server.login('demostudent')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
    const task = (await server.get('/api/v1.0/usertasks', student)).body.find((t: { bookUnitID: string }) => t.bookUnitID === 'NS2022-ES3');
    const taskId = `NS2022-ES3-${task.TPID}-SB-demoteacher`;
    const words = ['red', 'blue', 'green', 'yellow', 'circle', 'square', 'black', 'white'];
    await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...words.map((w, i) => [i + 1, w, w, 'v', i + 1]), `${taskId}-100`], student);
    const response = await fetch(`${server.url}/api/v1.0/userclasses/export?className=Demo%20Class`, { headers: teacher });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The student as the roster writes them, and the account that claimed the name.
    expect(lines[0]).toBe('class,student,username,bookUnitID,TPID,Type,score,correct,words,finishedAt');
    // finishedAt in the school's time zone (Beijing by default), with its offset.
    expect(lines[1]).toMatch(
      new RegExp(`^Demo Class,demostudent,demostudent,NS2022-ES3,${task.TPID},SB,100,8,8,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00$`),
    );
    expect((await server.get('/api/v1.0/userclasses/export?className=Demo%20Class', student)).status).toBe(403);
  });
});
