import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask } from '../../helpers/results.ts';
import { bearerGql } from '../../helpers/bearer.ts';
import { webhooks as webhooksTable } from '../../../db/schema.ts';
import { MAX_DELIVERY_ATTEMPTS, verifySignature } from '../../../server/integrations/webhooks.ts';

type Received = { headers: Record<string, string | string[] | undefined>; body: string };

/** A webhook receiver on loopback that answers `statuses` in turn, then 200. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/wordbee`, received, close: () => new Promise((r) => server.close(r)) };
}

const CREATE = `mutation($input: CreateWebhookInput!) {
  createWebhook(input: $input) { __typename ... on CreateWebhookPayload { secret webhook { id url events } } ... on Error { message } }
}`;
const DELIVERIES = `{ viewer { webhooks(first: 10) { edges { node { id url deliveries(first: 10) { edges { node { event status attempts responseStatus lastError } } } } } } } }`;

describe.each(DATABASES)('webhooks on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  let classId: string;
  let good: Awaited<ReturnType<typeof receiver>>;
  let flaky: Awaited<ReturnType<typeof receiver>>;
  let goodSecret: string;
  beforeAll(async () => {
    // The receivers are on loopback, which webhooks reach only when the operator allows it.
    server = await startServer(kind, { env: { WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' }, app: { webhookWorker: false, mailWorker: false } });
    teacher = (await server.login('demoteacher')).accessToken;
    classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    good = await receiver();
    flaky = await receiver([503]);
    const g = (await server.gql(CREATE, { input: { classId, url: good.url, events: ['TASK_FINISHED', 'REPORT_READY'] } }, teacher)).body.data.createWebhook;
    expect(g.webhook.events).toEqual(['TASK_FINISHED', 'REPORT_READY']);
    goodSecret = g.secret;
    await server.gql(CREATE, { input: { classId, url: flaky.url, events: ['TASK_FINISHED'] } }, teacher);
    await finishTask(server);
  });
  afterAll(async () => {
    await server?.close();
    await good?.close();
    await flaky?.close();
  });

  const deliveriesOf = async (url: string) =>
    (await server.gql(DELIVERIES, {}, teacher)).body.data.viewer.webhooks.edges
      .find((e: any) => e.node.url === url)
      .node.deliveries.edges.map((e: any) => e.node);

  it('queues the events of a finished task with the result, one per webhook that wants them', async () => {
    expect((await deliveriesOf(good.url)).map((d: any) => [d.event, d.status]).sort()).toEqual([
      ['REPORT_READY', 'PENDING'],
      ['TASK_FINISHED', 'PENDING'],
    ]);
    expect((await deliveriesOf(flaky.url)).map((d: any) => [d.event, d.status])).toEqual([['TASK_FINISHED', 'PENDING']]);
  });

  it('delivers signed events a receiver can verify with its secret, and retries a refused one with backoff', async () => {
    const now = Date.now() + 1_000;
    expect(await server.app.webhooks.drain(new Date(now))).toBe(2);
    expect(good.received).toHaveLength(2);
    const byEvent = Object.fromEntries(good.received.map((r) => [r.headers['wordbee-event'], r]));
    const finished = byEvent['task.finished']!;
    expect(JSON.parse(finished.body)).toMatchObject({
      event: 'task.finished',
      class: { id: classId, name: 'Demo Class' },
      data: { student: 'demostudent', bookUnitId: 'NS2022-ES3', type: 'SB', score: 87, correct: 7, total: 8 },
    });
    expect(JSON.parse(byEvent['report.ready']!.body).data).toMatchObject({ student: 'demostudent', score: 87, fileName: expect.stringMatching(/\.pdf$/) });
    // What a receiver keys them by: the ClassResult's and the Report's ids, which node(id:) fetches again.
    const { resultId } = JSON.parse(finished.body).data;
    const { reportId, fileName } = JSON.parse(byEvent['report.ready']!.body).data;
    // The PDF's REST path, last in `data` as a receiver has always had it (added when the event is sent).
    expect(Object.entries(JSON.parse(byEvent['report.ready']!.body).data).at(-1)).toEqual([
      'downloadUrl',
      `/api/v1.0/userreports/${encodeURIComponent(fileName)}`,
    ]);
    const nodes = await server.gql(
      'query($r: ID!, $p: ID!) { r: node(id: $r) { ... on ClassResult { student score } } p: node(id: $p) { ... on Report { fileName } } }',
      { r: resultId, p: reportId },
      teacher,
    );
    expect(nodes.body.data).toEqual({ r: { student: 'demostudent', score: 87 }, p: { fileName } });
    const signature = String(finished.headers['wordbee-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(goodSecret, signature, finished.body)).toBe(true);
    expect(verifySignature(goodSecret, signature, finished.body.replace('87', '97'))).toBe(false);
    expect(verifySignature('whsec_wrong', signature, finished.body)).toBe(false);

    // The flaky receiver answered 503: tried again only after the backoff, then delivered once.
    expect(flaky.received).toHaveLength(1);
    expect(await deliveriesOf(flaky.url)).toEqual([
      { event: 'TASK_FINISHED', status: 'PENDING', attempts: 1, responseStatus: 503, lastError: 'The receiver answered HTTP 503' },
    ]);
    expect(await server.app.webhooks.drain(new Date(now + 1_000))).toBe(0);
    expect(await server.app.webhooks.drain(new Date(now + 31_000))).toBe(1);
    expect(await server.app.webhooks.drain(new Date(now + 10 * 60_000))).toBe(0);
    expect(flaky.received).toHaveLength(2);
    expect(flaky.received[1]!.body).toBe(flaky.received[0]!.body);
    expect(flaky.received[1]!.headers['wordbee-delivery']).toBe(flaky.received[0]!.headers['wordbee-delivery']);
    expect(await deliveriesOf(flaky.url)).toEqual([{ event: 'TASK_FINISHED', status: 'SENT', attempts: 2, responseStatus: 200, lastError: null }]);
    expect((await deliveriesOf(good.url)).every((d: any) => d.status === 'SENT' && d.attempts === 1)).toBe(true);
  });

  it("sends a delivery again on its teacher's request, under the same delivery id and body, and to nobody else's", async () => {
    const REDELIVER =
      'mutation($id: ID!) { redeliverWebhookDelivery(input: { id: $id }) { __typename ... on RedeliverWebhookDeliveryPayload { delivery { id status attempts } } ... on Error { message } } }';
    const list = await server.gql(
      `{ viewer { webhooks(first: 10) { edges { node { url deliveries(first: 10) { edges { node { id event status } } } } } } } }`,
      {},
      teacher,
    );
    const hook = list.body.data.viewer.webhooks.edges.find((e: any) => e.node.url === good.url).node;
    const sent = hook.deliveries.edges.map((e: any) => e.node).find((d: any) => d.event === 'TASK_FINISHED');
    expect(sent.status).toBe('SENT');
    const first = good.received.find((r) => r.headers['wordbee-event'] === 'task.finished')!;

    // Nobody but its teacher's session: a student, another teacher (not found), an integration token (no scope covers it).
    const student = (await server.login('demostudent')).accessToken;
    await server.post('/api/v1.0/username/signup', { username: 'hookother', password: 'hookother', email: 'hookother@school.cn', isTeacher: true });
    const other = (await server.login('hookother')).accessToken;
    expect((await server.gql(REDELIVER, { id: sent.id }, student)).body.data.redeliverWebhookDelivery.__typename).toBe('ForbiddenError');
    expect((await server.gql(REDELIVER, { id: sent.id }, other)).body.data.redeliverWebhookDelivery).toEqual({
      __typename: 'NotFoundError',
      message: 'Webhook delivery not found',
    });
    const token = (
      await server.gql(
        'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
        { i: { name: 'Gradebook', scopes: ['READ_RESULTS'], classIds: [classId] } },
        teacher,
      )
    ).body.data.createIntegrationToken.token;
    expect((await bearerGql(server.url, token, REDELIVER, { id: sent.id })).status).toBe(403);
    expect(good.received).toHaveLength(2);

    const again = await server.gql(REDELIVER, { id: sent.id }, teacher);
    expect(again.body.data.redeliverWebhookDelivery).toEqual({
      __typename: 'RedeliverWebhookDeliveryPayload',
      delivery: { id: sent.id, status: 'PENDING', attempts: 0 },
    });
    expect(await server.app.webhooks.drain(new Date(Date.now() + 1_000))).toBe(1);
    expect(good.received).toHaveLength(3);
    const resent = good.received[2]!;
    expect([resent.headers['wordbee-delivery'], resent.body]).toEqual([first.headers['wordbee-delivery'], first.body]);
    expect(verifySignature(goodSecret, String(resent.headers['wordbee-signature']), resent.body)).toBe(true);
    expect((await deliveriesOf(good.url)).find((d: any) => d.event === 'TASK_FINISHED')).toMatchObject({ status: 'SENT', attempts: 1 });

    // One a worker is sending at this moment is left to it.
    const { eq } = await import('drizzle-orm');
    const { webhookDeliveries } = await import('../../../db/schema.ts');
    const rowId = Number(Buffer.from(sent.id, 'base64').toString().split(':')[1]);
    await server.app.deps.db.update(webhookDeliveries).set({ status: 'sending' }).where(eq(webhookDeliveries.id, rowId));
    expect((await server.gql(REDELIVER, { id: sent.id }, teacher)).body.data.redeliverWebhookDelivery.__typename).toBe('ConflictError');
    await server.app.deps.db.update(webhookDeliveries).set({ status: 'sent' }).where(eq(webhookDeliveries.id, rowId));
  });

  it('gives up on an unreachable URL after the last attempt', async () => {
    const gone = await receiver();
    await gone.close();
    await server.post('/api/v1.0/userclasses/addclass', { className: '5C', schoolID: 'ES', pressID: 'PEP', students: 'zoe05' }, { 'x-access-token': teacher });
    const otherClassId = (await server.gql('{ viewer { class(name: "5C") { id } } }', {}, teacher)).body.data.viewer.class.id;
    const created = (await server.gql(CREATE, { input: { classId: otherClassId, url: gone.url, events: ['REPORT_READY'] } }, teacher)).body.data.createWebhook;
    expect(created.__typename).toBe('CreateWebhookPayload');
    const [hook] = await server.app.deps.db
      .select()
      .from(webhooksTable)
      .where((await import('drizzle-orm')).eq(webhooksTable.url, gone.url));
    const { enqueueWebhookEvent } = await import('../../../server/integrations/webhooks.ts');
    await enqueueWebhookEvent(server.app.deps.db, hook!.classId, 'report.ready', 'report.ready:test', { fileName: 'x.pdf' }, new Date());
    let at = Date.now() + 60 * 60_000;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i++, at += 2 * 60 * 60_000) expect(await server.app.webhooks.drain(new Date(at))).toBe(0);
    const [delivery] = await deliveriesOf(gone.url);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      attempts: MAX_DELIVERY_ATTEMPTS,
      responseStatus: null,
      lastError: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+/),
    });
    expect(await server.app.webhooks.drain(new Date(at + 24 * 60 * 60_000))).toBe(0);
  });

  it('drops, without retrying, a delivery a crashed worker left behind for a webhook deleted since', async () => {
    const { eq } = await import('drizzle-orm');
    const { webhookDeliveries } = await import('../../../db/schema.ts');
    const { enqueueWebhookEvent } = await import('../../../server/integrations/webhooks.ts');
    const orphan = await receiver();
    const created = (await server.gql(CREATE, { input: { classId, url: orphan.url, events: ['REPORT_READY'] } }, teacher)).body.data.createWebhook;
    const hookId = Number(Buffer.from(created.webhook.id, 'base64').toString().split(':')[1]);
    const [hook] = await server.app.deps.db.select().from(webhooksTable).where(eq(webhooksTable.id, hookId));
    await enqueueWebhookEvent(server.app.deps.db, hook!.classId, 'report.ready', 'report.ready:crash', {}, new Date());
    // A worker claimed it and vanished; then the teacher deleted the webhook.
    await server.app.deps.db.update(webhookDeliveries).set({ status: 'sending', attempts: 1 }).where(eq(webhookDeliveries.webhookId, hookId));
    const del = 'mutation($id: ID!) { deleteWebhook(input: { id: $id }) { __typename } }';
    expect((await server.gql(del, { id: created.webhook.id }, teacher)).body.data.deleteWebhook.__typename).toBe('DeleteWebhookPayload');
    await server.app.webhooks.drain(new Date(Date.now() + 6 * 60_000));
    const [row] = await server.app.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'The webhook was deleted' });
    expect(orphan.received).toHaveLength(0);
    await orphan.close();
  });

  it('accepts only http(s) URLs for your own classes, and changes nothing otherwise', async () => {
    const count = async () => (await server.app.deps.db.select().from(webhooksTable)).length;
    const before = await count();
    for (const url of ['ftp://example.org/x', 'javascript:alert(1)', 'file:///etc/passwd', 'http://user:pw@example.org/', 'example.org/hook', '']) {
      const r = (await server.gql(CREATE, { input: { classId, url, events: ['TASK_FINISHED'] } }, teacher)).body.data.createWebhook;
      expect(r.__typename, url).toBe('ValidationError');
    }
    expect((await server.gql(CREATE, { input: { classId, url: good.url, events: [] } }, teacher)).body.data.createWebhook).toEqual({
      __typename: 'ValidationError',
      message: 'Choose at least one event',
    });
    await server.post('/api/v1.0/username/signup', { username: 'mrsqian', password: 'qian1', email: 'qian@school.cn', isTeacher: true });
    const other = (await server.login('mrsqian', 'qian1')).accessToken;
    expect((await server.gql(CREATE, { input: { classId, url: good.url, events: ['TASK_FINISHED'] } }, other)).body.data.createWebhook).toEqual({
      __typename: 'NotFoundError',
      message: 'Class not found',
    });
    expect((await server.gql(CREATE, { input: { classId: 'garbage', url: good.url, events: ['TASK_FINISHED'] } }, teacher)).body.data.createWebhook).toEqual({
      __typename: 'NotFoundError',
      message: 'Class not found',
    });
    expect((await server.gql(DELIVERIES, {}, other)).body.data.viewer.webhooks.edges).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('stops delivering once deleted', async () => {
    const listed = (await server.gql('{ viewer { webhooks(first: 10) { edges { node { id url } } } } }', {}, teacher)).body.data.viewer.webhooks.edges;
    const id = listed.find((e: any) => e.node.url === flaky.url).node.id;
    const del =
      'mutation($id: ID!) { deleteWebhook(input: { id: $id }) { __typename ... on DeleteWebhookPayload { deletedWebhookId } ... on Error { message } } }';
    expect((await server.gql(del, { id }, teacher)).body.data.deleteWebhook).toEqual({ __typename: 'DeleteWebhookPayload', deletedWebhookId: id });
    expect((await server.gql(del, { id }, teacher)).body.data.deleteWebhook).toEqual({ __typename: 'NotFoundError', message: 'Webhook not found' });
    const after = (await server.gql('{ viewer { webhooks(first: 10) { edges { node { url } } } } }', {}, teacher)).body.data.viewer.webhooks.edges.map(
      (e: any) => e.node.url,
    );
    expect(after).not.toContain(flaky.url);
    const { enqueueWebhookEvent } = await import('../../../server/integrations/webhooks.ts');
    const [hook] = await server.app.deps.db.select().from(webhooksTable);
    await enqueueWebhookEvent(server.app.deps.db, hook!.classId, 'task.finished', 'task.finished:after-delete', {}, new Date());
    await server.app.webhooks.drain(new Date(Date.now() + 1000));
    expect(flaky.received).toHaveLength(2);
  });
});
