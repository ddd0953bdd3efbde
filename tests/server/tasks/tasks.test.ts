import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { assignments, taskRows } from '../../../db/schema.ts';
import { assignNext } from '../../../server/tasks/service.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';
import { MAX_READING_WORDS, targetWords } from '../../../server/speech/pa/text.ts';

describe.each(DATABASES)('assigning and doing tasks on %s', (kind) => {
  let server: TestServer;
  let teacher: Record<string, string>;
  let other: Record<string, string>;
  let student: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind);
    await server.post('/api/v1.0/username/signup', { username: 'mrzhou', password: 'zhou1', email: 'zhou@school.cn', isTeacher: true });
    teacher = { 'x-access-token': (await server.login('mrzhou', 'zhou1')).accessToken };
    other = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: '4B', schoolID: 'ES', pressID: 'PEP', students: 'amy01, ben02, cat03', taskDueDays: '5' },
      teacher,
    );
    await server.post('/api/v1.0/username/signup', {
      username: 'amy01',
      password: 'amy1',
      email: 'amy@home.cn',
      isTeacher: false,
      teachername: 'mrzhou',
      classname: '4B',
    });
    student = { 'x-access-token': (await server.login('amy01', 'amy1')).accessToken };
  });
  afterAll(() => server?.close());

  const assign = (body: Record<string, unknown>, who = teacher) => server.post('/api/v1.0/usertasks/assigntask', body, who);
  const rowCount = async () => (await server.app.deps.db.select().from(taskRows)).length;
  const studentTasks = async () => (await server.get('/api/v1.0/usertasks', student)).body as any[];

  it("lists the class's textbooks as the spec's comma text", async () => {
    expect(await server.get('/api/v1.0/textbooks/?cn=4B', teacher)).toEqual({ status: 200, body: 'ES,PEP,PEP3A-1-1,PEP3B-1-1' });
    expect(await server.get('/api/v1.0/textbooks/?cn=', teacher)).toEqual({
      status: 400,
      body: { info: 'Click Classes, then SelectClass menu to select a class to work with' },
    });
    expect((await server.get('/api/v1.0/textbooks/?cn=4B', other)).status).toBe(404);
  });

  it('assigns a unit to every student on the roster, due in taskDueDays', async () => {
    const before = Date.now();
    const r = await assign({ username: 'mrzhou', className: '4B', bookUnitID: 'NS2022-ES1', Type: 'SB' });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/^success: SB NS2022-ES1 assigned to 3 students of 4B \(TPID \d+\)$/);
    const all = (await server.get('/api/v1.0/usertasks', teacher)).body;
    expect(all.slice(0, -1).map((t: any) => t.student)).toEqual(['amy01', 'ben02', 'cat03']);
    const due = new Date(all[0].dueBy).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 5 * 86_400_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 5 * 86_400_000 + 1000);
    expect(all.at(-1)).toEqual({ tokenExpAt: expect.any(Number) });
  });

  it('does not duplicate an open unit and kind, and PA+SB assigns both kinds', async () => {
    const before = await rowCount();
    expect((await assign({ className: '4B', bookUnitID: 'NS2022-ES1', Type: 'SB' })).body).toMatch(/is already assigned \(TPID \d+\); 0 new students added$/);
    expect(await rowCount()).toBe(before);
    expect((await assign({ className: '4B', bookUnitID: 'NS2022-ES2', Type: 'PA+SB', taskDueDays: 2 })).body).toMatch(
      /^success: PA NS2022-ES2 .*; SB NS2022-ES2 /,
    );
    expect(await rowCount()).toBe(before + 6);
  });

  it("unit 'R' assigns a Flashcard Master task from a level source", async () => {
    expect((await server.post('/api/v1.0/userprofiles/assigntask', { className: '4B', bookUnitID: 'FC2025-R', Type: 'FM' }, teacher)).body).toMatch(
      /^success: FM FC2025-R assigned to 3 students/,
    );
    expect(await server.post('/api/v1.0/userprofiles/assigntask', { className: '4B', bookUnitID: 'NS2022-ES1', Type: 'FM' }, teacher)).toEqual({
      status: 400,
      body: 'This call assigns unit R tasks; use /usertasks/assigntask for other units',
    });
    expect(await assign({ className: '4B', bookUnitID: 'ES2022-R', Type: 'SB' })).toEqual({
      status: 400,
      body: 'Unit R is a Flashcard Master task: assign it with Type FM',
    });
  });

  it('refuses bad assignments with a message and creates nothing', async () => {
    const before = await rowCount();
    expect(await assign({ className: '4B', bookUnitID: 'NS2022', Type: 'SB' })).toEqual({
      status: 400,
      body: 'bookUnitID must look like NS2022-ES1, not "NS2022"',
    });
    expect(await assign({ className: '4B', bookUnitID: 'NS2022-ES99', Type: 'SB' })).toEqual({ status: 404, body: 'Unit ES99 of book NS2022 not found' });
    expect(await assign({ className: '4B', bookUnitID: 'XX1-1', Type: 'SB' })).toEqual({ status: 404, body: 'Book XX1 not found' });
    expect(await assign({ className: '4B', bookUnitID: 'NS2022-ES1', Type: 'QQ' })).toEqual({ status: 400, body: 'Type must be one of PA+SB, PA, SB, FM' });
    expect(await assign({ className: '', bookUnitID: 'NS2022-ES1', Type: 'SB' })).toEqual({
      status: 400,
      body: 'Click Classes, then SelectClass menu to select a class to work with',
    });
    expect(await assign({ className: '4B', bookUnitID: 'NS2022-ES1', Type: 'SB' }, student)).toEqual({ status: 403, body: 'Only teachers can do this' });
    expect(await assign({ className: '4B', bookUnitID: 'NS2022-ES3', Type: 'SB' }, other)).toEqual({ status: 404, body: 'Class 4B not found' });
    expect(await rowCount()).toBe(before);
  });

  it('a student sees only their own tasks, with tokenExpAt last', async () => {
    const rows = await studentTasks();
    expect(rows.slice(0, -1).every((r) => r.student === 'amy01')).toBe(true);
    expect(
      rows
        .slice(0, -1)
        .map((r) => `${r.bookUnitID} ${r.Type}`)
        .sort(),
    ).toEqual(['FC2025-R FM', 'NS2022-ES1 SB', 'NS2022-ES2 PA', 'NS2022-ES2 SB']);
    expect(rows.at(-1).tokenExpAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('a student who signs up later finds the open tasks waiting', async () => {
    await server.post('/api/v1.0/username/signup', {
      username: 'dan04',
      password: 'dan1',
      email: 'dan@home.cn',
      isTeacher: false,
      teachername: 'mrzhou',
      classname: '4B',
    });
    const dan = { 'x-access-token': (await server.login('dan04', 'dan1')).accessToken };
    const rows = (await server.get('/api/v1.0/usertasks', dan)).body.slice(0, -1);
    expect(rows.map((r: any) => `${r.student} ${r.bookUnitID} ${r.Type}`).sort()).toEqual([
      'dan04 FC2025-R FM',
      'dan04 NS2022-ES1 SB',
      'dan04 NS2022-ES2 PA',
      'dan04 NS2022-ES2 SB',
    ]);
  });

  it('serves task content in the spec shapes, only to the student who owns the task', async () => {
    const rows = (await studentTasks()).slice(0, -1);
    const idOf = (type: string, unit: string) => {
      const r = rows.find((x) => x.Type === type && x.bookUnitID === unit);
      return `${r.bookUnitID}-${r.TPID}-${r.Type}-mrzhou`;
    };
    const sb = (await server.get(`/api/v1.0/usertasks/${idOf('SB', 'NS2022-ES1')}`, student)).body;
    expect(sb[0]).toBe(idOf('SB', 'NS2022-ES1'));
    expect(sb[1]).toBe('cat -- The cat sleeps on my bed.');
    expect(sb).toHaveLength(13);
    const pa = (await server.get(`/api/v1.0/usertasks/${idOf('PA', 'NS2022-ES2')}`, student)).body;
    expect(pa).toEqual([idOf('PA', 'NS2022-ES2'), 'apple, banana, milk, bread, rice, egg, noodles, water, juice, cake']);
    const fm = (await server.get(`/api/v1.0/usertasks/${idOf('FM', 'FC2025-R')}`, student)).body;
    expect(fm).toHaveLength(11);
    expect(fm[1]).toMatchObject({
      word: 'cat',
      phonetic: '/kæt/',
      definition: 'a small furry pet that says meow',
      sentences: expect.arrayContaining(['The cat sleeps on my bed.']),
    });
    // The batch is drawn once: opening the task again gives the same words.
    expect((await server.get(`/api/v1.0/usertasks/${idOf('FM', 'FC2025-R')}`, student)).body).toEqual(fm);

    const ben = await server.post('/api/v1.0/username/signup', {
      username: 'ben02',
      password: 'ben1',
      email: 'ben@home.cn',
      isTeacher: false,
      teachername: 'mrzhou',
      classname: '4B',
    });
    expect(ben.status).toBe(200);
    const demo = { 'x-access-token': (await server.login('demostudent')).accessToken };
    expect(await server.get(`/api/v1.0/usertasks/${idOf('SB', 'NS2022-ES1')}`, demo)).toEqual({
      status: 404,
      body: { info: 'This task is not in your task list' },
    });
    expect(await server.get('/api/v1.0/usertasks/NS2022-ES1-x-SB-mrzhou', student)).toEqual({
      status: 400,
      body: { info: 'This task id is not valid; open the task from the task list' },
    });
    expect((await server.get(`/api/v1.0/usertasks/${idOf('SB', 'NS2022-ES1')}`, teacher)).status).toBe(200);
    expect((await server.get(`/api/v1.0/usertasks/${idOf('SB', 'NS2022-ES1')}`, other)).status).toBe(404);
    expect((await server.get('/api/v1.0/usertasks/0', student)).body[1]).toBe('cat, dog, bird, fish, rabbit, panda, tiger, monkey, duck, elephant');
  });

  it('a teacher named in Chinese: the task ids the server lists open, and results post, for the student', async () => {
    await server.post('/api/v1.0/username/signup', { username: '王老师好', password: 'wang1', email: 'wang@school.cn', isTeacher: true });
    const wang = { 'x-access-token': (await server.login('王老师好', 'wang1')).accessToken };
    expect(
      (await server.post('/api/v1.0/userclasses/addclass', { className: '五班', schoolID: 'ES', pressID: 'PEP', students: '小明同学' }, wang)).status,
    ).toBe(200);
    expect(
      (
        await server.post('/api/v1.0/username/signup', {
          username: '小明同学',
          password: 'ming1',
          email: 'ming@home.cn',
          isTeacher: false,
          teachername: '王老师好',
          classname: '五班',
        })
      ).status,
    ).toBe(200);
    const ming = { 'x-access-token': (await server.login('小明同学', 'ming1')).accessToken };
    expect((await assign({ className: '五班', bookUnitID: 'NS2022-ES3', Type: 'SB' }, wang)).status).toBe(200);
    const [task] = (await server.get('/api/v1.0/usertasks', ming)).body as any[];
    const taskId = `NS2022-ES3-${task.TPID}-SB-王老师好`;
    const content = await server.get(`/api/v1.0/usertasks/${encodeURIComponent(taskId)}`, ming);
    expect(content.status).toBe(200);
    expect(content.body[0]).toBe(taskId);
    const words = (content.body as string[]).slice(1).map((line) => line.split(' -- ')[0]!);
    const posted = await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...words.map((w, i) => [i + 1, w, w, 'v', 1]), `${taskId}-100`], ming);
    expect(posted.status).toBe(200);
    expect((await server.get('/api/v1.0/usertasks', ming)).body.map((t: any) => t.bookUnitID)).toContain('NS2022-MS1');
  });

  it('only the teacher removes a task, and it leaves the list', async () => {
    const row = (await studentTasks()).find((r) => r.Type === 'PA');
    const body = { student: 'amy01', bookUnitID: row.bookUnitID, TPID: row.TPID, Type: 'PA' };
    const before = await rowCount();
    expect(await server.post('/api/v1.0/usertasks/removetask', body, student)).toEqual({ status: 403, body: 'Only teachers can do this' });
    expect((await server.post('/api/v1.0/usertasks/removetask', body, other)).status).toBe(404);
    expect(await rowCount()).toBe(before);
    expect(await server.post('/api/v1.0/usertasks/removetask', { username: 'mrzhou', ...body }, teacher)).toEqual({
      status: 200,
      body: 'Removed PA NS2022-ES2 of amy01',
    });
    expect((await studentTasks()).some((r) => r.Type === 'PA')).toBe(false);
    expect(await rowCount()).toBe(before - 1);
  });

  it('a finished task brings the next unit of the same book and kind, shared by classmates', async () => {
    const db = server.app.deps.db;
    const rows = (await studentTasks()).slice(0, -1);
    const sb1 = rows.find((r) => r.bookUnitID === 'NS2022-ES1' && r.Type === 'SB');
    const [amyRow] = await db.select().from(taskRows).where(eq(taskRows.assignmentId, sb1.TPID));
    // NS2022-ES2 SB is already open from the teacher: nothing is added twice.
    expect(await assignNext(db, amyRow!.id)).toEqual({ assigned: false, reason: 'the next task is already in the list' });
    const es2 = rows.find((r) => r.bookUnitID === 'NS2022-ES2' && r.Type === 'SB');
    const es2Rows = await db.select().from(taskRows).where(eq(taskRows.assignmentId, es2.TPID));
    const next = [];
    for (const r of es2Rows.slice(0, 2)) next.push(await db.transaction((tx) => assignNext(tx, r.id)));
    expect(next[0]).toMatchObject({ assigned: true, bookUnitId: 'NS2022-ES3', type: 'SB' });
    expect(next[1]).toMatchObject({ assigned: true, bookUnitId: 'NS2022-ES3', type: 'SB' });
    expect((next[0] as any).assignmentId).toBe((next[1] as any).assignmentId);
    const [auto] = await db
      .select()
      .from(assignments)
      .where(eq(assignments.id, (next[0] as any).assignmentId));
    expect(auto).toMatchObject({ origin: 'auto', unitId: 'ES3', dueDays: 5 });
    const fm = rows.find((r) => r.bookUnitID === 'FC2025-R');
    const [fmRow] = await db.select().from(taskRows).where(eq(taskRows.assignmentId, fm.TPID));
    expect(await assignNext(db, fmRow!.id)).toMatchObject({ assigned: true, bookUnitId: 'FC2025-R', type: 'FM' });
  });

  it('after the last unit of a book nothing more is assigned', async () => {
    await assign({ className: '4B', bookUnitID: 'NS2022-HSM1', Type: 'SB' });
    const db = server.app.deps.db;
    const row = (await studentTasks()).find((r) => r.bookUnitID === 'NS2022-HSM1');
    const [last] = await db.select().from(taskRows).where(eq(taskRows.assignmentId, row.TPID));
    expect(await assignNext(db, last!.id)).toEqual({ assigned: false, reason: 'NS2022-HSM1 was the last unit of the book to do', bookFinished: true });
  });

  it('GraphQL gives the task list and assigns and removes tasks', async () => {
    const token = teacher['x-access-token'];
    const assigned = await server.gql(
      `mutation { assignTask(input: { className: "4B", bookUnitId: "NS2022-MS1", type: "SB" }) { __typename ... on AssignTaskPayload { info } ... on Error { message } } }`,
      {},
      token,
    );
    expect(assigned.body.data.assignTask.info).toMatch(/^success: SB NS2022-MS1 assigned to 4 students/);
    const denied = await server.gql(
      `mutation { assignTask(input: { className: "4B", bookUnitId: "NS2022-MS1", type: "SB" }) { __typename } }`,
      {},
      student['x-access-token'],
    );
    expect(denied.body.data.assignTask.__typename).toBe('ForbiddenError');
    const list = await server.gql(
      `{ viewer { tasks(first: 50) { edges { node { id student bookUnitId tpid type taskId dueBy unitTitle } } } } }`,
      {},
      student['x-access-token'],
    );
    const nodes = list.body.data.viewer.tasks.edges.map((e: any) => e.node);
    expect(nodes.every((n: any) => n.student === 'amy01')).toBe(true);
    const ms1 = nodes.find((n: any) => n.bookUnitId === 'NS2022-MS1');
    expect(ms1.taskId).toBe(`NS2022-MS1-${ms1.tpid}-SB-mrzhou`);
    expect(ms1.unitTitle).toBe('school and study · 学校与学习');
    const removed = await server.gql(
      `mutation ($i: RemoveTaskInput!) { removeTask(input: $i) { __typename ... on RemoveTaskPayload { info removedTaskId } } }`,
      { i: { student: 'amy01', bookUnitId: 'NS2022-MS1', tpid: ms1.tpid, type: 'SB' } },
      token,
    );
    expect(removed.body.data.removeTask).toEqual({ __typename: 'RemoveTaskPayload', info: 'Removed SB NS2022-MS1 of amy01', removedTaskId: ms1.id });

    // Undo: the same task back, due when it was; a second Undo changes nothing and says why.
    const RESTORE = `mutation ($i: RestoreTaskInput!) { restoreTask(input: $i) { __typename ... on RestoreTaskPayload { info task { student bookUnitId tpid type dueBy } } ... on Error { message } } }`;
    const input = { student: 'amy01', bookUnitId: 'NS2022-MS1', tpid: ms1.tpid, type: 'SB', dueBy: ms1.dueBy };
    const restored = await server.gql(RESTORE, { i: input }, token);
    expect(restored.body.data.restoreTask).toEqual({
      __typename: 'RestoreTaskPayload',
      info: 'success: SB NS2022-MS1 of amy01 is back',
      task: { student: 'amy01', bookUnitId: 'NS2022-MS1', tpid: ms1.tpid, type: 'SB', dueBy: ms1.dueBy },
    });
    const again = await server.gql(RESTORE, { i: input }, token);
    expect(again.body.data.restoreTask).toEqual({
      __typename: 'ConflictError',
      message: `The SB task NS2022-MS1 (TPID ${ms1.tpid}) for amy01 is in the list again or was finished meanwhile; nothing was changed`,
    });
    const elsewhere = await server.gql(RESTORE, { i: { ...input, tpid: ms1.tpid + 1000 } }, token);
    expect(elsewhere.body.data.restoreTask.__typename).toBe('NotFoundError');
    const late = await server.gql(RESTORE, { i: { ...input, dueBy: '1999-01-01T00:00:00Z' } }, token);
    expect(late.body.data.restoreTask).toEqual({ __typename: 'ValidationError', message: 'dueBy must be a date within a year' });
  });

  it("a teacher finds one student's open tasks by part of the name, in one class or all", async () => {
    const token = teacher['x-access-token'];
    const TASKS = `query ($c: String, $s: String) { viewer { tasks(first: 100, className: $c, student: $s) { edges { node { student bookUnitId } } } } }`;
    const students = async (variables: Record<string, unknown>, who = token) =>
      new Set((await server.gql(TASKS, variables, who)).body.data.viewer.tasks.edges.map((e: any) => e.node.student));
    expect(await students({ c: '4B' })).toEqual(new Set(['amy01', 'ben02', 'cat03', 'dan04']));
    expect(await students({ c: '4B', s: 'BEN' })).toEqual(new Set(['ben02']));
    expect(await students({ s: ' 0' })).toEqual(new Set(['amy01', 'ben02', 'cat03', 'dan04']));
    expect(await students({ s: 'ben02' })).toEqual(new Set(['ben02']));
    // Taken literally: '_' and '%' match only themselves.
    expect(await students({ s: '_' })).toEqual(new Set());
    expect(await students({ s: '%' })).toEqual(new Set());
    // A student sees their own tasks whatever they pass; another teacher sees none of these.
    expect(await students({ s: 'ben' }, student['x-access-token'])).toEqual(new Set(['amy01']));
    expect(await students({ s: 'ben' }, other['x-access-token'])).toEqual(new Set());
  });
  it("a Pronunciation task on a long unit (a senior book's, or a school's own with phrases) reads its first items, as many as one recording is scored on", async () => {
    const adjectives = ['big', 'small', 'red', 'blue', 'old', 'new', 'happy', 'sad', 'fast', 'slow'];
    const nouns = ['cat', 'dog', 'bird', 'fish'];
    const items = nouns.flatMap((n) => adjectives.map((a) => `${a} ${n}`));
    const csv = [
      'bookID,bookTitle,schoolID,pressID,unitID,unitTitle,word,partOfSpeech,definition,sentence1,sentence2',
      ...items.map(
        (item, i) =>
          `LONG4B,${i ? '' : 'A Long Book'},${i ? '' : 'ES'},${i ? '' : 'PEP'},1,${i ? '' : 'Animals'},${item},noun,an animal that is ${item.split(' ')[0]},Look at the ${item} number ${i + 1}.,We drew a ${item} in art class ${i + 1}.`,
      ),
    ].join('\n');
    const imported = await server.gql(
      'mutation ($n: String!, $c: String!) { importTextbook(fileName: $n, content: $c) { __typename ... on Error { message } } }',
      { n: 'long.csv', c: csv },
      teacher['x-access-token'],
    );
    expect(imported.body.data.importTextbook).toEqual({ __typename: 'ImportTextbookPayload' });
    expect((await assign({ className: '4B', bookUnitID: 'LONG4B-1', Type: 'PA' })).status).toBe(200);
    const row = (await studentTasks()).find((x) => x.Type === 'PA' && x.bookUnitID === 'LONG4B-1');
    const { status, body } = await server.get(`/api/v1.0/usertasks/${row.bookUnitID}-${row.TPID}-PA-mrzhou`, student);
    expect(status).toBe(200);
    const asked = (body[1] as string).split(', ');
    // The unit's first items, in order: 30 two-word items are 60 words; the 31st would not fit.
    expect(MAX_READING_WORDS).toBe(60);
    expect(asked).toEqual(items.slice(0, 30));
    expect(asked.flatMap((w) => targetWords(w))).toHaveLength(MAX_READING_WORDS);
  });
});
