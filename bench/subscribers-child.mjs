// The subscribers of the fan-out benchmark, in a process of their own (the server's event loop
// must not also run 1,000 clients). argv[2]: JSON { url, count, mode: 'graphql' | 'bare', token, classId }.
// Prints 'ready' once every subscriber is listening, then on stdin 'done' prints the
// publish-to-receive delays (ms; the event's `at`, or the bare message's `t`, against now).
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';

const { url, count, mode, token, classId } = JSON.parse(process.argv[2]);
const delays = [];
const errors = [];
const cleanups = [];
const QUERY = 'subscription ($c: ID!) { classActivity(classId: $c) { eventId kind at student word } }';

let ready = 0;
const onReady = () => {
  ready++;
  if (ready === count) process.stdout.write('ready\n');
};

for (let i = 0; i < count; i++) {
  if (mode === 'bare') {
    const ws = new WebSocket(url);
    ws.on('open', onReady);
    ws.on('message', (data) => delays.push(Date.now() - JSON.parse(String(data)).t));
    ws.on('error', (e) => errors.push(String(e)));
    cleanups.push(() => ws.close());
  } else {
    let acknowledged = false;
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { accessToken: token },
      retryAttempts: 0,
      lazy: false,
      on: { connected: () => {} },
    });
    const dispose = client.subscribe(
      { query: QUERY, variables: { c: classId } },
      {
        next: (v) => {
          if (v.errors) return errors.push(JSON.stringify(v.errors));
          const e = v.data.classActivity;
          if (e.word === '__ready__') {
            if (!acknowledged) {
              acknowledged = true;
              onReady();
            }
            return;
          }
          delays.push(Date.now() - Date.parse(e.at));
        },
        error: (e) => errors.push(String(e?.message ?? e)),
        complete: () => {},
      },
    );
    cleanups.push(async () => {
      dispose();
      await client.dispose();
    });
  }
}

process.stdin.on('data', async (chunk) => {
  if (!String(chunk).includes('done')) return;
  process.stdout.write(JSON.stringify({ delays, errors: errors.slice(0, 5), errorCount: errors.length }) + '\n');
  await Promise.all(cleanups.map((c) => c()));
  process.exit(0);
});
