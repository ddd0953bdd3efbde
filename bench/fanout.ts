/**
 * Live fan-out: 1,000 graphql-ws subscribers watch one class (the teacher's live view, as
 * many times over); events are published and the delay from publish to each subscriber's
 * receipt is measured (p50/p99 over every delivery), in-process and through Redis (published
 * from another process-level PubSub client, as a second instance would). Baseline in the same
 * run: a bare `ws` server sending the same-sized message to 1,000 plain WebSockets. The
 * subscribers run in a child process.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ms, percentile, startBenchServer } from './setup.ts';
import { profiled } from './profile.ts';
import { authenticate, signup } from '../server/users/service.ts';
import { addClass } from '../server/classes/service.ts';
import { createLiveEvents, type ClassEvent, type LiveEvents } from '../server/live/pubsub.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const EVENTS = 20;
const child = fileURLToPath(new URL('./subscribers-child.mjs', import.meta.url));

type Delivery = { delays: number[]; errorCount: number; errors: string[] };

/** Starts the subscribers, publishes probes until all listen, then EVENTS events; returns the delays. */
async function measure(spec: Record<string, unknown>, publish: (word: string) => void): Promise<Delivery> {
  const proc = spawn(process.execPath, [child, JSON.stringify({ ...spec, count: SUBSCRIBERS })], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const ready = next();
  let isReady = false;
  void ready.then(() => (isReady = true));
  const deadline = Date.now() + 120_000;
  while (!isReady) {
    if (Date.now() > deadline) throw new Error('fan-out: the subscribers did not all connect within 2 minutes');
    publish('__ready__');
    await new Promise((r) => setTimeout(r, 300));
  }
  await new Promise((r) => setTimeout(r, 500));
  await profiled(`fan-out, ${spec.mode} (the ${EVENTS} events only)`, async () => {
    for (let i = 0; i < EVENTS; i++) {
      publish(`word${i}`);
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 1000));
  });
  const result = next();
  proc.stdin!.write('done\n');
  const delivery = JSON.parse(await result) as Delivery;
  await new Promise((r) => proc.once('exit', r));
  return delivery;
}

const event = (classId: number, word: string): ClassEvent => ({
  id: `bench:${word}:${Math.random()}`,
  kind: 'answer',
  at: new Date(),
  classId,
  student: 'pupil1x1',
  taskId: 'NS2022-ES3-1-SB-benchteacher',
  bookUnitId: 'NS2022-ES3',
  type: 'SB',
  position: 1,
  word,
  typed: word,
  status: 'v',
  score: null,
});

async function liveRun(redisUrl?: string) {
  const server = await startBenchServer({ env: redisUrl ? { REDIS_URL: redisUrl } : {} });
  const deps = server.app.deps;
  await signup(deps, { username: 'fanteacher', password: 'fanteacher', email: 'fan@wordbee.local', isTeacher: true });
  const token = (
    await (
      await fetch(`${server.url}/api/v1.0/username/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'fanteacher', password: 'fanteacher' }),
      })
    ).json()
  ).accessToken as string;
  const viewer = await authenticate(deps, token);
  const { id: classId } = await addClass(deps, viewer, { className: 'Fan Class', schoolID: 'ES', pressID: 'PEP', students: 'Adam, Juliet' });
  const gql = await (
    await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ query: '{ viewer { class(name: "Fan Class") { id } } }' }),
    })
  ).json();
  const globalId = gql.data.viewer.class.id as string;
  // Through Redis: published by a PubSub client of its own, as another instance would.
  const publisher: LiveEvents = redisUrl ? createLiveEvents(redisUrl, deps.log) : deps.live;
  const delivery = await measure({ url: `${server.url.replace('http', 'ws')}/graphql`, mode: 'graphql', token, classId: globalId }, (word) =>
    publisher.publish(event(classId, word)),
  );
  if (redisUrl) await publisher.close();
  await server.close();
  return delivery;
}

async function bareRun() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const payload = { data: { classActivity: event(1, 'word') } };
  const delivery = await measure({ url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, mode: 'bare' }, (word) => {
    const text = JSON.stringify({ ...payload, t: Date.now(), word });
    if (word === '__ready__') return;
    for (const ws of wss.clients) ws.send(text);
  });
  await new Promise((r) => wss.close(r));
  return delivery;
}

export async function fanoutBenchmark() {
  // The bare run has no probe: its sockets are ready once open.
  const baseline = await bareRun();
  const inProcess = await liveRun();
  const redisUrl = process.env.REDIS_URL;
  const redis = redisUrl ? await liveRun(redisUrl) : null;
  const describe = (d: Delivery) =>
    `p50 ${ms(percentile(d.delays, 50))}, p99 ${ms(percentile(d.delays, 99))}, ${d.delays.length} of ${SUBSCRIBERS * EVENTS} delivered${d.errorCount ? `, ${d.errorCount} errors (${d.errors[0]})` : ''}`;
  const ratio = (d: Delivery) => `→ p99 ${(percentile(d.delays, 99) / Math.max(1, percentile(baseline.delays, 99))).toFixed(1)}× bare`;
  return {
    name: `Live fan-out: ${SUBSCRIBERS} subscribers on one class, ${EVENTS} events, publish to receipt`,
    lines: [
      `bare ws broadcast   : ${describe(baseline)}`,
      `graphql-ws, in-process PubSub: ${describe(inProcess)} ${ratio(inProcess)}`,
      redis ? `graphql-ws, through Redis    : ${describe(redis)} ${ratio(redis)}` : 'graphql-ws, through Redis    : not run (set REDIS_URL)',
    ],
  };
}
