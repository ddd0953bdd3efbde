/**
 * The task list, the call every student makes first: `GET /api/v1.0/usertasks` and the
 * equivalent GraphQL query (the /task screen's), for a student with 20 open tasks in a school
 * of 100,000 task rows, 50 connections. Baseline in the same run: a bare node:http handler
 * that verifies the same JWT and runs the same two SQL statements (the viewer lookup and the
 * task list, the text drizzle generates) on the same database through the raw driver
 * (postgres.js, or PGlite's own client), then writes the same JSON: the practical limit.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { BENCH_SECRET, benchSeconds, startBenchServer } from './setup.ts';
import { fillSchool, studentsOf } from './school.ts';
import { figures, interleaved, load } from './load.ts';
import { profiled } from './profile.ts';
import { taskListQuery } from '../server/tasks/service.ts';
import { viewerQuery } from '../server/users/service.ts';
import { users } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

export const TASKS_QUERY = `query TasksQuery($className: String) { viewer { id tasks(first: 100, className: $className) { edges { node { id student bookUnitId tpid type dueBy taskId unitTitle } } } } }`;
/**
 * The same task list asking GraphQL for what the REST reply holds (student, unit, assignment, type,
 * due date): the two protocols compared on the same data. TasksQuery's reply is 2.2 times the
 * bytes of REST's (a global id, the task id and the unit's title, in Chinese, for each task).
 */
const REST_FIELDS_QUERY = `query TaskListRestFields { viewer { tasks(first: 100) { edges { node { student bookUnitId tpid type dueBy } } } } }`;

export async function usertasksBenchmark() {
  const server = await startBenchServer();
  const started = performance.now();
  const school = await fillSchool(server.app);
  const [student] = await studentsOf(server.app, 1);
  const [user] = await server.app.deps.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, student!));
  const { token } = await server.app.deps.tokens.issue(user!.id);
  const setupSeconds = ((performance.now() - started) / 1000).toFixed(0);

  const viewerSql = viewerQuery(server.app.deps, user!.id).toSQL();
  const listSql = taskListQuery(server.app.deps, { id: user!.id, isTeacher: false }).toSQL();
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(BENCH_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const bare = createServer(async (req, res) => {
    try {
      const { payload } = await jwtVerify(String(req.headers['x-access-token']), key, { algorithms: ['HS256'], issuer: 'wordbee' });
      if (Number(payload.sub) !== user!.id) throw new Error('not the bench student');
      const [who] = await server.raw(viewerSql.sql, viewerSql.params);
      if (!who) throw new Error('no such user');
      const rows = await server.raw(listSql.sql, listSql.params);
      // Columns as taskListQuery selects them: id, student, studentUsername, bookId, unitId, assignmentId, type, dueBy, …
      const body = rows.map((r) => ({ student: r[1], bookUnitID: `${r[3]}-${r[4]}`, TPID: r[5], Type: r[6], dueBy: new Date(r[7] as string).toISOString() }));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify([...body, { tokenExpAt: payload.exp }]));
    } catch (error) {
      res.writeHead(401).end(String(error));
    }
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  // Every variant answers the same 20 tasks (a check, not a timing).
  const headers = { 'x-access-token': token };
  const restRows = (await (await fetch(`${server.url}/api/v1.0/usertasks`, { headers })).json()) as unknown[];
  const bareReply = await fetch(bareUrl, { headers });
  if (bareReply.status !== 200) throw new Error(`usertasks: the bare handler failed: ${await bareReply.text()}`);
  const bareRows = (await bareReply.json()) as unknown[];
  const gqlBody = JSON.stringify({ query: TASKS_QUERY, variables: {} });
  const gqlHeaders = { ...headers, 'content-type': 'application/json' };
  const restFieldsBody = JSON.stringify({ query: REST_FIELDS_QUERY, variables: {} });
  const tasksIn = async (body: string) =>
    ((await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: gqlHeaders, body })).json()) as any).data?.viewer?.tasks?.edges?.length;
  const [gqlRows, restFieldsRows] = [await tasksIn(gqlBody), await tasksIn(restFieldsBody)];
  const browserReply = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { ...gqlHeaders, 'accept-encoding': 'br' }, body: gqlBody });
  if (browserReply.headers.get('content-encoding') !== 'br') throw new Error('usertasks: the GraphQL reply to a browser is not compressed');
  await browserReply.arrayBuffer();
  if (restRows.length !== 21 || bareRows.length !== 21 || gqlRows !== 20 || restFieldsRows !== 20)
    throw new Error(`usertasks: expected 20 tasks, got REST ${restRows.length - 1}, bare ${bareRows.length - 1}, GraphQL ${gqlRows} and ${restFieldsRows}`);

  // Warm every path (JIT, prepared statements, caches), then measure in interleaved rounds so
  // a neighbour's burst on this shared machine hits every variant alike.
  const seconds = benchSeconds();
  const variants = {
    baseline: { url: bareUrl, headers },
    rest: { url: `${server.url}/api/v1.0/usertasks`, headers },
    graphqlRestFields: { url: `${server.url}/graphql`, method: 'POST' as const, headers: gqlHeaders, body: restFieldsBody },
    graphql: { url: `${server.url}/graphql`, method: 'POST' as const, headers: gqlHeaders, body: gqlBody },
    // As a browser asks: the reply (about 4.6 KB) comes brotli-compressed.
    graphqlBrowser: {
      url: `${server.url}/graphql`,
      method: 'POST' as const,
      headers: { ...gqlHeaders, 'accept-encoding': 'gzip, deflate, br' },
      body: gqlBody,
    },
  };
  for (const v of Object.values(variants)) await load({ ...v, seconds: 1 });
  const { baseline, rest, graphqlRestFields, graphql, graphqlBrowser } = await interleaved(variants, seconds);
  // BENCH_PROFILE=1: one more round of each server variant, sampled (not in the figures).
  if (process.env.BENCH_PROFILE === '1') {
    for (const name of ['rest', 'graphqlRestFields', 'graphql', 'graphqlBrowser'] as const) {
      const run = await profiled(`usertasks, ${name}`, () => load({ ...variants[name], seconds }));
      console.error(`usertasks, ${name}, profiled: ${run.requests} requests`);
    }
  }
  bare.close();
  await server.close();
  const pct = (x: number) => `${Math.round((100 * x) / baseline.requestsPerSec)}% of bare`;
  const ofRest = (x: number) => `${pct(x)}, ${Math.round((100 * x) / rest.requestsPerSec)}% of REST`;
  return {
    name: `Task list, student with 20 tasks among ${school.taskRows.toLocaleString('en')} task rows (${server.kind}, 50 connections, 3 interleaved rounds of ${seconds} s; set-up ${setupSeconds} s)`,
    lines: [
      `bare node:http, same SQL : ${figures(baseline)}`,
      `REST GET /usertasks      : ${figures(rest)}  → ${pct(rest.requestsPerSec)}`,
      `GraphQL, REST's fields   : ${figures(graphqlRestFields)}  → ${ofRest(graphqlRestFields.requestsPerSec)}`,
      `GraphQL TasksQuery       : ${figures(graphql)}  → ${ofRest(graphql.requestsPerSec)}`,
      `  as a browser asks (br) : ${figures(graphqlBrowser)}  → ${ofRest(graphqlBrowser.requestsPerSec)}`,
    ],
    figures: { baseline, rest, graphqlRestFields, graphql, graphqlBrowser },
  };
}
