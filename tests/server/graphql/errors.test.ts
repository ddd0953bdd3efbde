/**
 * One error vocabulary (issue 37): every top-level `extensions.code` the server sends is
 * SCREAMING_SNAKE and listed in docs/api.md, each with the HTTP status the docs give it, and no
 * reply shows internals (`http`, `originalError`, a stack) — on a production server, over both
 * of its HTTP paths (plain JSON, and application/graphql-response+json through yoga).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/api.md', import.meta.url)), 'utf8');
/** The codes docs/api.md lists, with the status each is said to have. */
const DOCUMENTED = new Map([...doc.matchAll(/^ {2}\| `([A-Z_]+)` \| (\d{3})/gm)].map((m) => [m[1]!, Number(m[2])]));

describe('the error vocabulary', () => {
  let server: TestServer;
  let teacher: string;
  let token: string;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { NODE_ENV: 'production', API_TOKEN_BUDGET: '50' } });
    teacher = (await server.login('demoteacher')).accessToken;
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    token = (
      await server.gql(
        'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
        { i: { name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [classId] } },
        teacher,
      )
    ).body.data.createIntegrationToken.token;
  });
  afterAll(() => server?.close());

  const ask = async (query: string, credential: string | undefined, accept: string) => {
    const r = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
      body: JSON.stringify({ query }),
    });
    return { status: r.status, authenticate: r.headers.get('www-authenticate'), text: await r.text() };
  };

  it('lists the codes in docs/api.md, SCREAMING_SNAKE', () => {
    expect(DOCUMENTED.size).toBeGreaterThanOrEqual(12);
    for (const code of DOCUMENTED.keys()) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('answers every kind of refusal with a documented code and status, and nothing internal', async () => {
    const cases: { query: string; who?: string; code: string; status: number }[] = [
      { query: '{ viewer { id ', code: 'GRAPHQL_PARSE_FAILED', status: 400 },
      { query: '{ viewer { nope } }', code: 'GRAPHQL_VALIDATION_FAILED', status: 400 },
      { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`, who: teacher, code: 'GRAPHQL_VALIDATION_FAILED', status: 400 },
      { query: '{ viewer { username } }', who: 'not-a-token', code: 'UNAUTHENTICATED', status: 401 },
      { query: '{ viewer { username } }', who: 'wbi_revokedOrNeverIssued000000000000000000000', code: 'UNAUTHENTICATED', status: 401 },
      { query: '{ viewer { reports { fileName } } }', who: token, code: 'FORBIDDEN', status: 403 },
      { query: '{ viewer { tasks(first: 500) { edges { node { id } } } } }', who: teacher, code: 'BAD_USER_INPUT', status: 400 },
      {
        query: '{ viewer { classes(first: 100) { edges { node { shelf { national { units { title } } } } } } } }',
        who: token,
        code: 'QUERY_TOO_COSTLY',
        status: 400,
      },
    ];
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      for (const c of cases) {
        const r = await ask(c.query, c.who, accept);
        const body = JSON.parse(r.text);
        const code = body.errors?.[0]?.extensions?.code;
        const status = accept === 'application/json' && code?.startsWith('GRAPHQL_') ? 200 : c.status;
        expect([r.status, code], `${c.query.slice(0, 50)} (${accept})`).toEqual([status, c.code]);
        expect(DOCUMENTED.get(code), `${code} is listed with status ${c.status}`).toBe(c.status);
        expect(r.text).not.toMatch(/"http"|originalError|"stack"|"unexpected"|\.ts:\d+/);
        if (c.status === 401) expect(r.authenticate).toMatch(/^Bearer realm="WordBee"/);
        if (c.code === 'FORBIDDEN') expect(body.errors[0].extensions.missing).toContainEqual({ field: 'User.reports', needs: 'READ_RESULTS' });
      }
    }
  });

  it('answers a variable its type refuses with BAD_USER_INPUT: 400 under application/graphql-response+json, 200 under application/json', async () => {
    for (const [accept, status] of [
      ['application/json', 200],
      ['application/graphql-response+json', 400],
    ] as const) {
      const r = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${teacher}` },
        body: JSON.stringify({ query: 'query($n: Int!) { viewer { tasks(first: $n) { edges { node { id } } } } }', variables: { n: 'x' } }),
      });
      const body = (await r.json()) as any;
      expect([r.status, body.data, body.errors[0].extensions.code], accept).toEqual([status, undefined, 'BAD_USER_INPUT']);
      expect(body.errors[0].message).toMatch(/Variable "\$n" got invalid value "x"/);
      expect(body.errors[0].extensions.http).toBeUndefined();
    }
  });

  it('gives a field refused inside a result its code and path', async () => {
    const r = await ask('{ viewer { username classes(first: 1, after: "zz") { edges { node { id } } } } }', teacher, 'application/graphql-response+json');
    const body = JSON.parse(r.text);
    expect(r.status).toBe(200);
    expect(body.errors[0]).toMatchObject({ path: ['viewer', 'classes'], extensions: { code: 'BAD_USER_INPUT' } });
  });
});
