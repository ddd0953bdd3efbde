import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { bearerGql } from '../../helpers/bearer.ts';
import { schema } from '../../../server/graphql/schema.ts';
import { memoryBudgets } from '../../../server/integrations/limits.ts';
import { operationCost } from '../../../server/graphql/cost.ts';

const CLASSES = (first: number) => `{ viewer { classes(first: ${first}) { edges { node { name shelf { national { title } } } } } } }`;
const BUDGETS = { API_TOKEN_BUDGET: '30', API_TOKEN_RESTORE_PER_SEC: '1', API_USER_BUDGET: '60', API_USER_RESTORE_PER_SEC: '1' };

describe('query cost', () => {
  it('counts objects, multiplies by the page asked for, and charges mutations more', () => {
    const cost = (query: string, variables?: Record<string, unknown>) => operationCost(schema, parse(query), variables);
    expect(cost('{ viewer { username } }')).toBe(1);
    expect(cost(CLASSES(5))).toBe(18);
    expect(cost('{ viewer { reports { fileName } } }')).toBe(21);
    expect(cost(CLASSES(50))).toBe(153);
    expect(cost('query($n: Int) { viewer { classes(first: $n) { edges { node { name shelf { national { title } } } } } } }', { n: 5 })).toBe(18);
    expect(cost('query { viewer { ...F } } fragment F on User { classes(first: 5) { edges { node { name shelf { national { title } } } } } }')).toBe(18);
    expect(cost('mutation { assignTask(input: { className: "x", bookUnitId: "a-b", type: "SB" }) { __typename } }')).toBe(11);
    // nodes: as many objects as ids; a subscription pays for its replay and the connection it holds.
    expect(cost('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(100).fill('VXNlcjox') })).toBe(100);
    expect(cost('{ nodes(ids: ["a", "b"]) { ... on User { tasks(first: 50) { edges { node { taskId } } } } } }')).toBe(2 * (1 + 2 + 50));
    expect(cost('subscription { classActivity(classId: "x") { eventId } }')).toBe(21);
  });

  it('refills a bucket over time and never above its size', async () => {
    let now = 0;
    const budgets = memoryBudgets(() => now);
    const bucket = [{ key: 'user:1', points: 10, restorePerSec: 2 }];
    expect((await budgets.charge(bucket, 8)).levels[0]!.remaining).toBe(2);
    expect(await budgets.charge(bucket, 8)).toMatchObject({ allowed: false, retryAfterSec: 3 });
    now = 3_000;
    expect((await budgets.charge(bucket, 8)).levels[0]!.remaining).toBe(0);
    now = 1_000_000;
    expect((await budgets.charge(bucket, 0)).levels[0]!.remaining).toBe(10);
  });
});

describe.each(DATABASES)('rate limits on %s', (kind) => {
  let server: TestServer;
  let session: string;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind, { env: BUDGETS });
    session = (await server.login('demoteacher')).accessToken;
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, session)).body.data.viewer.class.id;
    const created = await server.gql(
      'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [classId] } },
      session,
    );
    token = created.body.data.createIntegrationToken.token;
  });
  afterAll(() => server?.close());

  const call = (query: string, credential: string) => bearerGql(server.url, credential, query);

  it('charges a token and its teacher for the rows returned, reports what is left, and refuses with 429 when a bucket cannot afford the estimate', async () => {
    // The teacher has one class: a page of 5 asked for (18 points to afford) returns 1 (6 points charged).
    const first = await call(CLASSES(5), token);
    expect(first.status).toBe(200);
    expect(first.body.data.viewer.classes.edges[0].node.name).toBe('Demo Class');
    expect(first.body.extensions.cost).toMatchObject({ requested: 18, actual: 6, limit: 30, bucket: 'token', restorePerSec: 1 });
    expect(first.body.extensions.cost.remaining).toBeGreaterThanOrEqual(24);

    // 24, then about 18 left: each call must still afford 18, and is charged 6.
    expect((await call(CLASSES(5), token)).status).toBe(200);
    expect((await call(CLASSES(5), token)).status).toBe(200);
    const refused = await call(CLASSES(5), token);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^[3-6]$/);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Rate limit: this operation costs 18 points and 1[2-5] remain; try again in [3-6] s$/),
      extensions: { code: 'RATE_LIMITED' },
    });

    // The teacher's own session draws on the user bucket, which the token's calls also drew on.
    const mine = await call(CLASSES(5), session);
    expect(mine.status).toBe(200);
    expect(mine.body.extensions.cost).toMatchObject({ bucket: 'user', limit: 60, actual: 6 });
    expect(mine.body.extensions.cost.remaining).toBeLessThanOrEqual(60 - 4 * 6 + 10);
  });

  it('a page is at most 100 on every connection: more is a 400 saying so, and runs nothing', async () => {
    for (const query of [
      CLASSES(101),
      CLASSES(15000),
      '{ viewer { tasks(first: 101) { edges { node { taskId } } } } }',
      '{ viewer { integrationTokens(last: 500) { edges { node { name } } } } }',
    ]) {
      const r = await server.gql(query, {}, session);
      expect(r.status, query).toBe(400);
      expect(r.body.errors[0].message, query).toMatch(/^`(first|last)` is at most 100 \(\w+ asked for \d+\): ask for the next page with `after`/);
      expect(r.body.data, query).toBeUndefined();
    }
    const asVariable = await server.gql('query ($n: Int) { viewer { classes(first: $n) { edges { node { name } } } } }', { n: 1000 }, session);
    expect(asVariable.status).toBe(400);
    // 100 itself is a page (of cursors only, to stay within this test's small budget).
    const hundred = await server.gql('query ($n: Int) { viewer { classes(first: $n) { edges { cursor } } } }', { n: 100 }, session);
    expect(hundred.status).toBe(200);
    expect(hundred.body.data.viewer.classes.edges.length).toBeGreaterThan(0);
  });

  it('refuses a query bigger than the whole budget with advice, as a mistake no wait would mend', async () => {
    const r = await call(CLASSES(50), token);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toBe('This operation costs 153 points, more than the whole budget of 30: ask for fewer items (first:)');
    expect(r.body.errors[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY' });
  });

  it('does not charge visitors', async () => {
    const r = await server.gql('{ viewer { username } }');
    expect(r.body).toEqual({ data: { viewer: null } });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !redisUrl) throw new Error('WORDBEE_REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

describe('rate-limit headers', () => {
  let server: TestServer;
  let session: string;
  let token: string;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { API_TOKEN_BUDGET: '30', API_TOKEN_RESTORE_PER_SEC: '1' } });
    session = (await server.login('demoteacher')).accessToken;
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, session)).body.data.viewer.class.id;
    const created = await server.gql(
      'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [classId] } },
      session,
    );
    token = created.body.data.createIntegrationToken.token;
  });
  afterAll(() => server?.close());

  const ask = async (credential: string | undefined, query: string, how: 'json' | 'graphql-response' | 'get' = 'json') => {
    const headers: Record<string, string> = credential ? { authorization: `Bearer ${credential}` } : {};
    const r =
      how === 'get'
        ? await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers })
        : await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', accept: how === 'json' ? 'application/json' : 'application/graphql-response+json' },
            body: JSON.stringify({ query }),
          });
    const limit = ['limit', 'remaining', 'reset'].map((n) => r.headers.get(`ratelimit-${n}`));
    return { status: r.status, limit, body: (await r.json()) as any };
  };

  it('says on every reply what is left after the actual cost, as extensions.cost does: RateLimit-Limit, -Remaining, -Reset', async () => {
    // A page of 50 asked for (153 points to afford) that returns one class is charged 6. The
    // setup's mutation (10 points) is restored first: the bucket refills 1,000 points a second.
    await new Promise((r) => setTimeout(r, 50));
    let charged = 0;
    for (const how of ['json', 'graphql-response', 'get'] as const) {
      const r = await ask(session, CLASSES(50), how);
      charged += 6;
      expect(r.status, how).toBe(200);
      expect(r.body.extensions.cost, how).toMatchObject({ requested: 153, actual: 6, limit: 20000, bucket: 'user' });
      const { remaining } = r.body.extensions.cost;
      // The bucket refills 1,000 points a second: at most full, at least what was charged so far taken.
      expect(remaining, how).toBeGreaterThanOrEqual(20000 - charged);
      expect(r.limit, how).toEqual(['20000', String(remaining), String(Math.ceil((20000 - remaining) / 1000))]);
    }
  });

  it("names the tightest bucket (an integration token's own), and says the same on a 429", async () => {
    const first = await ask(token, CLASSES(5));
    expect(first.status).toBe(200);
    expect(first.limit[0]).toBe('30');
    expect(Number(first.limit[1])).toBe(first.body.extensions.cost.remaining);
    expect(Number(first.limit[1])).toBeGreaterThanOrEqual(24);
    expect(Number(first.limit[2])).toBe(Math.ceil(30 - first.body.extensions.cost.remaining));
    let refused;
    for (let i = 0; i < 6 && !refused; i++) {
      const r = await ask(token, CLASSES(5), 'graphql-response');
      if (r.status === 429) refused = r;
    }
    expect(refused).toBeDefined();
    expect(refused!.limit[0]).toBe('30');
    expect(Number(refused!.limit[1])).toBe(refused!.body.extensions.cost.remaining);
    expect(Number(refused!.limit[1])).toBeLessThan(18);
    expect(Number(refused!.limit[2])).toBeGreaterThan(0);
  });

  it('sends none to a visitor, who is not charged', async () => {
    const r = await ask(undefined, '{ viewer { username } }');
    expect([r.status, r.body.data.viewer, r.limit]).toEqual([200, null, [null, null, null]]);
  });
});

describe.skipIf(!redisUrl || !DATABASES.includes('postgres'))('budgets with Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer('postgres', { env: { ...BUDGETS, REDIS_URL: redisUrl! } });
    b = await startServer('postgres', { env: { ...BUDGETS, REDIS_URL: redisUrl! }, sharedDatabaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('hold across instances: what one instance charged, the other sees', async () => {
    const token = (await a.login('demoteacher')).accessToken;
    const one = (await a.gql(CLASSES(5), {}, token)).body.extensions.cost.remaining;
    const two = (await b.gql(CLASSES(5), {}, token)).body.extensions.cost.remaining;
    expect(one).toBeGreaterThanOrEqual(60 - 18 - 1);
    // Charged for the one class returned (6 points), the estimate (18) given back in part.
    expect(two).toBeLessThanOrEqual(one - 6 + 1);
    expect((await b.gql(CLASSES(5), {}, token)).body.extensions.cost.remaining).toBeLessThanOrEqual(two - 6 + 1);
  });
});
