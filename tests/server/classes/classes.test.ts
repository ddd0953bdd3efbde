import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { classes, rosterEntries } from '../../../db/schema.ts';

describe.each(DATABASES)('classes on %s', (kind) => {
  let server: TestServer;
  let teacher: Record<string, string>;
  let other: Record<string, string>;
  let student: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind);
    await server.post('/api/v1.0/username/signup', { username: 'mrsfang', password: 'fang1', email: 'fang@school.cn', isTeacher: true });
    teacher = { 'x-access-token': (await server.login('mrsfang', 'fang1')).accessToken };
    other = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    student = { 'x-access-token': (await server.login('demostudent')).accessToken };
  });
  afterAll(() => server?.close());

  const add = (body: Record<string, unknown>, who = teacher) => server.post('/api/v1.0/userclasses/addclass', body, who);
  const count = async () => ({
    classes: (await server.app.deps.db.select().from(classes)).length,
    roster: (await server.app.deps.db.select().from(rosterEntries)).length,
  });

  it("starts with no classes, then lists what +Class adds, with the spec's defaults", async () => {
    expect(await server.get('/api/v1.0/userclasses', teacher)).toEqual({ status: 200, body: [] });
    expect(await add({ username: 'mrsfang', className: 'Class 3A', schoolID: 'ES', pressID: 'PEP', students: 'Adam, Juliet，Tomas; Adam' })).toEqual({
      status: 400,
      body: '名字“Adam”写了两次：同名的学生请加以区分（如 张伟A、张伟B） · "Adam" is listed twice: tell pupils with the same name apart (e.g. 张伟A, 张伟B)',
    });
    // Names as the school writes them, between commas (ASCII or Chinese), '、', ';' or new lines.
    expect(
      await add({
        username: 'mrsfang',
        className: 'Class 3A',
        schoolID: 'ES',
        pressID: 'PEP',
        students: 'Adam, Juliet，Tomas; 张伟、 李娜\n  Zhang   Wei \r\n',
      }),
    ).toEqual({ status: 200, body: 'success' });
    expect(await add({ className: 'Grade 7', schoolID: 'MS', pressID: 'BNU', students: `LiLei, ${'长'.repeat(31)}` })).toEqual({
      status: 400,
      body: `名字“${'长'.repeat(31)}”超过 30 个字 · Student name "${'长'.repeat(31)}" is longer than 30 characters`,
    });
    expect(await add({ className: 'Grade 7', schoolID: 'MS', pressID: 'BNU', students: 'LiLei, Han\u0007Meimei' })).toEqual({
      status: 400,
      body: '名字“Han?Meimei”含有不可见的控制字符 · Student name "Han?Meimei" contains an invisible control character',
    });
    // A stray quote or dash between separators is not a pupil (a pasted "'; --" made two such names).
    expect(await add({ className: 'Grade 7', schoolID: 'MS', pressID: 'BNU', students: "LiLei, ' ; --" })).toEqual({
      status: 400,
      body: `名字“'”里没有汉字、字母或数字 · Student name "'" has no letter or digit in it`,
    });
    expect(
      await add({
        className: 'Grade 7',
        schoolID: 'MS',
        pressID: 'BNU',
        students: 'LiLei, HanMeimei',
        tbTaskType: 'SB',
        spellingTimeoutSec: '20',
        taskDueDays: '3',
        fmBatchSize: '5',
      }),
    ).toEqual({ status: 200, body: 'success' });
    expect((await server.get('/api/v1.0/userclasses', teacher)).body).toEqual([
      {
        className: 'Class 3A',
        schoolID: 'ES',
        pressID: 'PEP',
        students: 'Adam, Juliet, Tomas, 张伟, 李娜, Zhang Wei',
        tbTaskType: 'PA+SB',
        spellingTimeoutSec: 15,
        taskDueDays: 7,
        fmBatchSize: 10,
      },
      {
        className: 'Grade 7',
        schoolID: 'MS',
        pressID: 'BNU',
        students: 'LiLei, HanMeimei',
        tbTaskType: 'SB',
        spellingTimeoutSec: 20,
        taskDueDays: 3,
        fmBatchSize: 5,
      },
    ]);
  });

  it('refuses a class without the four red inputs, a press not offered for the school, or a name twice', async () => {
    const before = await count();
    for (const body of [
      {},
      { className: 'X1', schoolID: 'ES', pressID: 'PEP' },
      { className: ' ', schoolID: 'ES', pressID: 'PEP', students: 'Anna' },
      { className: 'X1', schoolID: 'ES', pressID: 'PEP', students: ' , ' },
    ]) {
      expect(await add(body)).toEqual({ status: 400, body: 'All four red color inputs are required' });
    }
    expect(await add({ className: 'X1', schoolID: 'US', pressID: 'PEP', students: 'Anna' })).toEqual({
      status: 400,
      body: 'schoolID must be one of K-12, ES, MS, HS',
    });
    expect(await add({ className: 'X1', schoolID: 'ES', pressID: 'NS', students: 'Anna' })).toEqual({
      status: 400,
      body: 'pressID NS is not offered for schoolID ES',
    });
    expect(await add({ className: 'X1', schoolID: 'ES', pressID: 'PEP', students: 'Anna', taskDueDays: 'soon' })).toEqual({
      status: 400,
      body: 'taskDueDays must be a whole number',
    });
    expect(await add({ className: 'X1', schoolID: 'ES', pressID: 'PEP', students: 'Anna', spellingTimeoutSec: 99 })).toEqual({
      status: 400,
      body: 'spellingTimeoutSec must be between 5 and 59',
    });
    expect(await add({ className: 'X1', schoolID: 'ES', pressID: 'PEP', students: 'Anna', fmBatchSize: 500 })).toEqual({
      status: 400,
      body: 'fmBatchSize must be between 3 and 50',
    });
    expect(await add({ className: 'class 3a', schoolID: 'ES', pressID: 'PEP', students: 'Anna' })).toEqual({
      status: 409,
      body: 'You already have a class named class 3a',
    });
    expect(await count()).toEqual(before);
  });

  it('gives the press options, and the settings of a selected class', async () => {
    const options = (await server.get('/api/v1.0/userclasses/pressoptions', teacher)).body;
    expect(options).toContainEqual({ schoolID: 'ES', pressID: 'PEP' });
    expect(options).toContainEqual({ schoolID: 'HS', pressID: 'BNU' });
    expect(await server.post('/api/v1.0/userclasses/selectclass', { username: 'mrsfang', className: 'grade 7' }, teacher)).toEqual({
      status: 200,
      body: { className: 'Grade 7', schoolID: 'MS', pressID: 'BNU', tbTaskType: 'SB', spellingTimeoutSec: 20, taskDueDays: 3 },
    });
    expect(await server.post('/api/v1.0/userclasses/selectclass', { className: 'Nope' }, teacher)).toEqual({
      status: 404,
      body: { info: 'Class Nope not found' },
    });
    expect(await server.post('/api/v1.0/userclasses/selectclass', {}, teacher)).toEqual({ status: 400, body: { info: 'input className' } });
  });

  it("draws Flashcard Master batches of the class's batch size", async () => {
    await server.post('/api/v1.0/username/signup', {
      username: 'LiLei',
      password: 'lilei',
      email: 'li@home.cn',
      isTeacher: false,
      teachername: 'mrsfang',
      classname: 'Grade 7',
    });
    const li = { 'x-access-token': (await server.login('lilei', 'lilei')).accessToken };
    await server.post('/api/v1.0/userprofiles/assigntask', { className: 'Grade 7', bookUnitID: 'MS2022-R', Type: 'FM' }, teacher);
    const task = (await server.get('/api/v1.0/usertasks', li)).body[0];
    const content = (await server.get(`/api/v1.0/usertasks/MS2022-R-${task.TPID}-FM-mrsfang`, li)).body;
    expect(content.slice(1).map((c: any) => c.word)).toEqual(['cat', 'dog', 'bird', 'fish', 'rabbit']);
  });

  it('a student cannot use any class call, and nothing changes', async () => {
    const before = await count();
    expect(await server.get('/api/v1.0/userclasses', student)).toEqual({ status: 403, body: { info: 'Only teachers can do this' } });
    expect((await server.get('/api/v1.0/userclasses/pressoptions', student)).status).toBe(403);
    expect(await add({ className: 'Mine', schoolID: 'ES', pressID: 'PEP', students: 'Anna' }, student)).toEqual({
      status: 403,
      body: 'Only teachers can do this',
    });
    expect((await server.post('/api/v1.0/userclasses/deleteclass', { className: 'Class 3A' }, student)).status).toBe(403);
    expect((await server.post('/api/v1.0/userclasses/selectclass', { className: 'Class 3A' }, student)).status).toBe(403);
    expect(await count()).toEqual(before);
  });

  it("another teacher can neither see, select nor delete a teacher's class", async () => {
    const before = await count();
    const theirs = (await server.get('/api/v1.0/userclasses', other)).body.map((c: { className: string }) => c.className);
    expect(theirs).not.toContain('Class 3A');
    expect(await server.post('/api/v1.0/userclasses/deleteclass', { className: 'Class 3A' }, other)).toEqual({ status: 404, body: 'Class Class 3A not found' });
    expect((await server.post('/api/v1.0/userclasses/selectclass', { className: 'Class 3A' }, other)).status).toBe(404);
    expect(await server.post('/api/v1.0/userclasses/deleteclass', { username: 'mrsfang', className: 'Class 3A' }, other)).toEqual({
      status: 403,
      body: 'You are logged in as demoteacher, not mrsfang',
    });
    expect(await count()).toEqual(before);
  });

  it('a visitor is asked to log in', async () => {
    expect(await server.get('/api/v1.0/userclasses')).toEqual({ status: 401, body: { info: 'Please log in (no access token was sent)' } });
    expect(await server.get('/api/v1.0/userclasses', { 'x-access-token': 'garbage' })).toEqual({
      status: 401,
      body: { info: 'Invalid access token, please log in again' },
    });
  });

  it("deletes a class with its roster; 'input className' when none is named", async () => {
    expect(await server.post('/api/v1.0/userclasses/deleteclass', { className: '' }, teacher)).toEqual({ status: 400, body: 'input className' });
    expect(await server.post('/api/v1.0/userclasses/deleteclass', { username: 'mrsfang', className: 'grade 7' }, teacher)).toEqual({
      status: 200,
      body: 'Grade 7',
    });
    expect((await server.get('/api/v1.0/userclasses', teacher)).body.map((c: { className: string }) => c.className)).toEqual(['Class 3A']);
  });

  it('does the same through GraphQL with typed errors', async () => {
    const token = teacher['x-access-token'];
    const ADD = `mutation ($input: AddClassInput!) { addClass(input: $input) { __typename ... on ClassPayload { info class { name students tbTaskType taskDueDays } } ... on Error { message } } }`;
    const ok = await server.gql(ADD, { input: { className: 'Choir', schoolId: 'K-12', pressId: 'NS', students: 'Anna, Bobo' } }, token);
    expect(ok.body.data.addClass).toEqual({
      __typename: 'ClassPayload',
      info: 'success',
      class: { name: 'Choir', students: ['Anna', 'Bobo'], tbTaskType: 'PA+SB', taskDueDays: 7 },
    });
    const bad = await server.gql(ADD, { input: { className: 'Choir2', schoolId: 'ES', pressId: 'PEP', students: '' } }, token);
    expect(bad.body.data.addClass).toEqual({ __typename: 'ValidationError', message: 'All four red color inputs are required' });
    const asStudent = await server.gql(ADD, { input: { className: 'S', schoolId: 'ES', pressId: 'PEP', students: 'A' } }, student['x-access-token']);
    expect(asStudent.body.data.addClass.__typename).toBe('ForbiddenError');
    const list = await server.gql(`{ viewer { classes(first: 10) { edges { node { id name } } } } }`, {}, token);
    expect(list.body.data.viewer.classes.edges.map((e: any) => e.node.name)).toEqual(['Class 3A', 'Choir']);
    const del = await server.gql(
      `mutation { deleteClass(input: { className: "choir" }) { __typename ... on DeleteClassPayload { className deletedClassId } } }`,
      {},
      token,
    );
    expect(del.body.data.deleteClass).toMatchObject({ __typename: 'DeleteClassPayload', className: 'Choir' });
    expect(del.body.data.deleteClass.deletedClassId).toBe(list.body.data.viewer.classes.edges[1].node.id);
  });
});
