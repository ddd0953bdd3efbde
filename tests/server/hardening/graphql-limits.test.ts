/**
 * GraphQL under abuse: depth, aliases, tokens and directives are limited (GraphQL Armor), the
 * client's own operations stay well inside, bodies are size-limited, and in production errors
 * reveal nothing (no stack, no SQL, no field suggestions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { GRAPHQL_LIMITS, LIMIT_CODE } from '../../../server/graphql/yoga.ts';

/** The operations the client sends, from the Relay artifacts. */
function clientOperations(dir = 'client', out: { name: string; text: string }[] = []) {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) clientOperations(p, out);
    else if (/__generated__\/.*\.graphql\.ts$/.test(p)) {
      const m = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(p, 'utf8'));
      if (m) out.push({ name: f, text: JSON.parse(m[1]!) });
    }
  }
  return out;
}

const LIMIT_MESSAGES = /limit of \d+ exceeded/;

describe('GraphQL limits', () => {
  let dev: TestServer;
  let prod: TestServer;
  let token: string;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([startServer('pglite'), startServer('pglite', { env: { NODE_ENV: 'production' } })]);
    token = (await prod.login('demoteacher')).accessToken;
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  function depthQuery(depth: number) {
    // `{ node(id: "x") { node(id: "x") { … id } } }`: Node has no `node` field, but depth is checked first.
    let q = 'id';
    for (let i = 0; i < depth - 1; i++) q = `node(id: "x") { ${q} }`;
    return `{ ${q} }`;
  }

  it(`refuses a query deeper than ${GRAPHQL_LIMITS.depth} with a message; a real 8-level query runs`, async () => {
    const deep = await prod.gql(depthQuery(GRAPHQL_LIMITS.depth + 1), {}, token);
    expect(deep.body.errors[0].message).toBe(`Query depth limit of ${GRAPHQL_LIMITS.depth} exceeded, found ${GRAPHQL_LIMITS.depth + 1}.`);
    expect(deep.body.data).toBeUndefined();
    const ok = await prod.gql(`{ viewer { classes { edges { node { shelf { national { units { title } } } } } } } }`, {}, token);
    expect(ok.body.errors).toBeUndefined();
  });

  it(`refuses more than ${GRAPHQL_LIMITS.aliases} aliases`, async () => {
    const many = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: viewer { username }`).join(' ')} }`;
    const refused = await prod.gql(many(GRAPHQL_LIMITS.aliases + 1), {}, token);
    expect(refused.body.errors[0].message).toBe(`Aliases limit of ${GRAPHQL_LIMITS.aliases} exceeded, found ${GRAPHQL_LIMITS.aliases + 1}.`);
    const ok = await prod.gql(many(GRAPHQL_LIMITS.aliases), {}, token);
    expect(ok.body.data.a0.username).toBe('demoteacher');
  });

  it(`refuses an operation of more than ${GRAPHQL_LIMITS.tokens} tokens before parsing it all`, async () => {
    const refused = await prod.gql(`{ viewer { ${'username '.repeat(GRAPHQL_LIMITS.tokens)} } }`, {}, token);
    expect(refused.body.errors[0].message).toBe(`Token limit of ${GRAPHQL_LIMITS.tokens} exceeded.`);
  });

  it(`refuses more than ${GRAPHQL_LIMITS.directives} directives`, async () => {
    const refused = await prod.gql(`{ viewer { ${'username @include(if: true) '.repeat(GRAPHQL_LIMITS.directives + 1)} } }`, {}, token);
    expect(refused.body.errors[0].message).toBe(`Directives limit of ${GRAPHQL_LIMITS.directives} exceeded, found ${GRAPHQL_LIMITS.directives + 1}.`);
  });

  it('answers every limit refusal with 400 and a code under application/graphql-response+json, 200 under application/json, whichever came first', async () => {
    const refused = [
      depthQuery(GRAPHQL_LIMITS.depth + 1),
      `{ ${Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, i) => `b${i}: viewer { id }`).join(' ')} }`,
      `{ viewer { ${'id '.repeat(GRAPHQL_LIMITS.tokens)} } }`,
      `{ viewer { ${'id @skip(if: false) '.repeat(GRAPHQL_LIMITS.directives + 1)} } }`,
    ];
    const ask = async (query: string, accept: string) => {
      const r = await fetch(`${prod.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, 'x-access-token': token },
        body: JSON.stringify({ query }),
      });
      return { status: r.status, body: (await r.json()) as { data?: unknown; errors: { message: string; extensions?: { code?: string } }[] } };
    };
    for (const query of refused) {
      // The same document asked first the old way (cached then), then the new way, then the old again.
      for (const [accept, status] of [
        ['application/json', 200],
        ['application/graphql-response+json', 400],
        ['application/json', 200],
      ] as const) {
        const r = await ask(query, accept);
        expect([r.status, r.body.errors[0]!.extensions?.code], `${accept}: ${query.slice(0, 40)}`).toEqual([status, LIMIT_CODE]);
        expect(r.body.errors[0]!.message).toMatch(LIMIT_MESSAGES);
        expect(r.body.errors[0]!.message).not.toMatch(/^Syntax Error/);
        expect(r.body.data).toBeUndefined();
      }
    }
    // A document that does not parse, first met on the JSON fast path: still 400 with its code for the new way.
    for (const [accept, status] of [
      ['application/json', 200],
      ['application/graphql-response+json', 400],
    ] as const) {
      const r = await ask('{ viewer { id ', accept);
      expect([r.status, r.body.errors[0]!.extensions?.code]).toEqual([status, 'GRAPHQL_PARSE_FAILED']);
    }
  });

  it("lets every one of the client's own operations through the limits", async () => {
    const operations = clientOperations();
    expect(operations.length).toBeGreaterThan(10);
    // An account of its own: the client's operations include Logout and Log out everywhere.
    await prod.post('/api/v1.0/username/signup', { username: 'limitsops', password: 'limitsops', email: 'limits@school.cn', isTeacher: true });
    const own = (await prod.login('limitsops', 'limitsops')).accessToken;
    for (const op of operations) {
      const r = await prod.gql(op.text, {}, own);
      expect(JSON.stringify(r.body.errors ?? []), op.name).not.toMatch(LIMIT_MESSAGES);
    }
  });

  it('suggests field names in development only', async () => {
    expect((await dev.gql('{ viewr { username } }')).body.errors[0].message).toMatch(/Did you mean "viewer"/);
    const hidden = await prod.gql('{ viewr { username } }');
    expect(hidden.body.errors[0].message).not.toMatch(/Did you mean|viewer/);
    expect(hidden.body.errors[0].message).toMatch(/Cannot query field/);
  });

  it('in production an unexpected failure reaches the client as one sentence: no stack, no SQL, no detail', async () => {
    const db = prod.app.deps.db;
    const failure = Object.assign(new Error('relation "users" does not exist: select "id", "password_hash" from "users" where "username_key" = $1'), {
      code: '42P01',
      query: 'select "password_hash" from "users"',
    });
    prod.app.deps.db = new Proxy(db, {
      get: (target, prop) =>
        prop === 'select'
          ? () => {
              throw failure;
            }
          : Reflect.get(target, prop),
    });
    try {
      const r = await prod.gql('{ viewer { username tasks { edges { node { taskId } } } } }', {}, token);
      const text = JSON.stringify(r.body);
      expect(r.body.errors[0].message).toBe('Unexpected error.');
      expect(text).not.toMatch(/select|password|users|42P01|stack|\.ts:\d+|at /);
      const rest = await prod.get('/api/v1.0/usertasks', { 'x-access-token': token });
      expect(rest.status).toBe(500);
      expect(rest.body.info).toMatch(/^Something went wrong on the server; please try again \(request [0-9a-f-]{36}\)$/);
    } finally {
      prod.app.deps.db = db;
    }
  });

  it('limits JSON bodies: 256 KB on REST calls, 5 MB on /graphql, with a 413 and a message', async () => {
    const rest = await prod.post('/api/v1.0/username/login', { username: 'demoteacher', password: 'x'.repeat(300 * 1024) });
    expect(rest).toEqual({ status: 413, body: { info: 'The request body is larger than 256 KB' } });
    const big = await prod.gql(
      'mutation ($c: String!) { importTextbook(fileName: "a.csv", content: $c) { __typename } }',
      { c: 'x'.repeat(6 * 1024 * 1024) },
      token,
    );
    expect(big.status).toBe(413);
    expect(big.body.errors[0].message).toBe('The request body is larger than 5120 KB');
    expect((await prod.gql('{ viewer { username } }', {}, token)).body.data.viewer.username).toBe('demoteacher');
  });
});
