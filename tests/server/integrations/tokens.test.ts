import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { bearerGql } from '../../helpers/bearer.ts';
import { finishTask, finishUnit } from '../../helpers/results.ts';
import { integrationTokens } from '../../../db/schema.ts';
import { subscribe, until } from '../../helpers/live.ts';

const CREATE = `mutation($input: CreateIntegrationTokenInput!) {
  createIntegrationToken(input: $input) {
    __typename
    ... on CreateIntegrationTokenPayload { token integrationToken { id name tokenPrefix scopes classes { name } revokedAt } }
    ... on Error { message }
  }
}`;

describe.each(DATABASES)('integration tokens on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  let other: string;
  let demoClassId: string;
  let secondClassId: string;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = (await server.login('demoteacher')).accessToken;
    await server.post('/api/v1.0/username/signup', { username: 'mrsqian', password: 'qian1', email: 'qian@school.cn', isTeacher: true });
    other = (await server.login('mrsqian', 'qian1')).accessToken;
    await server.post('/api/v1.0/userclasses/addclass', { className: '5C', schoolID: 'ES', pressID: 'PEP', students: 'zoe05' }, { 'x-access-token': teacher });
    const classes = (await server.gql('{ viewer { classes(first: 10) { edges { node { id name } } } } }', {}, teacher)).body.data.viewer.classes.edges.map(
      (e: any) => e.node,
    );
    demoClassId = classes.find((c: any) => c.name === 'Demo Class').id;
    secondClassId = classes.find((c: any) => c.name === '5C').id;
  });
  afterAll(() => server?.close());

  const bearer = (token: string, query: string, variables: Record<string, unknown> = {}) => bearerGql(server.url, token, query, variables);
  const create = async (input: Record<string, unknown>, session = teacher) => (await server.gql(CREATE, { input }, session)).body.data.createIntegrationToken;

  it('is shown once, stored only as a hash, and listed without the token', async () => {
    const created = await create({ name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [demoClassId] });
    expect(created).toMatchObject({
      __typename: 'CreateIntegrationTokenPayload',
      integrationToken: { name: 'Gradebook', scopes: ['READ_CLASSES'], classes: [{ name: 'Demo Class' }], revokedAt: null },
    });
    expect(created.token).toMatch(/^wbi_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.integrationToken.tokenPrefix)).toBe(true);
    const stored = JSON.stringify(await server.app.deps.db.select().from(integrationTokens));
    expect(stored).not.toContain(created.token);
    const listed = (await server.gql('{ viewer { integrationTokens(first: 5) { edges { node { id name tokenPrefix } } } } }', {}, teacher)).body;
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.data.viewer.integrationTokens.edges.map((e: any) => e.node.name)).toContain('Gradebook');
  });

  it('works as Authorization: Bearer for its classes only', async () => {
    const { token } = await create({ name: 'Timetable', scopes: ['READ_CLASSES'], classIds: [secondClassId] });
    const r = await bearer(token, '{ viewer { username classes(first: 10) { edges { node { name students } } } } }');
    expect(r.status).toBe(200);
    expect(r.body.data.viewer).toEqual({ username: 'demoteacher', classes: { edges: [{ node: { name: '5C', students: ['zoe05'] } }] } });
    expect((await bearer(token, 'query($id: ID!) { node(id: $id) { id } }', { id: demoClassId })).body.data.node).toBeNull();
  });

  it('refuses what its scopes do not cover, and runs nothing', async () => {
    const { token } = await create({ name: 'Reader', scopes: ['READ_CLASSES'], classIds: [demoClassId] });
    const reports = await bearer(token, '{ viewer { reports { fileName } } }');
    expect(reports.status).toBe(403);
    expect(reports.body.errors[0].message).toBe('This token lacks the scope READ_RESULTS (needed for User.reports)');
    expect(reports.body.data).toBeUndefined();
    const before = (await server.gql('{ viewer { tasks(first: 100) { edges { node { id } } } } }', {}, teacher)).body.data.viewer.tasks.edges.length;
    const assign = 'mutation($input: AssignTaskInput!) { assignTask(input: $input) { __typename ... on AssignTaskPayload { info } ... on Error { message } } }';
    const refused = await bearer(token, assign, { input: { className: 'Demo Class', bookUnitId: 'NS2022-ES1', type: 'SB' } });
    expect(refused.body.errors[0].message).toBe('This token lacks the scope ASSIGN_TASKS (needed for Mutation.assignTask)');
    expect((await server.gql('{ viewer { tasks(first: 100) { edges { node { id } } } } }', {}, teacher)).body.data.viewer.tasks.edges.length).toBe(before);
    // Managing tokens needs the teacher in person, whatever the scopes.
    const all = (await create({ name: 'All', scopes: ['READ_CLASSES', 'READ_RESULTS', 'ASSIGN_TASKS'], classIds: [demoClassId] })).token;
    const escalate = await bearer(all, CREATE, { input: { name: 'More', scopes: ['ASSIGN_TASKS'], classIds: [secondClassId] } });
    expect(escalate.body.errors[0].message).toBe('An integration token cannot use Mutation.createIntegrationToken');
    // It does not expire (tokenExpAt 0), and it cannot mint itself a login either.
    expect((await bearer(all, '{ viewer { tokenExpAt } }')).body.data.viewer.tokenExpAt).toBe(0);
    const renew = await bearer(all, 'mutation { renewLogin { __typename ... on LoginPayload { accessToken } } }');
    expect(renew.body.errors[0].message).toBe('An integration token cannot use Mutation.renewLogin');
  });

  it('refuses a live subscription without the results scope, and streams one with it', async () => {
    const reader = (await create({ name: 'Roster only', scopes: ['READ_CLASSES'], classIds: [demoClassId] })).token;
    const query = 'subscription($id: ID!) { classActivity(classId: $id) { kind } }';
    const refused = subscribe(server.url, reader, query, { id: demoClassId });
    await until(() => refused.errors.length > 0);
    expect(JSON.stringify(refused.errors)).toContain('This token lacks the scope READ_RESULTS (needed for Subscription.classActivity)');
    await refused.close();
    const results = (await create({ name: 'Results', scopes: ['READ_RESULTS'], classIds: [secondClassId] })).token;
    const elsewhere = subscribe(server.url, results, query, { id: demoClassId });
    await until(() => elsewhere.errors.length > 0);
    expect(JSON.stringify(elsewhere.errors)).toContain('Class not found');
    await elsewhere.close();
  });

  it('ends an open subscription at its next event once the token is revoked', async () => {
    const created = await create({ name: 'Live board', scopes: ['READ_RESULTS'], classIds: [demoClassId] });
    const live = subscribe(server.url, created.token, 'subscription($id: ID!) { classActivity(classId: $id) { kind student } }', { id: demoClassId });
    const { student } = await finishTask(server);
    // The result's answers, then the finished task.
    await until(() => live.events.some((e) => e.classActivity.kind === 'finished'));
    expect(live.events.at(-1)).toEqual({ classActivity: { kind: 'finished', student: 'demostudent' } });
    const before = live.events.length;

    const revoke = 'mutation($id: ID!) { revokeIntegrationToken(input: { id: $id }) { __typename } }';
    await server.gql(revoke, { id: created.integrationToken.id }, teacher);
    await server.gql(
      'mutation($input: AssignTaskInput!) { assignTask(input: $input) { __typename } }',
      { input: { className: 'Demo Class', bookUnitId: 'NS2022-ES2', type: 'SB' } },
      teacher,
    );
    const task = (await server.get('/api/v1.0/usertasks', student)).body.find((t: any) => t.bookUnitID === 'NS2022-ES2');
    const taskId = `NS2022-ES2-${task.TPID}-SB-demoteacher`;
    const word = (await server.gql('query($id: String!) { taskContent(taskId: $id) { words { text } } }', { id: taskId }, student['x-access-token'])).body.data
      .taskContent.words[0].text;
    const answer = 'mutation($input: AnswerInput!) { recordAnswer(input: $input) { __typename } }';
    const answered = await server.gql(answer, { input: { taskId, position: 1, word, typed: word, status: 'v' } }, student['x-access-token']);
    expect(answered.body.data.recordAnswer.__typename).toBe('AnswerPayload');
    await until(() => live.errors.length > 0);
    expect(JSON.stringify(live.errors)).toContain('This integration token was revoked');
    expect(live.events).toHaveLength(before);
    await live.close();
  });

  it('assigns tasks with the assign scope, only in its classes', async () => {
    const { token } = await create({ name: 'Planner', scopes: ['ASSIGN_TASKS'], classIds: [demoClassId] });
    const assign = 'mutation($input: AssignTaskInput!) { assignTask(input: $input) { __typename ... on AssignTaskPayload { info } ... on Error { message } } }';
    const ok = await bearer(token, assign, { input: { className: 'Demo Class', bookUnitId: 'NS2022-ES1', type: 'SB' } });
    expect(ok.body.data.assignTask.info).toMatch(/^success: SB NS2022-ES1 assigned to 4 students of Demo Class/);
    const elsewhere = await bearer(token, assign, { input: { className: '5C', bookUnitId: 'NS2022-ES1', type: 'SB' } });
    expect(elsewhere.body.data.assignTask).toEqual({ __typename: 'NotFoundError', message: 'Class 5C not found' });
  });

  it("pages a class's results by time: a result added between pages is neither repeated nor skipped; since catches up", async () => {
    // Class 5C and its one student, who has done nothing yet.
    const { token } = await create({ name: 'Sync', scopes: ['READ_CLASSES', 'READ_RESULTS'], classIds: [secondClassId] });
    const session = { 'x-access-token': teacher };
    await server.post('/api/v1.0/username/signup', {
      username: 'zoe05',
      password: 'zoe05',
      email: 'zoe@home.cn',
      isTeacher: false,
      teachername: 'demoteacher',
      classname: '5C',
    });
    const student = { 'x-access-token': (await server.login('zoe05')).accessToken };
    const finish = (bookUnitID: string) => finishUnit(server, { teacher: session, student, className: '5C', teacherName: 'demoteacher' }, bookUnitID);
    const done = [await finish('NS2022-ES1'), await finish('NS2022-ES2'), await finish('NS2022-ES3')];
    const RESULTS =
      'query($id: ID!, $first: Int, $after: String, $since: DateTime) { node(id: $id) { ... on Class { results(first: $first, after: $after, since: $since) { edges { node { student taskId type score correct total finishedAt } } pageInfo { hasNextPage endCursor } } } } }';
    const page = async (variables: Record<string, unknown>) => {
      const r = await bearer(token, RESULTS, { id: secondClassId, ...variables });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.node.results;
    };
    const first = await page({ first: 2 });
    expect(first.edges.map((e: any) => e.node.taskId)).toEqual(done.slice(0, 2));
    expect(first.edges[0].node).toMatchObject({ student: 'zoe05', type: 'SB', score: 100 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    done.push(await finish('NS2022-MS1'));
    const rest = await page({ first: 10, after: first.pageInfo.endCursor });
    expect(rest.edges.map((e: any) => e.node.taskId)).toEqual(done.slice(2));
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const since = await page({ first: 10, since: rest.edges[0].node.finishedAt });
    expect(since.edges.map((e: any) => e.node.taskId)).toEqual(done.slice(2));
    const bad = await bearer(token, RESULTS, { id: secondClassId, first: 2, after: 'bm90LWEtY3Vyc29y' });
    expect(bad.body.errors[0].message).toBe('Not a cursor of this list: pass an endCursor or startCursor it gave');
    // Results need their own scope.
    const { token: rosterOnly } = await create({ name: 'Roster', scopes: ['READ_CLASSES'], classIds: [secondClassId] });
    const refused = await bearer(rosterOnly, RESULTS, { id: secondClassId, first: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toMatch(/READ_RESULTS/);
    // Each student's result and each report has an id of its own to key by (taskId is the
    // assignment's, shared by its students), and node(id:) fetches it again, in the token's classes only.
    const withIdsReply = await bearer(
      token,
      'query($id: ID!) { node(id: $id) { ... on Class { results(first: 10) { edges { node { id taskId score } } } } } }',
      { id: secondClassId },
    );
    expect(withIdsReply.body.errors).toBeUndefined();
    const withIds = withIdsReply.body.data.node.results.edges.map((e: any) => e.node);
    expect(new Set(withIds.map((r: any) => r.id)).size).toBe(done.length);
    const AGAIN = 'query($id: ID!) { node(id: $id) { __typename id ... on ClassResult { taskId score } ... on Report { fileName student } } }';
    expect((await bearer(token, AGAIN, { id: withIds[1].id })).body.data.node).toEqual({ __typename: 'ClassResult', ...withIds[1] });
    const reports = (
      await bearer(token, '{ viewer { pdfReports(first: 10) { edges { node { id fileName student } } } } }')
    ).body.data.viewer.pdfReports.edges.map((e: any) => e.node);
    expect(reports.length).toBe(done.length);
    expect((await bearer(token, AGAIN, { id: reports[0].id })).body.data.node).toEqual({ __typename: 'Report', ...reports[0] });
    const { token: demoOnly } = await create({ name: 'Demo only', scopes: ['READ_CLASSES', 'READ_RESULTS'], classIds: [demoClassId] });
    expect((await bearer(demoOnly, AGAIN, { id: withIds[1].id })).body.data.node).toBeNull();
    expect((await bearer(demoOnly, AGAIN, { id: reports[0].id })).body.data.node).toBeNull();
    expect((await bearer(rosterOnly, AGAIN, { id: withIds[1].id })).status).toBe(403);
    expect((await server.gql(AGAIN, { id: reports[0].id }, student['x-access-token'])).body.data.node).toBeNull();
  });

  it('is refused once revoked, and only its teacher can revoke it', async () => {
    const created = await create({ name: 'Old app', scopes: ['READ_CLASSES'], classIds: [demoClassId] });
    const revoke =
      'mutation($id: ID!) { revokeIntegrationToken(input: { id: $id }) { __typename ... on RevokeIntegrationTokenPayload { integrationToken { revokedAt } } ... on Error { message } } }';
    expect((await server.gql(revoke, { id: created.integrationToken.id }, other)).body.data.revokeIntegrationToken).toEqual({
      __typename: 'NotFoundError',
      message: 'Token not found',
    });
    expect((await bearer(created.token, '{ viewer { username } }')).body.data.viewer.username).toBe('demoteacher');
    const revoked = (await server.gql(revoke, { id: created.integrationToken.id }, teacher)).body.data.revokeIntegrationToken;
    expect(revoked.integrationToken.revokedAt).toEqual(expect.any(String));
    const refused = await bearer(created.token, '{ viewer { username } }');
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].message).toBe('This integration token was revoked');
    expect((await bearer('wbi_madeup', '{ viewer { username } }')).body.errors[0].message).toBe('This integration token is not valid');
  });

  it('rejects bad input with a clear message and creates nothing', async () => {
    const count = async () => (await server.app.deps.db.select().from(integrationTokens)).length;
    const before = await count();
    expect(await create({ name: ' ', scopes: ['READ_CLASSES'], classIds: [demoClassId] })).toEqual({
      __typename: 'ValidationError',
      message: 'Give the token a name',
    });
    expect(await create({ name: 'X', scopes: [], classIds: [demoClassId] })).toEqual({ __typename: 'ValidationError', message: 'Choose at least one scope' });
    expect(await create({ name: 'X', scopes: ['READ_CLASSES'], classIds: [] })).toEqual({
      __typename: 'ValidationError',
      message: 'Choose at least one class',
    });
    expect(await create({ name: 'X', scopes: ['READ_CLASSES'], classIds: [demoClassId] }, other)).toEqual({
      __typename: 'NotFoundError',
      message: 'Class not found',
    });
    expect(await create({ name: 'X', scopes: ['READ_CLASSES'], classIds: ['not-an-id'] })).toEqual({ __typename: 'NotFoundError', message: 'Class not found' });
    expect(await create({ name: 'X', scopes: ['READ_CLASSES'], classIds: [Buffer.from('Task:1').toString('base64')] })).toEqual({
      __typename: 'NotFoundError',
      message: 'Class not found',
    });
    const revoke = 'mutation($id: ID!) { revokeIntegrationToken(input: { id: $id }) { __typename ... on Error { message } } }';
    expect((await server.gql(revoke, { id: 'garbage' }, teacher)).body.data.revokeIntegrationToken).toEqual({
      __typename: 'NotFoundError',
      message: 'Token not found',
    });
    const student = (await server.login('demostudent')).accessToken;
    expect(await create({ name: 'X', scopes: ['READ_CLASSES'], classIds: [demoClassId] }, student)).toEqual({
      __typename: 'ForbiddenError',
      message: 'Only teachers can do this',
    });
    expect((await server.gql('{ viewer { username integrationTokens(first: 5) { edges { node { id } } } } }', {}, student)).body.data.viewer).toEqual({
      username: 'demostudent',
      integrationTokens: { edges: [] },
    });
    expect(await count()).toBe(before);
  });
});
