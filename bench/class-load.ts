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
import { profiled } from './profile.ts';
import { nginxAvailable, startNginx } from './nginx.ts';
import { startWebProcesses } from './web-processes.ts';
import { runChild } from './child.ts';
import { SLOW_MS, type ClientsOptions, type ClientsReport, type SlowRequest } from './class-clients.ts';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 40);
const PER_CLASS = Number(process.env.BENCH_STUDENTS ?? 40);
const UNITS = ['NS2022-ES1', 'NS2022-ES2', 'NS2022-ES3'];

/**
 * When the server's HTTP parser handed each request over (epoch ms, by the benchmark's request
 * id). The server runs in this process: while `watchArrivals`' watch lasts (the load only, not
 * the other benchmarks of the run), every http.Server's 'request' events are seen here.
 */
const arrivals = new Map<string, number>();
function watchArrivals(): () => void {
  arrivals.clear();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const id = (args[0] as http.IncomingMessage).headers['x-bench-id'];
      if (typeof id === 'string') arrivals.set(id, performance.timeOrigin + performance.now());
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
  return () => void (http.Server.prototype.emit = emit);
}

/** Where the requests slower than SLOW_MS waited, in total and for the five slowest. */
function slowest(slow: SlowRequest[]): string[] {
  const waits = slow.map((r) => {
    const arrived = arrivals.get(r.id) ?? r.writtenAt;
    return { ...r, read: arrived - r.writtenAt, reply: r.replyAt - arrived };
  });
  const total = (k: 'socket' | 'written' | 'read' | 'reply') => Math.round(waits.reduce((a, r) => a + r[k], 0) / 1000);
  const ms = (v: number) => Math.round(v);
  return [
    `requests over ${SLOW_MS / 1000} s: ${slow.length} (${slow.filter((r) => r.fresh).length} on a new connection); their seconds waiting for a socket ${total('socket')}, to write ${total('written')}, for the server to read them ${total('read')}, for the reply ${total('reply')}`,
    ...waits
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map(
        (r) =>
          `  ${r.path} ${ms(r.ms)} ms: socket ${ms(r.socket)}${r.fresh ? ' (new)' : ''}, write ${ms(r.written)}, read by the server ${ms(r.read)}, reply ${ms(r.reply)}`,
      ),
  ];
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
 * until BENCH_SECONDS, over 256 shared connections: the server's saturation, its latencies the
 * length of its queue. Either way the students run in a process of their own, as devices do
 * (until session 33 the unpaced ones ran in the server's process and shared its event loop).
 */
export async function classLoadBenchmark(options: { paced?: boolean; nginx?: boolean; processes?: number } = {}) {
  const paced = options.paced ?? false;
  if (options.nginx && !nginxAvailable()) {
    return { name: `A school's lesson behind nginx`, lines: ['not run: nginx is not installed (apt-get install nginx, or BENCH_NGINX=its path)'] };
  }
  if (options.processes && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
    return { name: `A school's lesson on ${options.processes} web processes`, lines: ['not run: set DATABASE_URL and REDIS_URL (the processes share them)'] };
  }
  // A database of its own (dropped afterwards), as every benchmark has: the tallies below count it all.
  // With web processes (`npm start` with WEB_PROCESSES, bench/web-processes.ts) they serve the
  // students and take the jobs; this process's instance only makes the accounts and counts.
  const server = await startBenchServer(options.processes ? { env: { WEB_JOBS: 'false' } } : { app: { jobWorker: true } });
  const { app } = server;
  const processes = options.processes ? await startWebProcesses(server.databaseUrl!, process.env.REDIS_URL!, options.processes) : undefined;
  // Behind nginx (bench/nginx.ts) the devices connect to it, and it to the instance.
  const proxy = options.nginx ? await startNginx(server.url) : undefined;
  const base = proxy?.url ?? processes?.url ?? server.url;
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
  const clients: ClientsOptions = { base, students, paced, deadline: Date.now() + seconds * 1000 };
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const unwatch = watchArrivals();
  const load = await profiled(paced ? 'a school lesson' : 'a school at once', () =>
    runChild<ClientsReport>(new URL('./class-clients-child.ts', import.meta.url), clients),
  ).finally(unwatch);
  loop.disable();
  const { answerMs, resultMs, healthMs, acknowledged, failures } = load;
  const elapsed = (load.endedAt - load.startedAt) / 1000;

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
  await proxy?.close();
  await processes?.close();
  await server.close();
  const p99 = percentile(resultMs, 99);
  const healthP99 = percentile(healthMs, 99);
  return {
    name: paced
      ? `A school's lesson: ${CLASSES} classes × ${PER_CLASS} students each typing one task's words (1.5–3.5 s a word) and posting its result within seconds of each other (${app.database.kind}${proxy ? ', behind nginx' : ''}${options.processes ? `, ${options.processes} web processes` : ''})`
      : `A school at once: ${CLASSES} classes × ${PER_CLASS} students answering and posting results with no pause (${app.database.kind}, ${seconds}s${options.processes ? `, ${options.processes} web processes` : ''})`,
    lines: [
      `results acknowledged: ${acknowledged}, in the database: ${stored!.n} ${acknowledged === stored!.n ? '(equal)' : '(NOT EQUAL)'}, failed calls: ${failures}`,
      `reports: ${reportCheck.reports} for ${reportCheck.results} results ${reportCheck.reports === reportCheck.results ? '(none missing)' : '(MISSING)'}, the last ${reportsAfter} s after the load; e-mails queued: ${reportCheck.mails}, twice: ${reportCheck.twice}`,
      `answers (GraphQL recordAnswer): ${answerMs.length} in ${elapsed.toFixed(1)}s = ${Math.round(answerMs.length / elapsed)}/s, p50 ${percentile(answerMs, 50)} ms, p99 ${percentile(answerMs, 99)} ms`,
      `results (/userspelling): ${resultMs.length} = ${(resultMs.length / elapsed).toFixed(1)}/s, p50 ${percentile(resultMs, 50)} ms, p99 ${p99} ms`,
      `baseline /healthz under the same load: p50 ${percentile(healthMs, 50)} ms, p99 ${healthP99} ms, slowest ${Math.round(Math.max(...healthMs))} ms; result p99 = ${(p99 / Math.max(healthP99, 0.1)).toFixed(1)}× that`,
      ...(processes
        ? [`requests over ${SLOW_MS / 1000} s: ${load.slow.length} (${load.slow.filter((r) => r.fresh).length} on a new connection)`]
        : [`the server's event loop: delay p99 ${Math.round(loop.percentile(99) / 1e6)} ms, longest ${Math.round(loop.max / 1e6)} ms`, ...slowest(load.slow)]),
    ],
  };
}
