/**
 * Webhooks reach public addresses only (issue 35 item 5, ASVS 5.2.6 / 12.6.1): every spelling of
 * an internal address is refused when the webhook is created, a name is resolved again at every
 * delivery and the delivery connects to what was checked (DNS rebinding), a refused delivery
 * says only 'refused', and WEBHOOK_ALLOW_NETWORKS lets an operator's network through.
 * DNS is faked (AppOptions.resolveHost); nothing leaves loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { webhooks as webhooksTable } from '../../../db/schema.ts';
import { AddressRefused, createAddressPolicy, type ResolvedAddress, type Resolver } from '../../../server/integrations/addresses.ts';
import { enqueueWebhookEvent } from '../../../server/integrations/webhooks.ts';

/** A documentation-free public address (never contacted: deliveries to it are not drained). */
const PUBLIC = '93.184.215.14';
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** A fake DNS: fixed answers, and names whose answer changes after the first lookup. */
function fakeDns(answers: Record<string, ResolvedAddress[] | ResolvedAddress[][]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (name) => {
    asked.push(name);
    const answer = answers[name];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    if (Array.isArray(answer[0])) {
      const turns = answer as ResolvedAddress[][];
      const times = asked.filter((n) => n === name).length;
      return turns[Math.min(times, turns.length) - 1]!;
    }
    return answer as ResolvedAddress[];
  };
  return { resolve, asked };
}

/** Every internal address in the spellings an attacker tries (the and more). */
const INTERNAL_URLS = [
  'http://127.0.0.1:5432/',
  'http://localhost:8080/hook',
  'http://LOCALHOST./hook',
  'http://db.localhost/hook',
  'http://[::1]/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://127.1/',
  'http://0177.0.0.1/',
  'http://[::ffff:127.0.0.1]/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://[::ffff:192.168.1.1]/',
  'http://100.64.0.1/',
  'http://100.100.100.200/latest/meta-data/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata.google.internal./computeMetadata/v1/',
  'http://[fd00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  'http://0.0.0.0:3000/',
  'http://0/',
  'http://[::]/',
  'https://internal.school.example/hook',
  'https://mixed.school.example/hook',
  'https://mapped.school.example/hook',
];

const DNS = {
  'hooks.school.example': [v4(PUBLIC), v6('2606:4700::1111')],
  'internal.school.example': [v4('10.1.2.3')],
  // One public and one private answer: a client may connect to either, so it is refused.
  'mixed.school.example': [v4(PUBLIC), v4('127.0.0.1')],
  'mapped.school.example': [v6('::ffff:10.0.0.7')],
  // The metadata name is refused whatever a resolver says about it.
  'metadata.google.internal': [v4(PUBLIC)],
};

const CREATE = `mutation($input: CreateWebhookInput!) {
  createWebhook(input: $input) { __typename ... on CreateWebhookPayload { webhook { id url } } ... on Error { message } }
}`;
const DELIVERIES = `{ viewer { webhooks(first: 10) { edges { node { url deliveries(first: 10) { edges { node { status attempts responseStatus lastError } } } } } } } }`;
const REFUSED = 'The URL must lead to a public address: webhooks are not sent to loopback, private, link-local, metadata or other internal addresses';

/** A receiver on loopback that counts what reaches it. */
async function receiver() {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise((r) => server.close(r)) };
}

describe('the address check', () => {
  const policy = createAddressPolicy({ resolve: fakeDns(DNS).resolve });

  it.each(INTERNAL_URLS)('refuses %s', async (url) => {
    await expect(policy.check(url)).rejects.toBeInstanceOf(AddressRefused);
  });

  it('lets public hosts through, with every address they have', async () => {
    expect(await policy.check('https://hooks.school.example/wordbee')).toEqual(DNS['hooks.school.example']);
    expect(await policy.check(`http://${PUBLIC}:8443/x`)).toEqual([v4(PUBLIC)]);
    expect(await policy.check('http://[2606:4700::1111]/x')).toEqual([v6('2606:4700::1111')]);
    // NAT64's well-known prefix around a public IPv4 address is public too.
    expect(await policy.check('http://[64:ff9b::808:808]/x')).toEqual([v6('64:ff9b::808:808')]);
  });

  it('lets listed networks through and nothing next to them', async () => {
    const allowing = createAddressPolicy({ allow: ['127.0.0.0/8', '10.1.0.0/16', 'fd00:1::/64'], resolve: fakeDns(DNS).resolve });
    expect(await allowing.check('http://127.0.0.1:5432/')).toEqual([v4('127.0.0.1')]);
    expect(await allowing.check('http://0x7f000001/')).toEqual([v4('127.0.0.1')]);
    expect(await allowing.check('http://[::ffff:127.0.0.1]/')).toEqual([v6('::ffff:7f00:1')]);
    expect(await allowing.check('https://internal.school.example/')).toEqual([v4('10.1.2.3')]);
    expect(await allowing.check('http://[fd00:1::5]/')).toEqual([v6('fd00:1::5')]);
    // localhost is 127.0.0.1 and ::1: only the allowed one is connected to.
    expect(await allowing.check('http://localhost:4000/')).toEqual([v4('127.0.0.1')]);
    for (const url of [
      'http://10.2.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/',
      'http://[fd00:2::5]/',
      'https://mapped.school.example/',
      'http://[fe80::1]/',
    ]) {
      await expect(allowing.check(url), url).rejects.toBeInstanceOf(AddressRefused);
    }
  });
});

describe('webhook URLs at creation and at delivery', () => {
  let server: TestServer;
  let teacher: string;
  let classId: string;
  let listening: Awaited<ReturnType<typeof receiver>>;
  let dns: ReturnType<typeof fakeDns>;
  const count = async () => (await server.app.deps.db.select().from(webhooksTable)).length;
  const create = async (url: string) => (await server.gql(CREATE, { input: { classId, url, events: ['TASK_FINISHED'] } }, teacher)).body.data.createWebhook;

  beforeAll(async () => {
    listening = await receiver();
    dns = fakeDns({
      ...DNS,
      // Public when the webhook is created, then loopback: DNS rebinding.
      'rebind.school.example': [[v4(PUBLIC)], [v4('127.0.0.1')]],
      'rebind2.school.example': [[v4(PUBLIC)], [v4('127.0.0.1')]],
    });
    server = await startServer('pglite', { app: { webhookWorker: false, mailWorker: false, resolveHost: dns.resolve } });
    teacher = (await server.login('demoteacher')).accessToken;
    classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
  });
  afterAll(async () => {
    await server?.close();
    await listening?.close();
  });

  it('refuses every internal spelling with a clear message and stores nothing', async () => {
    const before = await count();
    for (const url of INTERNAL_URLS) expect(await create(url), url).toEqual({ __typename: 'ValidationError', message: REFUSED });
    expect(await create('https://nowhere.school.example/hook')).toEqual({
      __typename: 'ValidationError',
      message: "The URL's host nowhere.school.example could not be found",
    });
    expect(await count()).toBe(before);
    // The names were looked up (all of their addresses); localhost and the metadata name were not asked.
    expect(dns.asked).toContain('internal.school.example');
    expect(dns.asked).not.toContain('localhost');
    expect(dns.asked).not.toContain('metadata.google.internal');
  });

  it('accepts a host with public addresses', async () => {
    const created = await create('https://hooks.school.example/wordbee');
    expect(created).toMatchObject({ __typename: 'CreateWebhookPayload', webhook: { url: 'https://hooks.school.example/wordbee' } });
    // Deleted again: nothing may ever be sent to a public address from a test.
    const del = 'mutation($id: ID!) { deleteWebhook(input: { id: $id }) { __typename } }';
    expect((await server.gql(del, { id: created.webhook.id }, teacher)).body.data.deleteWebhook.__typename).toBe('DeleteWebhookPayload');
  });

  it('resolves again at delivery: a name that turned internal is refused, and says only "refused" whether or not something listens', async () => {
    const open = `http://rebind.school.example:${listening.port}/hook`;
    const closed = await receiver();
    await closed.close();
    const shut = `http://rebind2.school.example:${closed.port}/hook`;
    expect(await create(open)).toMatchObject({ __typename: 'CreateWebhookPayload' });
    expect(await create(shut)).toMatchObject({ __typename: 'CreateWebhookPayload' });
    const hooks = await server.app.deps.db.select().from(webhooksTable).where(eq(webhooksTable.url, open));
    await enqueueWebhookEvent(server.app.deps.db, hooks[0]!.classId, 'task.finished', 'task.finished:rebind', { score: 1 }, new Date());
    expect(await server.app.webhooks.drain(new Date(Date.now() + 1000))).toBe(0);
    expect(listening.received).toEqual([]);
    const edges = (await server.gql(DELIVERIES, {}, teacher)).body.data.viewer.webhooks.edges;
    const of = (url: string) => edges.find((e: any) => e.node.url === url).node.deliveries.edges.map((e: any) => e.node);
    const refused = { status: 'REFUSED', attempts: 1, responseStatus: null, lastError: 'refused: the address is not allowed' };
    expect(of(open)).toEqual([refused]);
    expect(of(shut)).toEqual([refused]);
    // Refused for good: not tried again later.
    expect(await server.app.webhooks.drain(new Date(Date.now() + 24 * 60 * 60_000))).toBe(0);
    expect(of(open)).toEqual([refused]);
    expect(listening.received).toEqual([]);
  });
});

describe('WEBHOOK_ALLOW_NETWORKS', () => {
  let server: TestServer;
  let listening: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    listening = await receiver();
    const { resolve } = fakeDns({ 'gradebook.school.example': [v4('127.0.0.1')] });
    server = await startServer('pglite', {
      env: { WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' },
      app: { webhookWorker: false, mailWorker: false, resolveHost: resolve },
    });
  });
  afterAll(async () => {
    await server?.close();
    await listening?.close();
  });

  it('lets the listed network through, by address and by a name that resolves into it, and refuses the rest', async () => {
    const teacher = (await server.login('demoteacher')).accessToken;
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    const create = async (url: string) => (await server.gql(CREATE, { input: { classId, url, events: ['TASK_FINISHED'] } }, teacher)).body.data.createWebhook;
    // The name is delivered to the address the fake DNS gave: the request asks no second lookup.
    const named = `http://gradebook.school.example:${listening.port}/named`;
    expect(await create(named)).toMatchObject({ __typename: 'CreateWebhookPayload' });
    expect(await create(`http://127.0.0.1:${listening.port}/literal`)).toMatchObject({ __typename: 'CreateWebhookPayload' });
    for (const url of ['http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/', 'http://192.168.0.1/'])
      expect(await create(url), url).toEqual({ __typename: 'ValidationError', message: REFUSED });
    const [hook] = await server.app.deps.db.select().from(webhooksTable).where(eq(webhooksTable.url, named));
    await enqueueWebhookEvent(server.app.deps.db, hook!.classId, 'task.finished', 'task.finished:allowed', { score: 1 }, new Date());
    expect(await server.app.webhooks.drain(new Date(Date.now() + 1000))).toBe(2);
    expect(listening.received.sort()).toEqual(['/literal', '/named']);
    const edges = (await server.gql(DELIVERIES, {}, teacher)).body.data.viewer.webhooks.edges;
    expect(edges.flatMap((e: any) => e.node.deliveries.edges.map((d: any) => d.node.status))).toEqual(['SENT', 'SENT']);
  });
});
