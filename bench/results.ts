/**
 * Result posting: 200 students finish Spelling Bee tasks at the same moment, each posting its
 * results one after another, from a process of their own as devices do (bench/results-clients.ts).
 * `POST /api/v1.0/userspelling`: validation, then answers, result, memory model, vocabulary, next
 * task and the report job in one statement; the PDF report and its e-mails are made by the job
 * worker in the server's process after the commit, and counted: the time from a result to its
 * report, mails queued. Baseline in the same run: a bare node:http handler that parses the same
 * body and writes its answer rows in one transaction through the raw driver (the database's floor
 * for a durable write of that size).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { ms, startBenchServer } from './setup.ts';
import { runChild } from './child.ts';
import type { PostingFigures, PostingRun } from './results-clients.ts';
import { fillSchool, studentsOf } from './school.ts';
import { users } from '../db/schema.ts';
import { SBARR_HEADER } from '../server/results/sbarr.ts';
import { profiled } from './profile.ts';

const STUDENTS = 200;
const POSTS_EACH = 3;

export async function resultsBenchmark() {
  // The mail worker too (no SMTP_URL: each e-mail is written to a file), for the time from a result to its e-mails.
  const server = await startBenchServer({ app: { jobWorker: true, mailWorker: true } });
  const started = performance.now();
  await fillSchool(server.app);
  // BENCH_PER_CLASS=10 spreads the students over 20 classes (docs/performance.md: the class lock).
  const names = await studentsOf(server.app, STUDENTS, Number(process.env.BENCH_PER_CLASS ?? 100));
  const ids = await server.app.deps.db.select({ id: users.id, key: users.usernameKey }).from(users).where(inArray(users.usernameKey, names));
  // Each student's first POSTS_EACH tasks, answered (one word wrong), ready to post.
  const students = await Promise.all(
    ids.map(async ({ id }) => {
      const token = (await server.app.deps.tokens.issue(id)).token;
      const headers = { 'x-access-token': token, 'content-type': 'application/json' };
      const tasks = ((await (await fetch(`${server.url}/api/v1.0/usertasks`, { headers })).json()) as any[]).slice(0, -1).slice(0, POSTS_EACH);
      const bodies: string[] = [];
      for (const t of tasks) {
        const taskId = `${t.bookUnitID}-${t.TPID}-${t.Type}-benchteacher`;
        const content = (await (await fetch(`${server.url}/api/v1.0/usertasks/${taskId}`, { headers })).json()) as string[];
        const words = content.slice(1).map((line) => line.split(' -- ')[0]!);
        const rows = words.map((w, i) => [i + 1, w, i === 0 ? `${w}x` : w, i === 0 ? 'x' : 'v', i + 1]);
        bodies.push(JSON.stringify([SBARR_HEADER, ...rows, `${taskId}-${Math.floor((100 * (words.length - 1)) / words.length)}`]));
      }
      return { headers, bodies };
    }),
  );
  const setupSeconds = ((performance.now() - started) / 1000).toFixed(0);

  const client = (server.app.deps.db as any).$client;
  await server.raw(
    'create table bench_answers (id bigint generated always as identity primary key, task text, position int, word text, typed text, status text, at timestamptz default now())',
    [],
  );
  const writeRows = async (label: string, rows: unknown[][]) => {
    const values = rows.map((_, i) => `($1, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}, $${i * 4 + 5})`).join(', ');
    const params = [label, ...rows.flatMap((r) => [r[0], r[1], r[2], r[3]])];
    const text = `insert into bench_answers (task, position, word, typed, status) values ${values}`;
    if (server.kind === 'postgres') await client.begin((tx: any) => tx.unsafe(text, params));
    else await client.transaction((tx: any) => tx.query(text, params));
  };
  const bare = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
      await writeRows(String(body.at(-1)), body.slice(1, -1) as unknown[][]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"info":"saved"}');
    });
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  // The students post from a process of their own, to the bare handler and to WordBee alike.
  const run = (url: string) => runChild<PostingFigures>(new URL('./results-clients-child.ts', import.meta.url), { url, students } satisfies PostingRun);
  const baseline = await run(bareUrl);
  const app = await profiled('POST /userspelling', () => run(`${server.url}/api/v1.0/userspelling`));
  // Every result's report (PDF stored, listed, e-mails queued), and how long after its result.
  const reportsStarted = performance.now();
  // BENCH_PROFILE=1 profiles this part too: the reports and e-mails the posts left behind.
  const lag = await profiled('the reports after the posts', async () => {
    let counts: unknown[][];
    for (;;) {
      counts = await server.raw(
        `select count(*) filter (where status <> 'sent'), count(*), percentile_cont(0.5) within group (order by extract(epoch from sent_at - created_at) * 1000) filter (where status = 'sent'), percentile_cont(0.99) within group (order by extract(epoch from sent_at - created_at) * 1000) filter (where status = 'sent') from jobs`,
        [],
      );
      if (Number(counts[0]![0]) === 0 || performance.now() - reportsStarted > 120_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return counts!;
  });
  const [left, jobs, lagP50, lagP99] = lag[0]!.map(Number) as [number, number, number, number];
  // Then every report's e-mails sent, and how long after the result's commit.
  let mail: unknown[][];
  for (;;) {
    mail = await server.raw(
      `select count(*) filter (where m.status <> 'sent'), count(*), percentile_cont(0.5) within group (order by extract(epoch from m.sent_at - r.created_at) * 1000) filter (where m.status = 'sent'), percentile_cont(0.99) within group (order by extract(epoch from m.sent_at - r.created_at) * 1000) filter (where m.status = 'sent') from mail_outbox m join reports p on p.id = m.report_id join results r on r.id = p.result_id`,
      [],
    );
    if (Number(mail[0]![0]) === 0 || performance.now() - reportsStarted > 180_000) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const [mailLeft, mails, mailP50, mailP99] = mail[0]!.map(Number) as [number, number, number, number];
  bare.close();
  await server.close();
  return {
    name: `Result posting, ${STUDENTS} students at once, ${POSTS_EACH} Spelling Bee results each (${server.kind}; set-up ${setupSeconds} s)`,
    lines: [
      `bare node:http, answer rows in one transaction: ${baseline.perSec} results/s, p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}`,
      `POST /userspelling (report as a job)           : ${app.perSec} results/s, p50 ${ms(app.p50)}, p99 ${ms(app.p99)}${app.failed ? `, FAILED ${app.failed} of ${app.n}` : ''} → ${Math.round((100 * app.perSec) / baseline.perSec)}% of bare`,
      `reports (PDF stored, e-mails queued) after their result: ${jobs - left} of ${jobs}, p50 ${ms(lagP50)}, p99 ${ms(lagP99)}`,
      `report e-mails sent (to files) after their result's commit: ${mails - mailLeft} of ${mails}, p50 ${ms(mailP50)}, p99 ${ms(mailP99)}`,
    ],
  };
}
