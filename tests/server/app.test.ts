import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('the HTTP server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server?.close());

  it('answers liveness and readiness probes', async () => {
    expect(await server.get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await server.get('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: 'pglite' } });
  });

  it('sends security headers on every response', async () => {
    const response = await fetch(`${server.url}/api/v1.0/nothing`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown API call with 404 and a message', async () => {
    expect(await server.get('/api/v1.0/nothing')).toEqual({ status: 404, body: { info: 'No such call: GET /api/v1.0/nothing' } });
    expect((await server.get('/api/v1.0/username/login')).status).toBe(404);
  });

  it('hides internal errors from GraphQL clients', async () => {
    const r = await server.gql('{ nope }');
    expect(r.body.errors[0].message).toMatch(/^Cannot query field "nope" on type "Query"/);
    expect(JSON.stringify(r.body)).not.toMatch(/\.ts:\d+|stack/);
  });

  it('serves the Listening page media it generates: a slow word list, faster expressions and an article', async () => {
    const words = await fetch(`${server.url}/media/listening/word-list.wav`);
    expect(words.status).toBe(200);
    expect(words.headers.get('content-type')).toBe('audio/wav');
    const wordBytes = Buffer.from(await words.arrayBuffer());
    expect(wordBytes.subarray(0, 4).toString()).toBe('RIFF');
    const expressions = Buffer.from(await (await fetch(`${server.url}/media/listening/expressions.wav`)).arrayBuffer());
    // 16 kHz, 16-bit mono: 32,000 bytes a second.
    const seconds = (b: Buffer) => (b.length - 44) / 32_000;
    expect(seconds(wordBytes)).toBeGreaterThan(20);
    // The expressions are a longer text but read faster than the word list's per-word pace.
    expect(seconds(expressions)).toBeGreaterThan(15);
    const article = await fetch(`${server.url}/media/listening/how-to-practise-listening.pdf`);
    expect(article.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await article.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fetch(`${server.url}/media/listening/..%2Fjwt-secret`)).status).toBe(404);
  });
});
