/**
 * The WebSocket side of docs/api.md as an integrator meets it: the quick start's `live.mts`
 * subscription run with a graphql-ws client and an integration token, and every way the server
 * closes a socket, each with the code docs/api.md lists (graphql-ws's close codes).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode, createClient, GRAPHQL_TRANSPORT_WS_PROTOCOL } from 'graphql-ws';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask } from '../../helpers/results.ts';
import { until } from '../../helpers/live.ts';
import { openLiveViews } from '../../../server/live/service.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/api.md', import.meta.url)), 'utf8');
/** The subscription of the quick start's live.mts, as written. */
const LIVE_QUERY = /const query = '([^']+)';/.exec(doc)![1]!;

/** A raw socket: what it received, and how it was closed. */
function rawSocket(url: string, protocol: string | null = GRAPHQL_TRANSPORT_WS_PROTOCOL) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, protocol ?? undefined);
  const received: any[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received, closed, opened, send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)) };
}

describe('graphql-ws at /graphql', () => {
  let server: TestServer;
  let token: string;
  let classId: string;
  beforeAll(async () => {
    server = await startServer();
    const session = (await server.login('demoteacher')).accessToken;
    classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, session)).body.data.viewer.class.id;
    const created = await server.gql(
      'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES', 'READ_RESULTS'], classIds: [classId] } },
      session,
    );
    token = created.body.data.createIntegrationToken.token;
  });
  afterAll(() => server?.close());

  it("runs the quick start's live.mts subscription with an integration token, and a client's close is a normal 1000", async () => {
    let closedWith: number | undefined;
    const client = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { accessToken: token },
      retryAttempts: 0,
      on: { closed: (e) => (closedWith = (e as { code: number }).code) },
    });
    const events: any[] = [];
    const errors: unknown[] = [];
    const stop = client.subscribe(
      { query: LIVE_QUERY, variables: { id: classId } },
      { next: (r) => (r.errors ? errors.push(...r.errors) : events.push(r.data)), error: (e) => errors.push(e), complete: () => {} },
    );
    await until(() => openLiveViews(server.app.deps.live) === 1 || errors.length > 0);
    const { taskId } = await finishTask(server);
    await until(() => events.some((e) => e.classActivity.eventKind === 'FINISHED') || errors.length > 0);
    expect(errors).toEqual([]);
    expect(events.find((e) => e.classActivity.eventKind === 'FINISHED').classActivity).toMatchObject({
      taskId,
      student: 'demostudent',
      taskType: 'SB',
      score: 87,
    });
    stop();
    await until(() => openLiveViews(server.app.deps.live) === 0);
    await client.dispose();
    await until(() => closedWith !== undefined);
    expect(closedWith).toBe(1000);
  });

  it('closes with 4403 (Forbidden) at connection_init for a token that does not authenticate, before any connection_ack', async () => {
    for (const accessToken of ['wbi_not-a-token', 'not-a-jwt', `${token.slice(0, -2)}xx`]) {
      const s = rawSocket(server.url);
      await s.opened;
      s.send({ type: 'connection_init', payload: { accessToken } });
      expect(await s.closed).toEqual({ code: CloseCode.Forbidden, reason: 'Forbidden' });
      expect(s.received).toEqual([]);
    }
  });

  it('acknowledges a good token, and a visitor (no token) whose subscription is then refused on its own', async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ type: 'connection_init' });
    await until(() => s.received.length === 1);
    expect(s.received[0]).toEqual({ type: 'connection_ack' });
    s.send({ id: '1', type: 'subscribe', payload: { query: LIVE_QUERY, variables: { id: classId } } });
    await until(() => s.received.length >= 3);
    expect(s.received.slice(1)).toEqual([
      { id: '1', type: 'next', payload: { errors: [expect.objectContaining({ message: 'Please log in', extensions: { code: 'UNAUTHENTICATED' } })] } },
      { id: '1', type: 'complete' },
    ]);
    expect(s.socket.readyState).toBe(WebSocket.OPEN);
    s.socket.close(1000);
    expect((await s.closed).code).toBe(1000);
  });

  it('closes with 4401 (Unauthorized) a subscribe sent before connection_init', async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ id: '1', type: 'subscribe', payload: { query: LIVE_QUERY, variables: { id: classId } } });
    expect((await s.closed).code).toBe(CloseCode.Unauthorized);
  });

  it('closes with 4400 (Bad Request) a message that is not graphql-transport-ws', async () => {
    for (const message of ['not json', '{"type":"no-such-type"}', '{"id":"1","type":"subscribe"}']) {
      const s = rawSocket(server.url);
      await s.opened;
      s.send({ type: 'connection_init', payload: { accessToken: token } });
      await until(() => s.received.length === 1);
      s.send(message);
      expect((await s.closed).code, message).toBe(CloseCode.BadRequest);
    }
  });

  it('closes with 4429 (Too many initialisation requests) a second connection_init', async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ type: 'connection_init', payload: { accessToken: token } });
    s.send({ type: 'connection_init', payload: { accessToken: token } });
    expect((await s.closed).code).toBe(CloseCode.TooManyInitialisationRequests);
  });

  it("closes with 4409 (Subscriber already exists) a second subscribe with an id still in use, and frees the first one's slot", async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ type: 'connection_init', payload: { accessToken: token } });
    await until(() => s.received.length === 1);
    const subscribe = { id: 'same', type: 'subscribe', payload: { query: LIVE_QUERY, variables: { id: classId } } };
    s.send(subscribe);
    await until(() => openLiveViews(server.app.deps.live) === 1);
    s.send(subscribe);
    expect((await s.closed).code).toBe(CloseCode.SubscriberAlreadyExists);
    await until(() => openLiveViews(server.app.deps.live) === 0);
  });

  it("gives an integration token's live view its slot back when the connection drops", async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ type: 'connection_init', payload: { accessToken: token } });
    await until(() => s.received.length === 1);
    s.send({ id: '1', type: 'subscribe', payload: { query: LIVE_QUERY, variables: { id: classId } } });
    await until(() => openLiveViews(server.app.deps.live) === 1);
    s.socket.terminate();
    await until(() => openLiveViews(server.app.deps.live) === 0);
  });

  it('closes with 4406 (Subprotocol not acceptable) a socket without the graphql-transport-ws subprotocol', async () => {
    const s = rawSocket(server.url, null);
    await s.opened;
    expect((await s.closed).code).toBe(CloseCode.SubprotocolNotAcceptable);
    // subscriptions-transport-ws's protocol is not agreed to in the handshake: such a client stops there.
    const old = rawSocket(server.url, 'graphql-ws');
    await expect(old.opened).rejects.toThrow(/no subprotocol/);
  });

  it('closes with 4408 (Connection initialisation timeout) a socket that sends no connection_init within 3 seconds', async () => {
    const s = rawSocket(server.url);
    await s.opened;
    expect((await s.closed).code).toBe(CloseCode.ConnectionInitialisationTimeout);
  });

  it('closes with 1009 (Message too big) a message over 64 KB', async () => {
    const s = rawSocket(server.url);
    await s.opened;
    s.send({ type: 'connection_init', payload: { accessToken: token, padding: 'x'.repeat(65 * 1024) } });
    expect((await s.closed).code).toBe(1009);
  });

  it('closes with 1001 (Going away) when the server shuts down', async () => {
    const other = await startServer();
    const s = rawSocket(other.url);
    await s.opened;
    s.send({ type: 'connection_init' });
    await until(() => s.received.length === 1);
    await other.close();
    expect((await s.closed).code).toBe(1001);
  });

  it('refuses the upgrade on any other path', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/elsewhere`, GRAPHQL_TRANSPORT_WS_PROTOCOL);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      socket.on('error', () => resolve(undefined));
    });
    expect(status).toBe(400);
  });
});
