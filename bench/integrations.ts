/**
 * An integrator's read (`viewer { classes }` with an integration token: token lookup, scope
 * check, cost estimate and two budget buckets) against the same query with a user's session
 * (JWT, one bucket) on the same server: what integration tokens cost. Budgets are set high so
 * the run measures the checks, not throttling.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { load } from './load.ts';

const QUERY = '{ viewer { username classes(first: 10) { edges { node { name students } } } } }';

export async function integrationsBenchmark() {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wordbee-bench-')),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
    API_TOKEN_BUDGET: '10000000',
    API_TOKEN_RESTORE_PER_SEC: '10000000',
    API_USER_BUDGET: '10000000',
    API_USER_RESTORE_PER_SEC: '10000000',
  });
  const app = await createApp(config, { logger: pino({ level: 'silent' }), serveClient: false, mailWorker: false, webhookWorker: false });
  const url = await app.listen(0, '127.0.0.1');
  const post = async (body: unknown, token?: string) =>
    (await fetch(`${url}${token ? '/graphql' : '/api/v1.0/username/login'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as any;
  const session = (await post({ username: 'demoteacher', password: 'demoteacher' })).accessToken as string;
  const classId = (await post({ query: '{ viewer { class(name: "Demo Class") { id } } }' }, session)).data.viewer.class.id;
  const created = await post(
    {
      query: 'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      variables: { i: { name: 'bench', scopes: ['READ_CLASSES'], classIds: [classId] } },
    },
    session,
  );
  const token = created.data.createIntegrationToken.token as string;

  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const run = (credential: string) =>
    load({
      url: `${url}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
      body: JSON.stringify({ query: QUERY }),
      seconds,
    });
  const baseline = await run(session);
  const integration = await run(token);
  await app.close();
  const ratio = integration.requestsPerSec / baseline.requestsPerSec;
  return {
    name: `Integration token vs session, viewer { classes(first: 10) } (${app.database.kind}, 50 connections, ${seconds}s)`,
    lines: [
      `session (JWT)     : ${baseline.requestsPerSec} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms, errors ${baseline.errors + baseline.non2xx}`,
      `integration token : ${integration.requestsPerSec} req/s, p50 ${integration.p50} ms, p99 ${integration.p99} ms, errors ${integration.errors + integration.non2xx}`,
      `ratio             : ${(ratio * 100).toFixed(0)}% of the session's throughput`,
    ],
  };
}
