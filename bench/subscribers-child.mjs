// The subscribers of the fan-out benchmark, in a process of their own (the server's event loop
// must not also run thousands of clients). argv[2]: JSON { url, mode: 'graphql' | 'bare', groups }
// where each group is { count, token, classId } (graphql) or { count, group } (bare: the socket
// joins broadcast group `group`). Sockets connect at most CONCURRENT at a time (a whole school
// connecting in one instant would overflow the server's accept queue). Prints 'ready' once
// every subscriber is listening (graphql: has received a '__ready__' probe), then on stdin
// 'done' prints the publish-to-receive delays (ms; the event's `at`, or the bare message's `t`,
// against now). Before 'ready' it prints 'connected' once every socket is open, so that the
// parent's probes do not compete with the connecting.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';

const CONCURRENT = 100;
const { url, mode, groups } = JSON.parse(process.argv[2]);
const total = groups.reduce((n, g) => n + g.count, 0);
const delays = [];
const errors = [];
const cleanups = [];
const QUERY = 'subscription ($c: ID!) { classActivity(classId: $c) { eventId kind at student word } }';
const describe = (e) => e?.message ?? (e?.code ? `closed ${e.code} ${e.reason ?? ''}` : JSON.stringify(e));

// A subscriber is settled once it listens, or once it failed (counted among the errors).
let settled = 0;
let failed = 0;
const onReady = () => {
  settled++;
  if (settled === total) process.stdout.write('ready\n');
};
const onFailed = (error) => {
  errors.push(describe(error));
  if (errors.length <= 3) process.stderr.write(`subscriber failed: ${describe(error)}\n`);
  failed++;
  onReady();
};

/** Opens one subscriber; resolves once its socket is open (bare) or acknowledged (graphql). */
function open(group) {
  return new Promise((resolve) => {
    if (mode === 'bare') {
      const ws = new WebSocket(`${url}?g=${group.group}`);
      ws.on('open', () => {
        onReady();
        resolve();
      });
      ws.on('message', (data) => delays.push(Date.now() - JSON.parse(String(data)).t));
      ws.on('error', (e) => {
        onFailed(e);
        resolve();
      });
      cleanups.push(() => ws.close());
      return;
    }
    let probed = false;
    let over = false;
    const fail = (e) => {
      if (over) return errors.push(describe(e));
      over = true;
      onFailed(e);
    };
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { accessToken: group.token },
      retryAttempts: 0,
      lazy: false,
      on: { connected: () => resolve(), closed: () => resolve() },
    });
    const dispose = client.subscribe(
      { query: QUERY, variables: { c: group.classId } },
      {
        next: (v) => {
          if (v.errors) return fail({ message: JSON.stringify(v.errors) });
          const e = v.data.classActivity;
          if (e.word === '__ready__') {
            if (!probed && !over) {
              probed = over = true;
              onReady();
            }
            return;
          }
          delays.push(Date.now() - Date.parse(e.at));
        },
        error: (e) => {
          fail(e);
          resolve();
        },
        complete: () => {},
      },
    );
    cleanups.push(async () => {
      dispose();
      await client.dispose();
    });
  });
}

const queue = groups.flatMap((g) => Array.from({ length: g.count }, () => g));
await Promise.all(
  Array.from({ length: CONCURRENT }, async () => {
    for (let g = queue.shift(); g; g = queue.shift()) await open(g);
  }),
);
// Every socket is open (and acknowledged): the parent starts probing.
process.stdout.write('connected\n');

process.stdin.on('data', async (chunk) => {
  if (!String(chunk).includes('done')) return;
  process.stdout.write(JSON.stringify({ delays, errors: errors.slice(0, 5), errorCount: errors.length, failed }) + '\n');
  await Promise.all(cleanups.map((c) => c()));
  process.exit(0);
});
