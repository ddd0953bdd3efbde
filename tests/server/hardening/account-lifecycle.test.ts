/**
 * The account's life (issue 35, item 8; docs/security.md, Accounts): change password, log out, log out
 * everywhere — each ending exactly the right tokens on two server instances sharing one
 * database — and deleting an account (by its owner, or a student by their teacher) leaving no
 * row of the user in any table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../db/schema.ts';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { reportsDone } from '../../helpers/results.ts';
import { addClass, assign, perfectSbArr, signupStudent, signupTeacher, taskIds, tokenHeader, type Auth } from './fixtures.ts';
import { LOGIN_ENDED } from '../../../server/users/service.ts';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { until } from '../../helpers/live.ts';

const VIEWER = '{ viewer { username } }';
const LOGOUT = 'mutation { logout { __typename ... on LogoutPayload { everywhere info } ... on Error { message } } }';
const LOGOUT_EVERYWHERE = 'mutation { logoutEverywhere { __typename ... on LogoutPayload { everywhere } ... on Error { message } } }';
const CHANGE = `mutation ($i: ChangePasswordInput!) { changePassword(input: $i) { __typename ... on LoginPayload { accessToken tokenExpAt } ... on ValidationError { message field } ... on Error { message } } }`;
const RENEW = 'mutation { renewLogin { __typename ... on LoginPayload { accessToken } } }';
const DELETE = `mutation ($p: String!) { deleteAccount(input: {password: $p}) { __typename ... on DeleteAccountPayload { username info } ... on ValidationError { message field } ... on Error { message } } }`;
const REMOVE = `mutation ($c: String!, $s: String!, $d: Boolean!) { removeStudent(input: {className: $c, student: $s, deleteData: $d}) { __typename ... on RemoveStudentPayload { removed accountDeleted class { students } } ... on Error { message } } }`;

/** 'ok' when the token works on the server (GraphQL and REST agree), else the 401's message. */
async function state(server: TestServer, token: string): Promise<string> {
  const g = await server.gql(VIEWER, {}, token);
  // Integration tokens are for GraphQL only.
  if (token.startsWith('wbi_')) return g.status === 200 && g.body.data?.viewer?.username ? 'ok' : `${g.status} ${JSON.stringify(g.body)}`;
  const r = await server.get('/api/v1.0/usertasks', tokenHeader(token));
  if (g.status === 200 && g.body.data?.viewer?.username) {
    expect(r.status).toBe(200);
    return 'ok';
  }
  expect(g.status).toBe(401);
  expect(r.status).toBe(401);
  expect(r.body.info).toBe(g.body.errors[0].message);
  expect(g.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  return g.body.errors[0].message;
}

/**
 * Two instances on one PostgreSQL database, started before the describe's tests and closed after,
 * with the teacher `username` signed up (password `username-pw`).
 */
function twoInstances(env: Record<string, string>, username: string) {
  const instances = {
    a: undefined as unknown as TestServer,
    b: undefined as unknown as TestServer,
    login: async (s: TestServer, password = `${username}-pw`) => (await s.login(username, password)).accessToken,
  };
  beforeAll(async () => {
    instances.a = await startServer('postgres', { env });
    instances.b = await startServer('postgres', { env, sharedDatabaseUrl: instances.a.databaseUrl, app: { seed: false } });
    await signupTeacher(instances.a, username);
  });
  afterAll(async () => {
    await instances.b?.close();
    await instances.a?.close();
  });
  return instances;
}

describe.skipIf(!DATABASES.includes('postgres'))('ending logins on two instances', () => {
  const instances = twoInstances({}, 'lifeteach');
  /** The token's state on both instances (they must agree). */
  const onBoth = async (token: string) => {
    const [x, y] = [await state(instances.a, token), await state(instances.b, token)];
    expect(y).toBe(x);
    return x;
  };

  it('logout ends this login (and its renewed tokens) on both instances; the other logins go on', async () => {
    const { a, b, login } = instances;
    const phone = await login(a);
    const laptop = await login(b);
    const renewed = (await b.gql(RENEW, {}, phone)).body.data.renewLogin.accessToken as string;
    expect(await onBoth(renewed)).toBe('ok');

    const out = await b.gql(LOGOUT, {}, renewed);
    expect(out.body.data.logout).toEqual({ __typename: 'LogoutPayload', everywhere: false, info: 'Logged out' });
    expect(await onBoth(renewed)).toBe(LOGIN_ENDED);
    // The token the renewal replaced belongs to the same login: ended too.
    expect(await onBoth(phone)).toBe(LOGIN_ENDED);
    expect(await onBoth(laptop)).toBe('ok');
    // Logging out again with the ended token is a 401, as any call with it.
    expect((await a.gql(LOGOUT, {}, phone)).status).toBe(401);
    // A new login works at once.
    expect(await onBoth(await login(a))).toBe('ok');
  });

  it('changing the password asks the old one, ends every other login and gives this session a new token', async () => {
    const { a, b, login } = instances;
    const here = await login(a);
    const elsewhere = await login(b);
    const wrong = await b.gql(CHANGE, { i: { oldPassword: 'not-it', newPassword: 'brand-new-pw' } }, here);
    expect(wrong.body.data.changePassword).toEqual({ __typename: 'ValidationError', message: 'Current password is wrong', field: 'oldPassword' });
    const short = await b.gql(CHANGE, { i: { oldPassword: 'lifeteach-pw', newPassword: 'abc' } }, here);
    expect(short.body.data.changePassword).toMatchObject({ __typename: 'ValidationError', message: 'Password must be at least 4 characters' });
    // Nothing changed: both logins work, the old password too.
    expect(await onBoth(here)).toBe('ok');
    expect(await onBoth(elsewhere)).toBe('ok');

    const changed = await b.gql(CHANGE, { i: { oldPassword: 'lifeteach-pw', newPassword: 'brand-new-pw' } }, here);
    expect(changed.body.data.changePassword.__typename).toBe('LoginPayload');
    const fresh = changed.body.data.changePassword.accessToken as string;
    expect(await onBoth(fresh)).toBe('ok');
    expect(await onBoth(here)).toBe(LOGIN_ENDED);
    expect(await onBoth(elsewhere)).toBe(LOGIN_ENDED);
    expect((await a.post('/api/v1.0/username/login', { username: 'lifeteach', password: 'lifeteach-pw' })).status).toBe(401);
    expect(await onBoth(await login(b, 'brand-new-pw'))).toBe('ok');
    // The new session's token renews as any other.
    expect(await onBoth((await a.gql(RENEW, {}, fresh)).body.data.renewLogin.accessToken)).toBe('ok');
  });

  it('logout everywhere ends every login of the user on both instances, not another user nor an integration token', async () => {
    const { a, b, login } = instances;
    const one = await login(a, 'brand-new-pw');
    const two = await login(b, 'brand-new-pw');
    const someoneElse = (await a.login('demoteacher')).accessToken;
    await a.post('/api/v1.0/userclasses/addclass', { className: 'Life1', schoolID: 'ES', pressID: 'PEP', students: 'kid' }, tokenHeader(one));
    const classId = (await a.gql('{ viewer { classes(first: 5) { edges { node { id } } } } }', {}, one)).body.data.viewer.classes.edges[0].node.id;
    const created = await a.gql(
      'mutation ($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [classId] } },
      one,
    );
    const integration = created.body.data.createIntegrationToken.token as string;
    expect(await onBoth(integration)).toBe('ok');

    const out = await b.gql(LOGOUT_EVERYWHERE, {}, one);
    expect(out.body.data.logoutEverywhere).toEqual({ __typename: 'LogoutPayload', everywhere: true });
    expect(await onBoth(one)).toBe(LOGIN_ENDED);
    expect(await onBoth(two)).toBe(LOGIN_ENDED);
    expect(await onBoth(someoneElse)).toBe('ok');
    expect(await onBoth(integration)).toBe('ok');
    // An integration token cannot log its teacher out.
    const fresh = await login(b, 'brand-new-pw');
    const refused = await a.gql(LOGOUT_EVERYWHERE, {}, integration);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0]).toMatchObject({ message: 'An integration token cannot use Mutation.logoutEverywhere', extensions: { code: 'FORBIDDEN' } });
    expect(await onBoth(fresh)).toBe('ok');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !redisUrl) throw new Error('WORDBEE_REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

/** A live-view WebSocket as the page opens it, and the close code it ends with. */
function liveSocket(server: TestServer, token: string) {
  const closed: number[] = [];
  let connected = false;
  const client = createClient({
    url: server.url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { accessToken: token },
    retryAttempts: 0,
    lazy: false,
    // A closed non-lazy client reports the close here; the test reads `closed` instead.
    onNonLazyError: () => {},
    on: { connected: () => void (connected = true), closed: (event) => void closed.push((event as { code: number }).code) },
  });
  return { closed, isConnected: () => connected, dispose: () => client.dispose() };
}

describe.skipIf(!DATABASES.includes('postgres'))('live connections of an ended login whose event never came (no shared Redis)', () => {
  // Two instances on one database without Redis: neither hears the other's `logins:ended`, as
  // when a publish is dropped while Redis is away. The periodic recheck closes the sockets.
  const instances = twoInstances({ LIVE_LOGIN_RECHECK_SECONDS: '1' }, 'lostteach');

  it('close with 4403 within the recheck interval: the logged-out login only, then every other login after a password change', async () => {
    const { a, b, login } = instances;
    const [phone, laptop, tablet] = [await login(a), await login(a), await login(a)];
    const sockets = {
      phone: liveSocket(b, phone),
      laptop: liveSocket(b, laptop),
      tablet: liveSocket(b, tablet),
      other: liveSocket(b, (await b.login('demoteacher')).accessToken),
    };
    try {
      await until(() => Object.values(sockets).every((s) => s.isConnected()));
      expect((await a.gql(LOGOUT, {}, phone)).body.data.logout.everywhere).toBe(false);
      await until(() => sockets.phone.closed.length > 0, 10_000);
      expect(sockets.phone.closed).toEqual([4403]);
      expect([sockets.laptop.closed, sockets.tablet.closed]).toEqual([[], []]);

      const changed = await a.gql(CHANGE, { i: { oldPassword: 'lostteach-pw', newPassword: 'lost-new-pw' } }, tablet);
      expect(changed.body.data.changePassword.__typename).toBe('LoginPayload');
      await until(() => sockets.laptop.closed.length > 0, 10_000);
      expect(sockets.laptop.closed).toEqual([4403]);
      // The session that changed the password goes on, on its old socket too (same login).
      await new Promise((r) => setTimeout(r, 2_500));
      expect(sockets.tablet.closed).toEqual([]);
      expect(sockets.other.closed).toEqual([]);
    } finally {
      await Promise.all(Object.values(sockets).map((s) => s.dispose()));
    }
  });
});

describe.skipIf(!DATABASES.includes('postgres') || !redisUrl)('live connections of an ended login, on two instances sharing Redis', () => {
  // No periodic recheck during the test: every close here must come from the event.
  const instances = twoInstances({ REDIS_URL: redisUrl!, LIVE_LOGIN_RECHECK_SECONDS: '3600' }, 'liveteach');

  it('close at once with 4403 wherever they were opened: logout closes that login only, a password change the others, logout everywhere all', async () => {
    const { a, b, login } = instances;
    const [phone, laptop, tablet] = [await login(a), await login(b), await login(a)];
    const sockets = {
      phone: liveSocket(b, phone),
      laptop: liveSocket(a, laptop),
      tablet: liveSocket(b, tablet),
      other: liveSocket(b, (await b.login('demoteacher')).accessToken),
    };
    // On a timeout, which socket was still open (and which had closed) is in the message.
    const closing = (check: () => boolean) =>
      until(check).catch((error: Error) => {
        const state = Object.entries(sockets).map(([name, s]) => `${name}: connected ${s.isConnected()}, closed ${JSON.stringify(s.closed)}`);
        throw new Error(`${error.message}; ${state.join('; ')}`);
      });
    try {
      await until(() => Object.values(sockets).every((s) => s.isConnected()));
      expect((await a.gql(LOGOUT, {}, phone)).body.data.logout.everywhere).toBe(false);
      await closing(() => sockets.phone.closed.length > 0);
      expect(sockets.phone.closed).toEqual([4403]);

      const changed = await b.gql(CHANGE, { i: { oldPassword: 'liveteach-pw', newPassword: 'live-new-pw' } }, tablet);
      expect(changed.body.data.changePassword.__typename).toBe('LoginPayload');
      await closing(() => sockets.laptop.closed.length > 0);
      expect(sockets.laptop.closed).toEqual([4403]);

      // The session that changed the password goes on: its socket stays until it logs out everywhere.
      const fresh = changed.body.data.changePassword.accessToken as string;
      const after = liveSocket(a, fresh);
      await until(() => after.isConnected());
      expect(sockets.tablet.closed).toEqual([]);
      await b.gql(LOGOUT_EVERYWHERE, {}, fresh);
      await closing(() => sockets.tablet.closed.length > 0 && after.closed.length > 0);
      expect([sockets.tablet.closed, after.closed]).toEqual([[4403], [4403]]);
      await after.dispose();
      // Another teacher's live view is not touched.
      expect(sockets.other.closed).toEqual([]);
    } finally {
      await Promise.all(Object.values(sockets).map((s) => s.dispose()));
    }
  });
});

/** Every column of every table with a foreign key to users: where a user's rows could remain. */
function userColumns(): { table: string; column: string }[] {
  const out: { table: string; column: string }[] = [];
  for (const value of Object.values(schema)) {
    if (!value || typeof value !== 'object' || !('getSQL' in value) || !getTableColumnsSafe(value)) continue;
    const config = getTableConfig(value as PgTable);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable === schema.users) for (const c of ref.columns) out.push({ table: config.name, column: c.name });
    }
  }
  return out;
}
function getTableColumnsSafe(value: object): boolean {
  try {
    return Object.keys(getTableColumns(value as PgTable)).length > 0;
  } catch {
    return false;
  }
}

/** Rows anywhere that name the user: by a users foreign key, by the id, username or e-mail. */
async function rowsOf(server: TestServer, user: { id: number; username: string; email: string }): Promise<string[]> {
  const db = server.app.deps.db;
  const found: string[] = [];
  const count = async (what: string, query: ReturnType<typeof sql>) => {
    const r = (await db.execute(query)) as any;
    const n = Number((r.rows ?? r)[0].n);
    if (n) found.push(`${what}: ${n}`);
  };
  for (const { table, column } of userColumns()) {
    await count(`${table}.${column}`, sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${user.id}`);
  }
  await count('login_failures', sql`select count(*)::int as n from login_failures where key = ${`account:${user.username.toLowerCase()}`}`);
  await count('mail_outbox', sql`select count(*)::int as n from mail_outbox where to_address = ${user.email} or text_body like ${`%${user.username}%`}`);
  await count('reports', sql`select count(*)::int as n from reports where file_name like ${`%${user.username}%`}`);
  await count('blobs', sql`select count(*)::int as n from blobs where key like ${`%${user.username}%`}`);
  await count('roster_entries (name)', sql`select count(*)::int as n from roster_entries where student_key = ${user.username.toLowerCase()}`);
  await count('webhook_deliveries', sql`select count(*)::int as n from webhook_deliveries where payload::text like ${`%${user.username}%`}`);
  return found;
}

describe.each(DATABASES)('deleting accounts on %s', (kind) => {
  let server: TestServer;
  let teacher: Auth;
  const userRow = async (name: string) => (await server.app.deps.db.select().from(schema.users).where(eq(schema.users.usernameKey, name)))[0];
  /** Signs up, finishes the first task (result, report, mail, memory) and returns the auth. */
  const busyStudent = async (name: string, teacherName: string, className: string) => {
    const auth = await signupStudent(server, name, teacherName, className);
    const [task] = await taskIds(server, auth, teacherName);
    expect((await server.post('/api/v1.0/userspelling', await perfectSbArr(server, auth, task!), auth)).status).toBe(200);
    return auth;
  };
  beforeAll(async () => {
    server = await startServer(kind, { app: { webhookWorker: false } });
    teacher = await signupTeacher(server, 'delteach');
    await addClass(server, teacher, 'D1', ['Zhang Wei', 'delkid2', 'remkid1', 'remkid2']);
    await assign(server, teacher, 'D1', 'NS2022-ES1');
    await assign(server, teacher, 'D1', 'NS2022-ES3');
    // delkid1 claims the name the teacher wrote; the others sign up under their listed usernames.
    const r = await server.post('/api/v1.0/username/signup', {
      username: 'delkid1',
      password: 'delkid1-pw',
      email: 'delkid1@home.cn',
      isTeacher: false,
      teachername: 'delteach',
      classname: 'D1',
      rostername: 'Zhang Wei',
    });
    expect(r.status).toBe(200);
    const kid1 = tokenHeader((await server.login('delkid1', 'delkid1-pw')).accessToken);
    const [task] = await taskIds(server, kid1, 'delteach');
    expect((await server.post('/api/v1.0/userspelling', await perfectSbArr(server, kid1, task!), kid1)).status).toBe(200);
    for (const name of ['delkid2', 'remkid1', 'remkid2']) await busyStudent(name, 'delteach', 'D1');
    await reportsDone(server);
  }, 120_000);
  afterAll(() => server?.close());

  it('the user columns the check covers include every table that names a user', () => {
    const tables = new Set(userColumns().map((c) => `${c.table}.${c.column}`));
    for (const c of [
      'users.teacher_id',
      'roster_entries.user_id',
      'results.user_id',
      'recordings.user_id',
      'word_memory.user_id',
      'vocabulary_passes.user_id',
      'classes.teacher_id',
      'ended_logins.user_id',
      'integration_tokens.teacher_id',
      'webhooks.teacher_id',
      'books.owner_teacher_id',
    ]) {
      expect(tables).toContain(c);
    }
  });

  it('a student deletes their account after typing the password: no row of them remains, their roster name is free again', async () => {
    const token = (await server.login('delkid1', 'delkid1-pw')).accessToken;
    const me = (await userRow('delkid1'))!;
    expect(await rowsOf(server, me)).not.toEqual([]);
    const before = (await server.app.deps.db.execute(sql`select count(*)::int as n from users`)) as any;

    const wrong = await server.gql(DELETE, { p: 'guess' }, token);
    expect(wrong.body.data.deleteAccount).toEqual({ __typename: 'ValidationError', message: 'Password is wrong', field: 'password' });
    expect(await state(server, token)).toBe('ok');

    const done = await server.gql(DELETE, { p: 'delkid1-pw' }, token);
    expect(done.body.data.deleteAccount).toEqual({
      __typename: 'DeleteAccountPayload',
      username: 'delkid1',
      info: 'The account delkid1 and its data have been deleted',
    });
    expect(await rowsOf(server, me)).toEqual([]);
    const after = (await server.app.deps.db.execute(sql`select count(*)::int as n from users`)) as any;
    expect(Number((after.rows ?? after)[0].n)).toBe(Number((before.rows ?? before)[0].n) - 1);
    expect(await state(server, token)).toMatch(/no longer exists/);
    expect((await server.post('/api/v1.0/username/login', { username: 'delkid1', password: 'delkid1-pw' })).status).toBe(401);
    // The teacher's roster lists the name again, unclaimed, with the class's open tasks waiting for whoever claims it.
    const roster = (await server.gql('{ viewer { class(name: "D1") { roster { name username } } } }', {}, teacher['x-access-token'])).body.data.viewer.class
      .roster;
    expect(roster).toContainEqual({ name: 'Zhang Wei', username: null });
    const again = await server.post('/api/v1.0/username/signup', {
      username: 'zhangwei9',
      password: 'zw-pw',
      email: 'zw@home.cn',
      isTeacher: false,
      teachername: 'delteach',
      classname: 'D1',
      rostername: 'Zhang Wei',
    });
    expect(again.status).toBe(200);
    // (ES1 is finished by every student, so no longer open; ES3 is.)
    expect(await taskIds(server, tokenHeader((await server.login('zhangwei9', 'zw-pw')).accessToken), 'delteach')).toEqual([
      expect.stringMatching(/^NS2022-ES3-\d+-SB-delteach$/),
    ]);
  });

  it('a teacher removes a student from a class, keeping the account or deleting it with every row about the student', async () => {
    const t = teacher['x-access-token'];
    expect((await server.gql(REMOVE, { c: 'D1', s: 'Nobody Here', d: false }, t)).body.data.removeStudent).toMatchObject({ __typename: 'NotFoundError' });
    const other = await signupTeacher(server, 'deloth');
    expect((await server.gql(REMOVE, { c: 'D1', s: 'remkid1', d: true }, other['x-access-token'])).body.data.removeStudent).toMatchObject({
      __typename: 'NotFoundError',
    });
    const kid = (await server.login('remkid1', 'remkid1-pw')).accessToken;
    expect((await server.gql(REMOVE, { c: 'D1', s: 'remkid2', d: true }, kid)).body.data.removeStudent).toMatchObject({ __typename: 'ForbiddenError' });

    const kept = await server.gql(REMOVE, { c: 'D1', s: 'REMKID1', d: false }, t);
    expect(kept.body.data.removeStudent).toMatchObject({ __typename: 'RemoveStudentPayload', removed: 'remkid1', accountDeleted: false });
    expect(kept.body.data.removeStudent.class.students).not.toContain('remkid1');
    // The account stays and logs in; its tasks and results in the class went with the roster name.
    const one = (await userRow('remkid1'))!;
    expect(await state(server, kid)).toBe('ok');
    expect(await taskIds(server, tokenHeader(kid), 'delteach')).toEqual([]);
    expect((await server.app.deps.db.select().from(schema.results).where(eq(schema.results.userId, one.id))).length).toBe(0);

    const two = (await userRow('remkid2'))!;
    const kid2 = (await server.login('remkid2', 'remkid2-pw')).accessToken;
    expect(await rowsOf(server, two)).not.toEqual([]);
    const gone = await server.gql(REMOVE, { c: 'D1', s: 'remkid2', d: true }, t);
    expect(gone.body.data.removeStudent).toMatchObject({ __typename: 'RemoveStudentPayload', removed: 'remkid2', accountDeleted: true });
    expect(await rowsOf(server, two)).toEqual([]);
    expect(await state(server, kid2)).toMatch(/no longer exists/);
  });

  it("a teacher deletes their account: their classes and everything in them go, their students' accounts stay", async () => {
    const t = teacher['x-access-token'];
    const me = (await userRow('delteach'))!;
    const kid2 = (await userRow('delkid2'))!;
    expect((await server.gql(DELETE, { p: 'wrong-pw' }, t)).body.data.deleteAccount.__typename).toBe('ValidationError');
    const done = await server.gql(DELETE, { p: 'delteach-pw' }, t);
    expect(done.body.data.deleteAccount).toMatchObject({ __typename: 'DeleteAccountPayload', username: 'delteach' });
    expect(await rowsOf(server, me)).toEqual([]);
    const db = server.app.deps.db;
    expect(await db.select().from(schema.classes).where(eq(schema.classes.name, 'D1'))).toEqual([]);
    // The class's results went with it (their reports and files: rowsOf(kid2) below).
    expect((await db.select().from(schema.results).where(eq(schema.results.userId, kid2.id))).length).toBe(0);
    // The student's account stays, without a teacher, and can still log in (or delete itself).
    const kid = (await server.login('delkid2', 'delkid2-pw')).accessToken;
    expect(await state(server, kid)).toBe('ok');
    expect((await userRow('delkid2'))!.teacherId).toBeNull();
    expect((await server.gql(DELETE, { p: 'delkid2-pw' }, kid)).body.data.deleteAccount.__typename).toBe('DeleteAccountPayload');
    expect(await rowsOf(server, kid2)).toEqual([]);
  });
});
