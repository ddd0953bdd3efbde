/**
 * Authenticated GraphQL read (`{ viewer { ... } }`: token check + one user query) against a
 * bare node:http handler that runs the same SQL on the same database: the practical limit.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { users } from '../db/schema.ts';
import { load } from './load.ts';

export async function viewerBenchmark() {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wordbee-bench-')),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
    // Measure the cost checks, not throttling.
    API_USER_BUDGET: '10000000',
    API_USER_RESTORE_PER_SEC: '10000000',
  });
  const app = await createApp(config, { logger: pino({ level: 'silent' }), serveClient: false });
  const url = await app.listen(0, '127.0.0.1');
  const login = await fetch(`${url}/api/v1.0/username/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demostudent', password: 'demostudent' }),
  }).then((r) => r.json());

  const bare = createServer(async (_req, res) => {
    const [row] = await app.deps.db.select().from(users).where(eq(users.usernameKey, 'demostudent'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { viewer: { username: row!.username } } }));
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const baseline = await load({ url: bareUrl, seconds });
  const graphql = await load({
    url: `${url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': login.accessToken },
    body: JSON.stringify({ query: '{ viewer { username isTeacher teachername } }' }),
    seconds,
  });
  bare.close();
  await app.close();
  const ratio = graphql.requestsPerSec / baseline.requestsPerSec;
  return {
    name: `GraphQL viewer query vs bare node:http, same SQL (${app.database.kind}, 50 connections, ${seconds}s)`,
    lines: [
      `bare node:http: ${baseline.requestsPerSec} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
      `GraphQL       : ${graphql.requestsPerSec} req/s, p50 ${graphql.p50} ms, p99 ${graphql.p99} ms, errors ${graphql.errors + graphql.non2xx}`,
      `ratio         : ${(ratio * 100).toFixed(0)}% of bare`,
    ],
  };
}
