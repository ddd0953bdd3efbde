/**
 * Live fan-out: graphql-ws subscribers watch classes (the teacher's live view, as many times
 * over); events are published and the delay from publish to each subscriber's receipt is
 * measured (p50/p99 over every delivery), in-process and through Redis (published from another
 * PubSub client, as a second instance would). Two shapes:
 * - one class: 1,000 subscribers (BENCH_SUBSCRIBERS) of one teacher's class, 20 events;
 * - a school: 5,000 subscribers over 100 classes of 100 teachers (50 views each), 10 rounds in
 *   which every class gets an event at once.
 * Baseline in the same run: a bare `ws` server sending a same-sized message to as many plain
 * WebSockets in the same groups. The subscribers run in child processes (one per 2,500).
 * BENCH_FANOUT=one or school runs one shape; BENCH_SCHOOL=100x50 sets the school's size.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { WebSocketServer, type WebSocket } from 'ws';
import { ms, percentile, startBenchServer } from './setup.ts';
import { profiled } from './profile.ts';
import { signup } from '../server/users/service.ts';
import { createLiveEvents, type LiveEvents } from '../server/live/pubsub.ts';
import { answerEvent } from '../tests/helpers/live.ts';

/** BENCH_SCHOOL: the school's classes × views per class (100x50). */
const school = (process.env.BENCH_SCHOOL ?? '100x50').split('x');
type Shape = { name: string; classes: number; perClass: number; rounds: number; gapMs: number };
const SHAPES: Shape[] = [
  { name: 'one', classes: 1, perClass: Number(process.env.BENCH_SUBSCRIBERS ?? 1000), rounds: 20, gapMs: 150 },
  { name: 'school', classes: Number(school[0]), perClass: Number(school[1]), rounds: 10, gapMs: 500 },
];
const PER_PROCESS = 2500;
const child = fileURLToPath(new URL('./subscribers-child.mjs', import.meta.url));

type Delivery = { delays: number[]; errorCount: number; errors: string[]; failed: number };
type Group = { count: number } & Record<string, unknown>;

/** Splits the subscribers' groups over child processes of at most PER_PROCESS subscribers. */
function perProcess(groups: Group[]): Group[][] {
  const out: Group[][] = [[]];
  let n = 0;
  for (const g of groups) {
    if (n + g.count > PER_PROCESS && out.at(-1)!.length) {
      out.push([]);
      n = 0;
    }
    out.at(-1)!.push(g);
    n += g.count;
  }
  return out;
}

/** Starts the subscribers, probes until all listen, then `shape.rounds` rounds of events; returns the delays. */
async function measure(label: string, shape: Shape, spec: { url: string; mode: string; groups: Group[] }, publishRound: (word: string) => void) {
  const children = perProcess(spec.groups).map((groups) => {
    const proc = spawn(process.execPath, [child, JSON.stringify({ ...spec, groups })], { stdio: ['pipe', 'pipe', 'inherit'] });
    const received: string[] = [];
    createInterface({ input: proc.stdout! }).on('line', (line) => received.push(line));
    return { proc, received };
  });
  const deadline = Date.now() + 300_000;
  const waitFor = async (line: string, probe: boolean) => {
    while (!children.every((c) => c.received.includes(line))) {
      if (Date.now() > deadline) throw new Error(`fan-out (${label}): the subscribers did not all listen within 5 minutes`);
      if (probe) publishRound('__ready__');
      await new Promise((r) => setTimeout(r, probe ? 1000 : 100));
    }
  };
  // Probes (an event to every class) only once every socket is open: they would slow the connecting.
  await waitFor('connected', false);
  await waitFor('ready', true);
  await new Promise((r) => setTimeout(r, 500));
  await profiled(`fan-out, ${label} (the ${shape.rounds} rounds only)`, async () => {
    for (let i = 0; i < shape.rounds; i++) {
      publishRound(`word${i}`);
      await new Promise((r) => setTimeout(r, shape.gapMs));
    }
    await new Promise((r) => setTimeout(r, 1000));
  });
  for (const c of children) c.proc.stdin!.write('done\n');
  const deliveries: Delivery[] = [];
  for (const c of children) {
    while (!c.received.some((l) => l.startsWith('{'))) await new Promise((r) => setTimeout(r, 50));
    deliveries.push(JSON.parse(c.received.find((l) => l.startsWith('{'))!) as Delivery);
  }
  await Promise.all(children.map((c) => new Promise((r) => (c.proc.exitCode !== null ? r(null) : c.proc.once('exit', r)))));
  return {
    delays: deliveries.flatMap((d) => d.delays),
    errorCount: deliveries.reduce((n, d) => n + d.errorCount, 0),
    errors: deliveries.flatMap((d) => d.errors),
    failed: deliveries.reduce((n, d) => n + d.failed, 0),
  };
}

/** `count` teachers with one class each (the first signs up; the others are copies in SQL) and an access token each. */
async function teachersWithClasses(deps: Awaited<ReturnType<typeof startBenchServer>>['app']['deps'], count: number) {
  await signup(deps, { username: 'fanteacher', password: 'fanteacher', email: 'fan@wordbee.local', isTeacher: true });
  await deps.db.execute(sql`
    insert into users (username, username_key, email, password_hash, is_teacher)
    select 'fanteacher' || g, 'fanteacher' || g, 'fan' || g || '@wordbee.local', password_hash, true
    from users, generate_series(2, ${count}) g where username_key = 'fanteacher'`);
  await deps.db.execute(sql`
    insert into classes (teacher_id, name, name_key, school_id, press_id)
    select id, 'Fan Class', 'fan class', 'ES', 'PEP' from users where username_key like 'fanteacher%'`);
  const rows: any = await deps.db.execute(sql`
    select c.id as class_id, u.id as user_id from classes c join users u on u.id = c.teacher_id
    where u.username_key like 'fanteacher%' order by c.id`);
  return Promise.all(
    ((rows.rows ?? rows) as { class_id: number; user_id: number }[]).map(async (r) => ({
      classId: r.class_id,
      globalId: encodeGlobalID('Class', r.class_id),
      token: (await deps.tokens.issue(r.user_id)).token,
    })),
  );
}

async function liveRun(shape: Shape, redisUrl?: string) {
  const server = await startBenchServer({ env: redisUrl ? { REDIS_URL: redisUrl } : {} });
  const deps = server.app.deps;
  const classes = await teachersWithClasses(deps, shape.classes);
  // Through Redis: published by a PubSub client of its own, as another instance would.
  const publisher: LiveEvents = redisUrl ? createLiveEvents(redisUrl, deps.log) : deps.live;
  const delivery = await measure(
    `${shape.name}, graphql-ws${redisUrl ? ' through Redis' : ''}`,
    shape,
    {
      url: `${server.url.replace('http', 'ws')}/graphql`,
      mode: 'graphql',
      groups: classes.map((c) => ({ count: shape.perClass, token: c.token, classId: c.globalId })),
    },
    (word) => {
      for (const c of classes) publisher.publish(answerEvent(c.classId, word));
    },
  );
  if (redisUrl) await publisher.close();
  await server.close();
  return delivery;
}

async function bareRun(shape: Shape) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const groups = new Map<number, Set<WebSocket>>();
  wss.on('connection', (ws, req) => {
    const group = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('g'));
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group)!.add(ws);
  });
  await new Promise((r) => wss.once('listening', r));
  const payload = { data: { classActivity: answerEvent(1, 'word') } };
  // The bare run has no probe: its sockets are ready once open.
  const delivery = await measure(
    `${shape.name}, bare ws`,
    shape,
    {
      url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
      mode: 'bare',
      groups: Array.from({ length: shape.classes }, (_, group) => ({ count: shape.perClass, group })),
    },
    (word) => {
      if (word === '__ready__') return;
      for (const sockets of groups.values()) {
        const text = JSON.stringify({ ...payload, t: Date.now(), word });
        for (const ws of sockets) ws.send(text);
      }
    },
  );
  await new Promise((r) => wss.close(r));
  return delivery;
}

export async function fanoutBenchmark() {
  const only = process.env.BENCH_FANOUT;
  const redisUrl = process.env.REDIS_URL;
  const lines: string[] = [];
  for (const shape of SHAPES.filter((s) => !only || s.name === only)) {
    const total = shape.classes * shape.perClass;
    const baseline = await bareRun(shape);
    const inProcess = await liveRun(shape);
    const redis = redisUrl ? await liveRun(shape, redisUrl) : null;
    const describe = (d: Delivery) =>
      `p50 ${ms(percentile(d.delays, 50))}, p99 ${ms(percentile(d.delays, 99))}, ${d.delays.length} of ${total * shape.rounds} delivered${d.failed ? `, ${d.failed} subscribers failed` : ''}${d.errorCount ? `, ${d.errorCount} errors (${d.errors[0]})` : ''}`;
    const ratio = (d: Delivery) => `→ p99 ${(percentile(d.delays, 99) / Math.max(1, percentile(baseline.delays, 99))).toFixed(1)}× bare`;
    lines.push(
      shape.classes === 1
        ? `${total.toLocaleString('en')} subscribers on one class, ${shape.rounds} events:`
        : `${total.toLocaleString('en')} subscribers over ${shape.classes} classes (${shape.perClass} each), ${shape.rounds} rounds of one event per class:`,
      `  bare ws broadcast            : ${describe(baseline)}`,
      `  graphql-ws, in-process PubSub: ${describe(inProcess)} ${ratio(inProcess)}`,
      redis ? `  graphql-ws, through Redis    : ${describe(redis)} ${ratio(redis)}` : '  graphql-ws, through Redis    : not run (set REDIS_URL)',
    );
  }
  return { name: 'Live fan-out, publish to receipt', lines };
}
