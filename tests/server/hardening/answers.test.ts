/**
 * Every request gets an answer: a Host header that is not a host is a 400 at once (it once left
 * the socket open for good and an unhandled promise behind), and a request that takes longer than
 * the server-wide time limit (REQUEST_TIMEOUT_SEC) is ended with a 503; uploads have their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

describe('every request gets an answer', () => {
  let server: TestServer;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = await startServer('pglite', { env: { REQUEST_TIMEOUT_SEC: '1', UPLOAD_TIMEOUT_SEC: '3' }, app: { mailWorker: false, webhookWorker: false } });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server?.close();
  });

  it('a Host header that is not a host is a 400 within a second, on every path', async () => {
    const body = '{bad}';
    for (const [method, path] of [
      ['POST', '/graphql'],
      ['GET', '/graphql?query=%7Bbad%7D'],
      ['POST', '/api/v1.0/username/login'],
      ['GET', '/'],
    ]) {
      const r = await rawRequest(
        server.url,
        `${method} ${path} HTTP/1.1\r\nHost: a b\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${method === 'POST' ? body : ''}`,
        5_000,
      );
      expect(r.status, `${method} ${path}`).toBe('HTTP/1.1 400 Bad Request');
      expect(r.ms, `${method} ${path}`).toBeLessThan(1_000);
    }
    // Still answering, and no promise went unhandled.
    expect((await server.get('/healthz')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(unhandled).toEqual([]);
  });

  it('an ordinary host with a port, or an IPv6 address, is still served', async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, 'wordbee.school.cn', '[::1]:3000', 'localhost']) {
      const r = await rawRequest(server.url, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect(r.status, host).toBe('HTTP/1.1 200 OK');
    }
  });

  it('a request that takes longer than the time limit is ended with a 503', async () => {
    // The body is announced but never sent: the call waits for it.
    const r = await rawRequest(
      server.url,
      `POST /api/v1.0/username/login HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"user`,
    );
    expect(r.status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(r.ms).toBeGreaterThan(900);
    expect(r.ms).toBeLessThan(2_500);
    const g = await rawRequest(server.url, `POST /graphql HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"query`);
    expect(g.status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(g.ms).toBeLessThan(2_500);
  });

  it('an upload has its own, longer limit', async () => {
    const { accessToken } = await server.login('demostudent');
    const r = await rawRequest(
      server.url,
      `POST /api/v1.0/upload HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${accessToken}\r\ncontent-type: multipart/form-data; boundary=x\r\ncontent-length: 100000\r\n\r\n--x\r\n`,
    );
    expect(r.status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(r.ms).toBeGreaterThan(2_900);
    expect(r.ms).toBeLessThan(4_500);
  });
});
