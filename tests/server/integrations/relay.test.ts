import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

describe.each(DATABASES)('Relay conventions on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let stranger: string;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = (await server.login('demoteacher')).accessToken;
    student = (await server.login('demostudent')).accessToken;
    await server.post('/api/v1.0/username/signup', { username: 'mrsqian', password: 'qian1', email: 'qian@school.cn', isTeacher: true });
    stranger = (await server.login('mrsqian', 'qian1')).accessToken;
    const assign = 'mutation($input: AssignTaskInput!) { assignTask(input: $input) { __typename ... on AssignTaskPayload { info } } }';
    for (const bookUnitId of ['NS2022-ES1', 'NS2022-ES2']) {
      const r = await server.gql(assign, { input: { className: 'Demo Class', bookUnitId, type: 'SB' } }, teacher);
      expect(r.body.data.assignTask.info).toMatch(/^success/);
    }
  });
  afterAll(() => server?.close());

  const node = async (id: string, token: string) =>
    (
      await server.gql(
        'query($id: ID!) { node(id: $id) { __typename id ... on Task { taskId } ... on Class { name } ... on Book { bookId } ... on User { username } } }',
        { id },
        token,
      )
    ).body;

  it('fetches a task again by its global id, for its student and their teacher only', async () => {
    const tasks = (await server.gql('{ viewer { tasks(first: 1) { edges { node { id taskId } } } } }', {}, student)).body.data.viewer.tasks.edges;
    expect(tasks).toHaveLength(1);
    const { id, taskId } = tasks[0].node;
    expect((await node(id, student)).data).toEqual({ node: { __typename: 'Task', id, taskId } });
    expect((await node(id, teacher)).data.node).toEqual({ __typename: 'Task', id, taskId });
    expect((await node(id, stranger)).data.node).toBeNull();
  });

  it('fetches a class, a book and the viewer by global id', async () => {
    const viewer = (await server.gql('{ viewer { id classes(first: 1) { edges { node { id name shelf { national { id bookId } } } } } } }', {}, teacher)).body
      .data.viewer;
    const klass = viewer.classes.edges[0].node;
    expect((await node(klass.id, teacher)).data.node).toEqual({ __typename: 'Class', id: klass.id, name: klass.name });
    expect((await node(klass.id, stranger)).data.node).toBeNull();
    expect((await node(klass.shelf.national.id, teacher)).data.node).toEqual({
      __typename: 'Book',
      id: klass.shelf.national.id,
      bookId: klass.shelf.national.bookId,
    });
    expect((await node(viewer.id, teacher)).data.node).toEqual({ __typename: 'User', id: viewer.id, username: 'demoteacher' });
    expect((await node(viewer.id, stranger)).data.node).toBeNull();
  });

  it('pages a connection with first and after', async () => {
    const page = async (after?: string) =>
      (
        await server.gql(
          'query($after: String) { viewer { tasks(first: 2, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }',
          { after },
          teacher,
        )
      ).body.data.viewer.tasks;
    const first = await page();
    expect(first.edges).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.pageInfo.endCursor);
    expect(second.edges[0].node.id).not.toBe(first.edges[1].node.id);
    expect(second.edges.map((e: any) => e.node.id)).not.toContain(first.edges[0].node.id);
  });

  it('a cursor that is not one of the list is a ValidationError naming it, and an empty page has null cursors', async () => {
    const tasks = async (args: string, variables: Record<string, unknown> = {}) =>
      (
        await server.gql(
          `query($after: String) { viewer { tasks(${args}) { edges { node { id } } pageInfo { startCursor endCursor hasNextPage } } } }`,
          variables,
          teacher,
        )
      ).body;
    for (const after of ['%%%', Buffer.from('OffsetConnection:abc').toString('base64'), Buffer.from('Report:1:x').toString('base64')]) {
      const refused = await tasks('first: 2, after: $after', { after });
      expect(refused.errors[0]).toMatchObject({
        message: 'Not a cursor of this list: pass an endCursor or startCursor it gave',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // No items, no made-up cursors; an empty cursor is no cursor.
    expect((await tasks('first: 0, after: $after')).data.viewer.tasks.pageInfo).toEqual({ startCursor: null, endCursor: null, hasNextPage: true });
    expect((await tasks('first: 2, after: $after', { after: '' })).data.viewer.tasks.edges).toHaveLength(2);
    await server.gql(
      'mutation { addClass(input: { className: "Empty Class", schoolId: "ES", pressId: "PEP", students: "nobody01" }) { __typename } }',
      {},
      teacher,
    );
    const results = async (after: string | null) =>
      (
        await server.gql(
          'query($after: String) { viewer { class(name: "Empty Class") { results(first: 10, after: $after) { edges { cursor } pageInfo { endCursor hasNextPage } } } } }',
          { after },
          teacher,
        )
      ).body.data.viewer.class.results;
    const empty = await results(null);
    expect(empty).toEqual({ edges: [], pageInfo: { endCursor: null, hasNextPage: false } });
    expect(await results('')).toEqual(empty);
  });

  it('a garbled global id, or one of a type that is not a Node, names nothing: null, and a nodes batch still answers the rest', async () => {
    const r = await server.gql('{ node(id: "not-a-global-id") { id } }', {}, teacher);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { node: null }, extensions: expect.anything() });
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    const ids = [classId, 'not-an-id', Buffer.from('Foo:1').toString('base64'), Buffer.from('Report:1').toString('base64'), classId];
    const batch = await server.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } viewer { username } }', { ids }, teacher);
    expect(batch.body.errors).toBeUndefined();
    expect(batch.body.data).toEqual({ nodes: [{ id: classId }, null, null, null, { id: classId }], viewer: { username: 'demoteacher' } });
  });

  it('a well-formed global id whose row id is not a number names nothing (null, no database error)', async () => {
    for (const type of ['Class', 'Task', 'IntegrationToken', 'Webhook', 'WebhookDelivery']) {
      const r = await server.gql('query($id: ID!) { node(id: $id) { id } }', { id: Buffer.from(`${type}:abc`).toString('base64') }, teacher);
      expect(r.body).toEqual({ data: { node: null }, extensions: expect.anything() });
    }
    const live = await server.gql(
      'subscription($id: ID!) { classActivity(classId: $id) { eventId } }',
      { id: Buffer.from('Class:1e3').toString('base64') },
      teacher,
    );
    expect(JSON.stringify(live.body)).toContain('Class not found');
  });

  it('nodes(ids:) resolves at most 100 ids, and says so beyond that', async () => {
    const me = (await server.gql('{ viewer { id } }', {}, teacher)).body.data.viewer.id;
    const hundred = await server.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(100).fill(me) }, teacher);
    expect(hundred.body.data.nodes).toHaveLength(100);
    const more = await server.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(5000).fill(me) }, teacher);
    expect(more.body.data).toBeNull();
    expect(more.body.errors[0].message).toBe('Ask for at most 100 ids at a time (5000 were sent)');
  });
});
