/**
 * Another site's page cannot call WordBee without a CORS preflight: a browser sends text/plain,
 * urlencoded or multipart bodies cross-site without asking, so the calls that take JSON accept
 * only application/json (415 otherwise), and a GraphQL upload must carry the access token header.
 * Such posts cannot spend the address's failed-login or sign-up budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { signupTeacher } from './fixtures.ts';

const LOGIN = '/api/v1.0/username/login';

describe('only JSON where JSON is taken', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { app: { mailWorker: false, webhookWorker: false } });
    await signupTeacher(server, 'ctteach');
  });
  afterAll(() => server?.close());

  const post = (path: string, type: string | undefined, body: BodyInit) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });

  it('a text/plain login is refused with 415, and 60 of them leave the right password working', async () => {
    const wrong = JSON.stringify({ username: 'ctteach', password: 'not-the-password' });
    for (let i = 0; i < 60; i++) {
      const r = await post(LOGIN, 'text/plain;charset=UTF-8', wrong);
      expect(r.status).toBe(415);
      if (i === 0) expect((await r.json()).info).toMatch(/application\/json/);
      else await r.body?.cancel();
    }
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await post(LOGIN, type, 'username=ctteach&password=nope')).status, type).toBe(415);
    }
    expect((await server.login('ctteach', 'ctteach-pw')).accessToken).toBeTruthy();
  });

  it('a sign-up sent as text/plain is refused with 415 and creates nobody', async () => {
    const r = await post(
      '/api/v1.0/username/signup',
      'text/plain',
      JSON.stringify({ username: 'sneaky1', password: 'abcd', email: 'a@b.cn', isTeacher: true }),
    );
    expect(r.status).toBe(415);
    expect((await server.post(LOGIN, { username: 'sneaky1', password: 'abcd' })).status).not.toBe(200);
  });

  it('GraphQL takes a POST only as JSON, or as an upload that carries the access token header (a login needs none, so it cannot come that way)', async () => {
    const login = JSON.stringify({ query: 'mutation { login(input: { username: "ctteach", password: "x" }) { __typename } }' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const r = await post('/graphql', type, type === 'text/plain' ? login : `query=${encodeURIComponent(JSON.parse(login).query)}`);
      expect(r.status, type).toBe(415);
      expect((await r.json()).errors[0].message).toMatch(/application\/json/);
    }
    const form = new FormData();
    form.append('operations', login);
    form.append('map', '{}');
    const upload = await fetch(`${server.url}/graphql`, { method: 'POST', body: form });
    expect(upload.status).toBe(401);
    expect((await upload.json()).errors[0].message).toMatch(/access token/);
    // JSON itself goes on working.
    expect((await server.gql('{ pressOptions { schoolId } }')).status).toBe(200);
  });

  it('a preflight is what a browser must send for a JSON post, and it is refused to other sites', async () => {
    const pre = await fetch(`${server.url}${LOGIN}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });
});
