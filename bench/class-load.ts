/**
 * A whole school at once: 40 classes × 40 students answering words (GraphQL recordAnswer) and
 * posting results (/userspelling) concurrently for a bounded time. Prints how many results were
 * acknowledged and how many the database holds (they must be equal), and latencies, with the
 * p99 of a bare /healthz round trip under the same load as the baseline. BENCH_SECONDS bounds
 * when a student may start another task; a task started is finished, as in a real class.
 *
 * Accounts are made in bulk for the benchmark (teachers through signup; students inserted with
 * one precomputed argon2 hash, then linked by addClass), so the run measures the load, not the
 * set-up's 1,600 password hashes.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { startBenchServer } from './setup.ts';
import { results, users } from '../db/schema.ts';
import { signup, authenticate } from '../server/users/service.ts';
import { addClass } from '../server/classes/service.ts';
import { assignTask } from '../server/tasks/service.ts';
import { SBARR_HEADER } from '../server/results/sbarr.ts';
import { profiled } from './profile.ts';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 40);
const PER_CLASS = Number(process.env.BENCH_STUDENTS ?? 40);
const UNITS = ['NS2022-ES1', 'NS2022-ES2', 'NS2022-ES3'];

// As fast as they can: 256 sockets shared by all the clients. Paced: a socket per student (device).
let agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(base: string, method: string, p: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${p}`,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { 'x-access-token': token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // text reply
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (error) => reject(new Error(`${method} ${p} after ${Math.round(performance.now() - started)} ms: ${error.message}`)));
    req.end(payload);
  });
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

/**
 * `paced`: as a lesson goes rather than as fast as the clients can: every student starts within
 * the first 5 s, takes 1.5–3.5 s over each word (typing it), does one task of the unit and
 * posts its result, so a whole school presses 'finish' within seconds of each other. Each
 * student is a device with its own connection. Without it, every student answers with no pause
 * until BENCH_SECONDS: the server's saturation, its latencies the length of its queue.
 */
export async function classLoadBenchmark(options: { paced?: boolean } = {}) {
  const paced = options.paced ?? false;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // A database of its own (dropped afterwards), as every benchmark has: the tallies below count it all.
  const server = await startBenchServer({ app: { jobWorker: true } });
  agent = new http.Agent({ keepAlive: true, maxSockets: paced ? Infinity : 256, maxFreeSockets: paced ? Infinity : 256 });
  const { app } = server;
  const base = server.url;
  const { deps } = app;
  const db = deps.db;
  const run = Date.now().toString(36);

  const studentHash = await hash('kid-pass');
  const students: { token: string; name: string }[] = [];
  for (let c = 0; c < CLASSES; c++) {
    const teacherName = `bt${run}${c}`;
    await signup(deps, { username: teacherName, password: 'teach-pass', email: 't@school.cn', isTeacher: true });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, teacherName));
    const teacher = await authenticate(deps, (await deps.tokens.issue(row!.id)).token);
    const names = Array.from({ length: PER_CLASS }, (_, i) => `bs${run}${c}x${i}`);
    await db
      .insert(users)
      .values(names.map((n) => ({ username: n, usernameKey: n, email: `${n}@home.cn`, passwordHash: studentHash, isTeacher: false, teacherId: row!.id })));
    await addClass(deps, teacher, { className: 'C', schoolID: 'ES', pressID: 'PEP', students: names.join(', ') });
    for (const unit of UNITS) await assignTask(deps, teacher, { className: 'C', bookUnitId: unit, type: 'SB' });
    const rows = await db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.usernameKey, names));
    for (const s of rows) students.push({ name: s.name, token: (await deps.tokens.issue(s.id)).token });
  }

  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const deadline = Date.now() + seconds * 1000;
  const answerMs: number[] = [];
  const resultMs: number[] = [];
  const healthMs: number[] = [];
  let acknowledged = 0;
  let failures = 0;
  const recordAnswer = 'mutation ($input: AnswerInput!) { recordAnswer(input: $input) { __typename } }';

  const student = async ({ token, name }: { token: string; name: string }) => {
    if (paced) await pause(Math.random() * 5_000);
    const list = (await request(base, 'GET', '/api/v1.0/usertasks', token)).body as any[];
    for (const task of list.slice(0, paced ? 1 : -1)) {
      if (Date.now() > deadline && !paced) return;
      const teacher = name.replace(/^bs/, 'bt').replace(/x\d+$/, '');
      const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-${teacher}`;
      const content = (await request(base, 'GET', `/api/v1.0/usertasks/${taskId}`, token)).body as string[];
      const words = content.slice(1).map((w) => w.split(' -- ')[0]!);
      const rows = [];
      for (const [i, word] of words.entries()) {
        if (paced) await pause(1_500 + Math.random() * 2_000);
        const r = await request(base, 'POST', '/graphql', token, {
          query: recordAnswer,
          variables: { input: { taskId, position: i + 1, word, typed: word, status: 'v' } },
        });
        answerMs.push(r.ms);
        if (r.status !== 200 || r.body?.data?.recordAnswer?.__typename !== 'AnswerPayload') failures++;
        rows.push([i + 1, word, word, 'v', i + 1]);
      }
      const r = await request(base, 'POST', '/api/v1.0/userspelling', token, [SBARR_HEADER, ...rows, `${taskId}-100`]);
      resultMs.push(r.ms);
      if (r.status === 200) acknowledged++;
      else failures++;
    }
  };
  let running = true;
  const health = async () => {
    while (running) {
      healthMs.push((await request(base, 'GET', '/healthz', undefined)).ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const started = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const probe = health();
  await profiled(paced ? 'a school lesson' : 'a school at once', () => Promise.all(students.map(student)));
  running = false;
  await probe;
  loop.disable();
  const elapsed = (performance.now() - started) / 1000;

  const [stored] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(results)
    .innerJoin(users, eq(users.id, results.userId))
    .where(and(like(users.usernameKey, `bs${run}%`)));
  // Every result's report, once (the job worker makes them after the commits); e-mails queued once each.
  const waitFrom = performance.now();
  const tally = async () =>
    (await db.execute(sql`select (select count(*)::int from ${results} r join ${users} u on u.id = r.user_id where u.username_key like ${`bs${run}%`}) as results,
        (select count(*)::int from reports) as reports, (select count(*)::int from jobs where status <> 'sent') as left,
        (select count(*)::int from (select dedupe_key from mail_outbox group by dedupe_key having count(*) > 1) d) as twice,
        (select count(*)::int from mail_outbox) as mails`)) as unknown as { rows?: Record<string, number>[] } & Record<string, number>[];
  let reportCheck = (await tally()).rows?.[0] ?? (await tally())[0]!;
  while (reportCheck.left! > 0 && performance.now() - waitFrom < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    reportCheck = (await tally()).rows?.[0] ?? (await tally())[0]!;
  }
  const reportsAfter = ((performance.now() - waitFrom) / 1000).toFixed(1);
  agent.destroy();
  await server.close();
  const p99 = percentile(resultMs, 99);
  const healthP99 = percentile(healthMs, 99);
  return {
    name: paced
      ? `A school's lesson: ${CLASSES} classes × ${PER_CLASS} students each typing one task's words (1.5–3.5 s a word) and posting its result within seconds of each other (${app.database.kind})`
      : `A school at once: ${CLASSES} classes × ${PER_CLASS} students answering and posting results with no pause (${app.database.kind}, ${seconds}s)`,
    lines: [
      `results acknowledged: ${acknowledged}, in the database: ${stored!.n} ${acknowledged === stored!.n ? '(equal)' : '(NOT EQUAL)'}, failed calls: ${failures}`,
      `reports: ${reportCheck.reports} for ${reportCheck.results} results ${reportCheck.reports === reportCheck.results ? '(none missing)' : '(MISSING)'}, the last ${reportsAfter} s after the load; e-mails queued: ${reportCheck.mails}, twice: ${reportCheck.twice}`,
      `answers (GraphQL recordAnswer): ${answerMs.length} in ${elapsed.toFixed(1)}s = ${Math.round(answerMs.length / elapsed)}/s, p50 ${percentile(answerMs, 50)} ms, p99 ${percentile(answerMs, 99)} ms`,
      `results (/userspelling): ${resultMs.length} = ${(resultMs.length / elapsed).toFixed(1)}/s, p50 ${percentile(resultMs, 50)} ms, p99 ${p99} ms`,
      `baseline /healthz under the same load: p50 ${percentile(healthMs, 50)} ms, p99 ${healthP99} ms, slowest ${Math.round(Math.max(...healthMs))} ms; result p99 = ${(p99 / Math.max(healthP99, 0.1)).toFixed(1)}× that`,
      `the process's event loop (server and clients): delay p99 ${Math.round(loop.percentile(99) / 1e6)} ms, longest ${Math.round(loop.max / 1e6)} ms`,
    ],
  };
}
