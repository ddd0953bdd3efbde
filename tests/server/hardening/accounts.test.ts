/**
 * Accounts under attack: login throttled per account and per address (across instances),
 * passwords never logged, tokens checked for signature, expiry and a living user, and deleting
 * a class or a user leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { loginFailures, users } from '../../../db/schema.ts';
import { createLogger } from '../../../server/logger.ts';
import { createTokenIssuer } from '../../../server/users/tokens.ts';
import { ACCOUNT_FREE_FAILURES } from '../../../server/users/throttle.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const LOGIN = '/api/v1.0/username/login';
const GQL_LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { __typename ... on LoginPayload { username } ... on RateLimitError { message retryAfterSec } ... on Error { message } } }`;

/** Ends every lock now, as if the wait had passed. */
const waitOutLocks = (server: TestServer) => server.app.deps.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` });

describe.each(DATABASES)('login throttling on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: { TRUST_PROXY: '1', LOGIN_FAILURES_PER_ADDRESS: '8', SIGNUPS_PER_ADDRESS: '6' } });
    await server.post('/api/v1.0/username/signup', { username: 'victim1', password: 'right-pass', email: 'v@school.cn', isTeacher: true });
  });
  afterAll(() => server?.close());
  const from = (address: string) => ({ 'x-forwarded-for': `10.9.9.9, ${address}` });

  it(`after ${ACCOUNT_FREE_FAILURES} wrong passwords an account must wait, even with the right password, then works again`, async () => {
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      const r = await server.post(LOGIN, { username: 'victim1', password: `guess-${i}` }, from(`10.0.0.${i}`));
      expect(r).toEqual({ status: 401, body: { info: 'Wrong username or password' } });
    }
    const locked = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('10.0.1.1') },
      body: JSON.stringify({ username: 'VICTIM1', password: 'right-pass' }),
    });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect((await locked.json()).info).toBe(`Too many failed logins for this account; please wait ${retryAfter} seconds and try again`);
    // GraphQL shares the counters and says the same with a typed error.
    const gql = await server.gql(GQL_LOGIN, { input: { username: 'victim1', password: 'right-pass' } });
    expect(gql.body.data.login).toMatchObject({ __typename: 'RateLimitError', retryAfterSec: expect.any(Number) });
    expect(gql.body.data.login.message).toMatch(/^Too many failed logins for this account; please wait \d+ seconds/);

    await waitOutLocks(server);
    expect((await server.post(LOGIN, { username: 'victim1', password: 'right-pass' }, from('10.0.1.1'))).status).toBe(200);
    // The success cleared the account's count: one more mistake does not lock it again.
    expect((await server.post(LOGIN, { username: 'victim1', password: 'oops-1' }, from('10.0.1.2'))).status).toBe(401);
    expect((await server.post(LOGIN, { username: 'victim1', password: 'right-pass' }, from('10.0.1.2'))).status).toBe(200);
  });

  it('each further failure after a wait doubles the wait', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'victim2', password: 'right-pass', email: 'v@school.cn', isTeacher: true });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await server.post(LOGIN, { username: 'victim2', password: `guess-${i}` }, from(`10.1.0.${i}`));
    await waitOutLocks(server);
    expect((await server.post(LOGIN, { username: 'victim2', password: 'guess-again' }, from('10.1.1.1'))).status).toBe(401);
    const r = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('10.1.1.2') },
      body: JSON.stringify({ username: 'victim2', password: 'right-pass' }),
    });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('a name that does not exist is throttled the same way (no hint which names exist)', async () => {
    const replies = [];
    for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++)
      replies.push((await server.post(LOGIN, { username: 'nosuchkid', password: `guess-${i}` }, from(`10.2.0.${i}`))).status);
    expect(replies).toEqual([...Array(ACCOUNT_FREE_FAILURES).fill(401), 429]);
  });

  it('one address guessing many names must wait; other addresses and the names themselves are not blocked', async () => {
    await waitOutLocks(server);
    const attacker = from('192.0.2.66');
    for (let i = 0; i < 8; i++) expect((await server.post(LOGIN, { username: `name${i}x`, password: 'guess' }, attacker)).status).toBe(401);
    const blocked = await server.post(LOGIN, { username: 'demoteacher', password: 'demoteacher' }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.info).toMatch(/^Too many failed logins from this network; please wait \d+ seconds and try again$/);
    expect((await server.post(LOGIN, { username: 'demoteacher', password: 'demoteacher' }, from('192.0.2.67'))).status).toBe(200);
    expect((await server.post(LOGIN, { username: 'name1x', password: 'guess' }, from('192.0.2.68'))).status).toBe(401);
  });
});

describe.each(DATABASES)('a browser that logged in before, while strangers lock the name, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: { TRUST_PROXY: '1', LOGIN_FAILURES_PER_ADDRESS: '8' } });
    for (const name of ['owner1', 'owner2', 'mrsli'])
      await server.post('/api/v1.0/username/signup', { username: name, password: 'right-pass', email: `${name}@school.cn`, isTeacher: true });
  });
  afterAll(() => server?.close());
  const from = (address: string) => ({ 'x-forwarded-for': `10.9.9.9, ${address}` });
  /** A REST login as a browser would send it: its cookie, if any, and the cookie it gets back. */
  async function login(username: string, password: string, address: string, cookie?: string) {
    const r = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from(address), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ username, password }),
    });
    const setCookie = r.headers.getSetCookie()[0];
    return { status: r.status, body: await r.json(), setCookie, cookie: setCookie?.split(';')[0] };
  }
  const lockForStrangers = async (username: string) => {
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect((await login(username, `guess-${i}`, `203.0.113.${i}`)).status).toBe(401);
    expect((await login(username, 'right-pass', '203.0.113.99')).status).toBe(429);
  };

  it('its owner logs in with the right password at once; strangers wait; the cookie cannot be forged or lent to another name', async () => {
    const first = await login('owner1', 'right-pass', '10.3.0.1');
    expect(first.status).toBe(200);
    // The browser keeps a cookie no script can read and no other site's page sends.
    expect(first.setCookie).toMatch(/^wb_device=[\w.-]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);

    await lockForStrangers('owner1');
    const owner = await login('owner1', 'right-pass', '10.3.0.1', first.cookie);
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe('owner1');
    // The owner's login leaves the lock on strangers as it was.
    expect((await login('owner1', 'right-pass', '203.0.113.98')).status).toBe(429);

    // A made-up tag, or the owner's browser asking for another locked name, is a stranger.
    const [id] = first.cookie!.slice('wb_device='.length).split('.');
    expect((await login('owner1', 'right-pass', '10.3.0.1', `wb_device=${id}.AAAAAAAAAAAAAAAA`)).status).toBe(429);
    await lockForStrangers('owner2');
    expect((await login('owner2', 'right-pass', '10.3.0.1', owner.cookie)).status).toBe(429);
  });

  it("the owner's browser is held by its own mistakes only, and a class's shared computer keeps every child's name", async () => {
    const kid = await login('demostudent', 'demostudent', '10.4.0.1');
    const teacher = await login('demoteacher', 'demoteacher', '10.4.0.1', kid.cookie);
    // One cookie for the browser: the teacher's login added her name to the child's.
    expect(teacher.cookie!.split('.')).toHaveLength(3);
    expect(teacher.cookie!.split('.')[0]).toBe(kid.cookie!.split('.')[0]);
    await lockForStrangers('demostudent');
    expect((await login('demostudent', 'demostudent', '10.4.0.1', teacher.cookie)).status).toBe(200);

    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect((await login('demostudent', `typo-${i}`, '10.4.0.1', teacher.cookie)).status).toBe(401);
    const held = await login('demostudent', 'demostudent', '10.4.0.1', teacher.cookie);
    expect(held.status).toBe(429);
    expect(held.body.info).toMatch(/^Too many failed logins for this account here; please wait \d+ seconds/);
    // The teacher on the same computer is not held by the child's typos.
    expect((await login('demoteacher', 'demoteacher', '10.4.0.1', teacher.cookie)).status).toBe(200);
  });

  it('GraphQL logins set and honour the same cookie; a network locked for guessing names does not hold a trusted browser', async () => {
    const gqlLogin = async (username: string, password: string, address: string, cookie?: string) => {
      const r = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(address), ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ query: GQL_LOGIN, variables: { input: { username, password } } }),
      });
      return { login: (await r.json()).data.login, cookie: r.headers.getSetCookie()[0]?.split(';')[0] };
    };
    const trusted = await gqlLogin('mrsli', 'right-pass', '10.5.0.1');
    expect(trusted.login.__typename).toBe('LoginPayload');
    expect(trusted.cookie).toMatch(/^wb_device=/);
    const attacker = '192.0.2.77';
    for (let i = 0; i < 8; i++) await login(`nobody${i}y`, 'guess', attacker);
    expect((await gqlLogin('mrsli', 'right-pass', attacker)).login.__typename).toBe('RateLimitError');
    expect((await gqlLogin('mrsli', 'right-pass', attacker, trusted.cookie)).login.__typename).toBe('LoginPayload');
  });

  it('a logged-in teacher changes her password while strangers hold her name locked', async () => {
    await waitOutLocks(server);
    const session = await login('owner2', 'right-pass', '10.6.0.1');
    await lockForStrangers('owner2');
    const change = await server.gql(
      `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on Error { message } } }`,
      { input: { oldPassword: 'right-pass', newPassword: 'new-pass-1' } },
      session.body.accessToken,
    );
    expect(change.body.data.changePassword.__typename).toBe('LoginPayload');
    expect((await login('owner2', 'new-pass-1', '10.6.0.1', session.cookie)).status).toBe(200);
  });
});

describe.each(DATABASES)('sign-up throttling on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: { TRUST_PROXY: '1', SIGNUPS_PER_ADDRESS: '6' } });
  });
  afterAll(() => server?.close());
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const teacher = (name: string) => ({ username: name, password: 'pass1', email: `${name}@school.cn`, isTeacher: true });

  it('one address making account after account must wait; other addresses sign up as before', async () => {
    for (let i = 0; i < 6; i++) expect((await server.post('/api/v1.0/username/signup', teacher(`bulk${i}x`), from('198.51.100.7'))).status).toBe(200);
    const refused = await server.post('/api/v1.0/username/signup', teacher('bulk6x'), from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.body.info).toMatch(/^Too many sign-ups from this network; please wait \d+ seconds and try again$/);
    // GraphQL shares the count and says so with a typed error.
    const gql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('198.51.100.7') },
      body: JSON.stringify({
        query: 'mutation ($input: SignupInput!) { signup(input: $input) { __typename ... on RateLimitError { retryAfterSec } } }',
        variables: { input: teacher('bulk7x') },
      }),
    });
    expect((await gql.json()).data.signup).toEqual({ __typename: 'RateLimitError', retryAfterSec: expect.any(Number) });
    expect((await server.post('/api/v1.0/username/signup', teacher('other1x'), from('198.51.100.8'))).status).toBe(200);
    expect(await server.login('bulk6x', 'pass1').catch((e: Error) => e.message)).toMatch(/failed/);
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('login throttling across instances', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer('postgres');
    b = await startServer('postgres', { sharedDatabaseUrl: a.databaseUrl, app: { seed: false } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('failures on one instance lock the account on the other', async () => {
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await (i % 2 ? a : b).post(LOGIN, { username: 'demostudent', password: `guess-${i}` })).status).toBe(401);
    }
    expect((await a.post(LOGIN, { username: 'demostudent', password: 'demostudent' })).status).toBe(429);
    expect((await b.post(LOGIN, { username: 'demostudent', password: 'demostudent' })).status).toBe(429);
  });

  it('concurrent failures on both instances are all counted', async () => {
    await Promise.all(
      Array.from({ length: ACCOUNT_FREE_FAILURES }, (_, i) => (i % 2 ? a : b).post(LOGIN, { username: 'demoteacher', password: `guess-${i}` })),
    );
    const [row] = await a.app.deps.db.select().from(loginFailures).where(eq(loginFailures.key, 'account:demoteacher'));
    expect(row?.failures).toBe(ACCOUNT_FREE_FAILURES);
    expect((await b.post(LOGIN, { username: 'demoteacher', password: 'demoteacher' })).status).toBe(429);
  });
});

describe('secrets in the logs', () => {
  it('the logger redacts passwords and tokens wherever a log call puts them', () => {
    const lines: string[] = [];
    const log = createLogger('trace', new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    log.info({ password: 'P1-secret' }, 'top level');
    log.info({ body: { username: 'a', password: 'P2-secret' } }, 'a body');
    log.error({ variables: { input: { username: 'a', password: 'P3-secret' } } }, 'GraphQL variables');
    log.info({ req: { headers: { 'x-access-token': 'T1-secret', authorization: 'Bearer T2-secret' } } }, 'headers');
    log.info({ user: { accessToken: 'T3-secret' } }, 'a user record');
    const out = lines.join('');
    expect(out).not.toMatch(/P\d-secret|T\d-secret/);
    expect(out.match(/\[redacted\]/g)).toHaveLength(6);
    expect(out).toContain('"username":"a"');
  });

  it('no password or token appears in any log line, at the most verbose level', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const server = await startServer('pglite', { app: { logger: createLogger('trace', sink) } });
    try {
      const secrets = ['Sekr1t-teacher', 'Sekr1t-kid', 'Sekr1t-wrong', 'Sekr1t-inline'];
      await server.post('/api/v1.0/username/signup', { username: 'mrlog', password: secrets[0], email: 'l@school.cn', isTeacher: true });
      const { accessToken } = await server.login('mrlog', secrets[0]);
      await server.post(
        '/api/v1.0/userclasses/addclass',
        { className: 'L1', schoolID: 'ES', pressID: 'PEP', students: 'kidlog' },
        { 'x-access-token': accessToken },
      );
      await server.gql(`mutation ($input: SignupInput!) { signup(input: $input) { __typename } }`, {
        input: { username: 'kidlog', password: secrets[1], email: 'k@home.cn', isTeacher: false, teachername: 'mrlog', classname: 'L1' },
      });
      await server.gql(GQL_LOGIN, { input: { username: 'kidlog', password: secrets[2] } });
      await server.gql(`mutation { login(input: {username: "kidlog", password: "${secrets[3]}"}) { __typename } }`);
      await server.post(LOGIN, `{"username":"kidlog","password":"${secrets[1]}"`);
      await server.gql('{ viewer { username } }', {}, accessToken);
      await server.get('/api/v1.0/userclasses', { authorization: `Bearer ${accessToken}` });
      await server.gql('{ nope }', {}, accessToken);
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of [...secrets, accessToken]) expect(log).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

describe.each(DATABASES)('access tokens at the door on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  const refusedEverywhere = async (token: string, message: RegExp) => {
    const rest = await server.get('/api/v1.0/usertasks', { 'x-access-token': token });
    expect(rest.status).toBe(401);
    expect(rest.body.info).toMatch(message);
    expect((await server.get('/api/v1.0/usertasks', { authorization: `Bearer ${token}` })).status).toBe(401);
    // GraphQL refuses the whole operation with 401 (it ran as a visitor's: a null viewer looked
    // like an empty account), queries and mutations alike; logging in needs no token.
    for (const query of ['{ viewer { username } }', 'mutation { deleteClass(input: {className: "Demo Class"}) { __typename ... on Error { message } } }']) {
      const gql = await server.gql(query, {}, token);
      expect(gql.status).toBe(401);
      expect(gql.body.data).toBeUndefined();
      expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: 'UNAUTHENTICATED' } });
    }
    const login = await server.gql('mutation { login(input: { username: "demoteacher", password: "demoteacher" }) { __typename } }', {}, token);
    expect(login.body.data.login.__typename).toBe('LoginPayload');
  };

  it('refuses a token signed with another key, an unsigned one and a tampered one', async () => {
    const { userId } = await createTokenIssuer(SECRET, 60).verify((await server.login('demoteacher')).accessToken);
    await refusedEverywhere((await createTokenIssuer('another-secret-another-secret-0123456789', 60).issue(userId)).token, /Invalid access token/);
    const [head, , sig] = (await server.login('demoteacher')).accessToken.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ sub: String(userId), iss: 'wordbee', exp: 4102444800 })).toString('base64url');
    await refusedEverywhere(`${none}.${claims}.`, /Invalid access token/);
    await refusedEverywhere(`${head}.${claims}.${sig}`, /Invalid access token/);
  });

  it('refuses an expired token with a message that says so', async () => {
    const { userId } = await createTokenIssuer(SECRET, 60).verify((await server.login('demoteacher')).accessToken);
    const old = await createTokenIssuer(SECRET, 60, () => Date.now() - 61 * 60_000).issue(userId);
    await refusedEverywhere(old.token, /Your login has expired/);
  });

  it('refuses a valid token whose user has been deleted', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'goner1', password: 'goner1', email: 'g@school.cn', isTeacher: true });
    const { accessToken } = await server.login('goner1');
    expect((await server.get('/api/v1.0/userclasses', { 'x-access-token': accessToken })).status).toBe(200);
    await server.app.deps.db.delete(users).where(eq(users.usernameKey, 'goner1'));
    await refusedEverywhere(accessToken, /no longer exists/);
  });
});
