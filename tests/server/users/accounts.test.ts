import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { users } from '../../../db/schema.ts';

const SIGNUP = /* GraphQL */ `
  mutation ($input: SignupInput!) {
    signup(input: $input) {
      __typename
      ... on SignupPayload {
        info
        username
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        field
      }
    }
  }
`;
const LOGIN = /* GraphQL */ `
  mutation ($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on LoginPayload {
        username
        isTeacher
        accessToken
        teachername
        tokenExpAt
      }
      ... on Error {
        message
      }
    }
  }
`;
const VIEWER = `{ viewer { id username isTeacher teachername email tokenExpAt } }`;

describe.each(DATABASES)('accounts on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  const signupRest = (body: Record<string, unknown>) => server.post('/api/v1.0/username/signup', body);

  it('has the demo teacher and student after the first start', async () => {
    const teacher = await server.login('demoteacher');
    expect(teacher).toMatchObject({ username: 'demoteacher', isTeacher: true, teachername: 'demoteacher' });
    const student = await server.login('demostudent');
    expect(student).toMatchObject({ username: 'demostudent', isTeacher: false, teachername: 'demoteacher' });
    expect(typeof student.accessToken).toBe('string');
    // …with tasks waiting in the demo class, so a first visitor has something to play.
    const tasks = (await server.get('/api/v1.0/usertasks', { 'x-access-token': student.accessToken })).body.slice(0, -1);
    expect(tasks.map((t: { bookUnitID: string; Type: string }) => `${t.bookUnitID} ${t.Type}`).sort()).toEqual(['FC2025-R FM', 'PEP3A-1 PA', 'PEP3A-1 SB']);
  });

  it('REST login returns the user record with a token and its expiry in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const r = await server.post('/api/v1.0/username/login', { username: 'demoteacher', password: 'demoteacher' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['accessToken', 'isTeacher', 'teachername', 'tokenExpAt', 'username']);
    expect(r.body.tokenExpAt).toBeGreaterThanOrEqual(before + 120 * 60);
    expect(r.body.tokenExpAt).toBeLessThanOrEqual(before + 120 * 60 + 5);
  });

  it('a wrong password or unknown user gets one message and status 401', async () => {
    const wrong = await server.post('/api/v1.0/username/login', { username: 'demoteacher', password: 'nope1' });
    const unknown = await server.post('/api/v1.0/username/login', { username: 'nobodyhere', password: 'nope1' });
    expect(wrong).toEqual({ status: 401, body: { info: 'Wrong username or password' } });
    expect(unknown).toEqual(wrong);
  });

  it('login input is validated with the first message', async () => {
    expect(await server.post('/api/v1.0/username/login', { username: 'abc', password: 'abcd' })).toEqual({
      status: 400,
      body: { info: 'Username must be at least 4 characters' },
    });
  });

  it('a teacher signs up and logs in, with a case-insensitive username', async () => {
    const r = await signupRest({ username: 'MrsChen', password: 'chen1234', email: 'chen@school.cn', isTeacher: true });
    expect(r).toEqual({ status: 200, body: { info: 'Teacher MrsChen signed up, please login' } });
    const record = await server.login('mrschen', 'chen1234');
    expect(record).toMatchObject({ username: 'MrsChen', isTeacher: true, teachername: 'MrsChen' });
  });

  it('usernames are unique across teachers and students, ignoring case', async () => {
    const r = await signupRest({ username: 'DEMOSTUDENT', password: 'abcd', email: 'x@yz.cn', isTeacher: true });
    expect(r).toEqual({ status: 409, body: { info: 'Username DEMOSTUDENT is taken, please choose another' } });
  });

  it("a student signs up into an existing teacher's class and joins its roster", async () => {
    const r = await signupRest({
      username: 'Tom_1',
      password: 'abcd',
      email: 'tom@home',
      isTeacher: false,
      teachername: 'DemoTeacher',
      classname: 'demo class',
    });
    expect(r).toEqual({ status: 200, body: { info: 'Student Tom_1 signed up to class Demo Class, please login' } });
    expect(await server.login('tom_1', 'abcd')).toMatchObject({ isTeacher: false, teachername: 'demoteacher' });
    const [row] = await server.app.deps.db.select().from(users).where(eq(users.usernameKey, 'tom_1'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("a student's teacher and class must exist", async () => {
    const base = { password: 'abcd', email: 'kid@home', isTeacher: false };
    expect(await signupRest({ ...base, username: 'kid001', teachername: 'noteacher', classname: 'Demo Class' })).toEqual({
      status: 404,
      body: { info: 'Teacher noteacher not found' },
    });
    expect(await signupRest({ ...base, username: 'kid002', teachername: 'demostudent', classname: 'Demo Class' })).toEqual({
      status: 404,
      body: { info: 'Teacher demostudent not found' },
    });
    expect(await signupRest({ ...base, username: 'kid003', teachername: 'demoteacher', classname: 'Class 9' })).toEqual({
      status: 404,
      body: { info: 'Class Class 9 of teacher demoteacher not found' },
    });
    const loginAttempt = await server.post('/api/v1.0/username/login', { username: 'kid001', password: 'abcd' });
    expect(loginAttempt.status).toBe(401);
  });

  it('signup rules give their message and create nothing', async () => {
    const before = (await server.app.deps.db.select().from(users)).length;
    for (const [body, info] of [
      [{ username: 'ab-cd', password: 'abcd', email: 'a@bc', isTeacher: true }, 'Username must not contain "-"'],
      [{ username: 'abcd', password: 'abc', email: 'a@bc', isTeacher: true }, 'Password must be at least 4 characters'],
      [{ username: 'abcd', password: 'abcd', email: 'a@b', isTeacher: true }, 'Email must be at least 4 characters'],
      [{ username: 'abcde', password: 'abcd', email: 'abcd', isTeacher: true }, 'Email must be a valid address'],
      [{ username: 'abcde', password: 'abcd', email: 'a@bc', isTeacher: false, teachername: 'abc' }, 'Teachername must be at least 4 characters'],
    ] as const) {
      expect(await signupRest(body)).toEqual({ status: 400, body: { info } });
    }
    expect((await server.app.deps.db.select().from(users)).length).toBe(before);
  });

  it('bad bodies get a 4xx with a message, never a 5xx', async () => {
    expect(await server.post('/api/v1.0/username/login', '{"username":')).toEqual({ status: 400, body: { info: 'The request body is not valid JSON' } });
    expect((await server.post('/api/v1.0/username/login', '[1,2]')).status).toBe(400);
    // A byte-order mark before the JSON (as Windows tools write it) is not a mistake.
    expect((await server.post('/api/v1.0/username/login', '\uFEFF{"username":"demoteacher","password":"demoteacher"}')).status).toBe(200);
    expect((await server.post('/api/v1.0/username/signup', 'null')).status).toBe(400);
    expect((await server.post('/api/v1.0/username/login', { username: 12345, password: ['x'] })).status).toBe(400);
    const huge = await server.post('/api/v1.0/username/login', { username: 'x'.repeat(300_000), password: 'abcd' });
    expect(huge).toEqual({ status: 413, body: { info: 'The request body is larger than 256 KB' } });
  });

  it('GraphQL signup and login give typed results', async () => {
    const ok = await server.gql(SIGNUP, { input: { username: 'MrLi', password: 'li123', email: 'li@school', isTeacher: true } });
    expect(ok.body.data.signup).toEqual({ __typename: 'SignupPayload', info: 'Teacher MrLi signed up, please login', username: 'MrLi' });
    const bad = await server.gql(SIGNUP, { input: { username: 'M-Li', password: 'li123', email: 'li@school', isTeacher: true } });
    expect(bad.body.data.signup).toEqual({ __typename: 'ValidationError', message: 'Username must not contain "-"', field: 'username' });
    const taken = await server.gql(SIGNUP, { input: { username: 'mrli', password: 'li123', email: 'li@school', isTeacher: true } });
    expect(taken.body.data.signup.__typename).toBe('ConflictError');

    const login = await server.gql(LOGIN, { input: { username: 'MrLi', password: 'li123' } });
    expect(login.body.data.login).toMatchObject({ __typename: 'LoginPayload', username: 'MrLi', isTeacher: true, teachername: 'MrLi' });
    const wrong = await server.gql(LOGIN, { input: { username: 'MrLi', password: 'li1234' } });
    expect(wrong.body.data.login).toEqual({ __typename: 'AuthenticationError', message: 'Wrong username or password' });
  });

  it('the viewer is known from x-access-token or a Bearer token, and null for a visitor', async () => {
    const { accessToken } = await server.login('demostudent');
    const byHeader = await server.gql(VIEWER, {}, accessToken);
    expect(byHeader.body.data.viewer).toMatchObject({
      username: 'demostudent',
      isTeacher: false,
      teachername: 'demoteacher',
      email: 'demostudent@wordbee.local',
    });
    const byBearer = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: VIEWER }),
    }).then((r) => r.json());
    expect(byBearer.data.viewer.username).toBe('demostudent');
    expect((await server.gql(VIEWER)).body.data.viewer).toBeNull();
    // A token that is not accepted is not a visitor's: the operation is refused with 401.
    const forged = await server.gql(VIEWER, {}, 'forged.token.here');
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // …and says how to authenticate (RFC 6750), over GraphQL and REST alike.
    const challenge = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer forged.token.here' },
      body: JSON.stringify({ query: VIEWER }),
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toMatch(/^Bearer realm="WordBee", error="invalid_token"/);
    const rest = await fetch(`${server.url}/api/v1.0/usertasks`, { headers: { 'x-access-token': 'forged.token.here' } });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/^Bearer realm="WordBee"/);
  });

  it("a deleted user's token is refused", async () => {
    await signupRest({ username: 'shortlived', password: 'abcd', email: 'x@y.z', isTeacher: true });
    const { accessToken } = await server.login('shortlived', 'abcd');
    await server.app.deps.db.delete(users).where(eq(users.usernameKey, 'shortlived'));
    const gone = await server.gql(VIEWER, {}, accessToken);
    expect(gone.status).toBe(401);
    expect(gone.body.errors[0].message).toMatch(/no longer exists/);
  });
});

describe('token expiry through the server', () => {
  let server: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    server = await startServer('pglite', { env: { TOKEN_TTL_MINUTES: '5' }, app: { now: () => now } });
  });
  afterAll(() => server?.close());

  it('a token works until TOKEN_TTL_MINUTES have passed, then it is refused', async () => {
    const record = await server.login('demoteacher');
    expect(record.tokenExpAt).toBe(Math.floor(now / 1000) + 300);
    expect((await server.gql(VIEWER, {}, record.accessToken)).body.data.viewer.username).toBe('demoteacher');
    now += 301_000;
    const expired = await server.gql(VIEWER, {}, record.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].message).toMatch(/Your login has expired/);
  });
});

describe('Stay logged in (renewLogin)', () => {
  let server: TestServer;
  let now = Date.now();
  const start = now;
  const RENEW = `mutation { renewLogin { __typename ... on LoginPayload { username isTeacher accessToken teachername tokenExpAt } ... on Error { message } } }`;
  const renew = async (token?: string) => (await server.gql(RENEW, {}, token)).body.data.renewLogin;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { TOKEN_TTL_MINUTES: '30', LOGIN_MAX_HOURS: '1' }, app: { now: () => now } });
  });
  afterAll(() => server?.close());

  it('gives a later-expiring token until LOGIN_MAX_HOURS after the password was typed, then asks for it again', async () => {
    const first = await server.login('demostudent');
    now = start + 25 * 60_000;
    const second = await renew(first.accessToken);
    expect(second).toMatchObject({
      __typename: 'LoginPayload',
      username: 'demostudent',
      isTeacher: false,
      teachername: 'demoteacher',
      tokenExpAt: Math.floor(now / 1000) + 30 * 60,
    });
    // The first token runs out at its own time; the renewed one goes on.
    now = start + 31 * 60_000;
    expect((await server.gql(VIEWER, {}, first.accessToken)).status).toBe(401);
    expect((await server.gql(VIEWER, {}, second.accessToken)).body.data.viewer.username).toBe('demostudent');
    // Renewing a renewed token counts from the same login.
    now = start + 50 * 60_000;
    const third = await renew(second.accessToken);
    expect(third.tokenExpAt).toBe(Math.floor(now / 1000) + 30 * 60);
    now = start + 61 * 60_000;
    expect(await renew(third.accessToken)).toEqual({ __typename: 'AuthenticationError', message: 'You logged in more than 1 hour ago: please log in again' });
    // Refused renewal takes nothing away: the token still works until its expiry.
    expect((await server.gql(VIEWER, {}, third.accessToken)).body.data.viewer.username).toBe('demostudent');
  });

  it('needs a login, and an expired token cannot be renewed', async () => {
    expect(await renew()).toMatchObject({ __typename: 'AuthenticationError' });
    now = Date.now();
    const record = await server.login('demoteacher');
    now += 31 * 60_000;
    const expired = await server.gql(RENEW, {}, record.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].message).toMatch(/Your login has expired/);
  });
});
