import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

// POST /graphql takes a fast path past yoga's fetch adapter (server/graphql/http.ts); what a
// client sees must not change with it.
describe.each(DATABASES)('GraphQL over HTTP on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind);
    token = (await server.login('demostudent')).accessToken;
  });
  afterAll(() => server?.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': token, ...headers }, body });

  it('answers a query the same way whether it comes as a plain POST, from another origin, or as a GET', async () => {
    const query = '{ viewer { username teachername } }';
    const fast = await post(JSON.stringify({ query }));
    const cors = await post(JSON.stringify({ query }), { origin: 'https://school.example' });
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'x-access-token': token, accept: 'application/json' } });
    const expected = { viewer: { username: 'demostudent', teachername: 'demoteacher' } };
    for (const r of [fast, cors, get]) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await r.json();
      expect(body.data).toEqual(expected);
      // The user's remaining GraphQL budget (server/integrations/limits.ts) on every path.
      expect(body.extensions.cost).toEqual(expect.objectContaining({ requested: expect.any(Number) }));
    }
  });

  // The fast path and yoga's pipeline run every query and mutation through the same executor
  // (server/graphql/execute.ts): its refusals read the same on both.
  it('refuses the same way on either path: a page over the cap, a variable of the wrong type, a token that was refused', async () => {
    const cases = [
      { body: { query: '{ viewer { tasks(first: 500) { edges { node { id } } } } }' }, token, status: 400, code: 'BAD_USER_INPUT', message: /at most 100/ },
      {
        body: { query: 'query ($n: Int) { viewer { tasks(first: $n) { edges { node { id } } } } }', variables: { n: 'many' } },
        token,
        status: 200,
        code: 'BAD_USER_INPUT',
        message: /\$n/,
      },
      { body: { query: '{ viewer { username } }' }, token: 'forged.token.value', status: 401, code: 'UNAUTHENTICATED', message: /./ },
    ];
    for (const c of cases) {
      const headers = { 'content-type': 'application/json', 'x-access-token': c.token };
      const fast = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(c.body) });
      // From another origin: answered by yoga itself.
      const yoga = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { ...headers, origin: 'https://school.example' },
        body: JSON.stringify(c.body),
      });
      const [fastBody, yogaBody] = [await fast.json(), await yoga.json()];
      expect([fast.status, yoga.status]).toEqual([c.status, c.status]);
      expect(fastBody.errors[0]).toEqual(
        expect.objectContaining({ message: expect.stringMatching(c.message), extensions: expect.objectContaining({ code: c.code }) }),
      );
      expect(fastBody.errors).toEqual(yogaBody.errors);
      expect(fastBody.data ?? null).toEqual(yogaBody.data ?? null);
    }
  });

  it('tells a client about a query that does not validate or parse, or a body that is not JSON', async () => {
    const invalid = await post(JSON.stringify({ query: '{ viewer { shoeSize } }' }));
    // yoga's own reply: 200 with errors for a client asking for application/json.
    expect(invalid.status).toBe(200);
    expect(JSON.stringify(await invalid.json())).toContain('Cannot query field \\"shoeSize\\"');
    const broken = await post(JSON.stringify({ query: '{ viewer { ' }));
    expect(broken.status).toBe(200);
    expect(JSON.stringify(await broken.json())).toContain('Syntax Error');
    const notJson = await post('{"query": ');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect((await notJson.json()).errors[0].message).toBeTruthy();
  });

  it('returns typed errors and refuses a too-large body with a message', async () => {
    const mutation =
      'mutation { assignTask(input: { className: "Demo Class", bookUnitId: "NS2022-ES3", type: "SB" }) { __typename ... on Error { message } } }';
    const r = await (await post(JSON.stringify({ query: mutation }))).json();
    expect(r.data.assignTask).toEqual({ __typename: 'ForbiddenError', message: expect.stringContaining('teacher') });
    const huge = await post(JSON.stringify({ query: `{ viewer { username } } # ${'x'.repeat(6 * 1024 * 1024)}` }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).errors[0].message).toContain('larger than 5120 KB');
  });
});

describe("a caller's mistakes in the log", () => {
  it('are not logged as server errors (no login, a forged token, a bad id, a forbidden subscription)', async () => {
    const lines: { level: number; msg?: string; err?: { message?: string } }[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    const server = await startServer('pglite', { app: { logger: pino({ level: 'debug' }, sink) } });
    try {
      const student = (await server.login('demostudent')).accessToken;
      const classId = Buffer.from('Class:1').toString('base64');
      await server.gql(`{ node(id: "${classId}") { id } }`);
      await server.gql('mutation { selectClass(input: { className: "x" }) { __typename } }', {}, 'forged.token.value');
      await server.gql('{ node(id: "Q2xhc3M6YWJj") { id } }', {}, student);
      await server.gql(`subscription { classActivity(classId: "${classId}") { eventId } }`, {}, student);
      expect(lines.filter((l) => l.level >= 50).map((l) => l.err?.message ?? l.msg)).toEqual([]);
      expect(lines.some((l) => l.level === 20 && /Please log in/.test(l.err?.message ?? ''))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
