/**
 * The built client as the server hands it out: the page shell for every client route, hashed
 * assets cached for good and compressed for a browser that accepts it, a file that is not there (or no longer there, after a new build
 * replaced it while the server runs) a plain 404 that leaves the server running, and a new
 * build's shell as soon as it is written.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('the built client', () => {
  let server: TestServer;
  let top: string;
  let dist: string;
  const script = 'console.log("WordBee");\n'.repeat(40);
  /** As big as a screen's code, and as repetitive. */
  const bigScript = Array.from({ length: 2000 }, (_, i) => `export const word${i} = "word number ${i}";`).join('\n');

  beforeAll(async () => {
    top = mkdtempSync(path.join(tmpdir(), 'wordbee-client-'));
    writeFileSync(path.join(top, 'secret.txt'), 'not for the web');
    dist = path.join(top, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="wordbee-sentry-dsn" content="" /><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'old-def456.js'), 'console.log("old build");\n');
    writeFileSync(path.join(dist, 'assets', 'Tasks-big789.js'), bigScript);
    writeFileSync(path.join(dist, 'assets', 'picture-abc.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startServer('pglite', { app: { clientDir: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(top, { recursive: true, force: true });
  });

  it('answers every client route with the page shell, revalidated on each visit', async () => {
    for (const route of ['/', '/record', '/classes/3']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<script type="module" src="/assets/index-abc123.js">');
    }
  });

  it('serves hashed assets to be cached for good, whole, in part or not at all when unchanged', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(script);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch itself would add cache-control: no-cache to a conditional request).
    const again = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    const part = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { range: 'bytes=0-10' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(script.slice(0, 11));
    // Files outside assets/ keep their names from build to build: always revalidated.
    expect((await fetch(`${server.url}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
  });

  /** A raw GET (fetch would decompress behind the test's back). */
  const rawGet = (file: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
      const req = request(`${server.url}${file}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end();
    });

  it('sends scripts compressed to a browser that accepts it (brotli, else gzip), still cached for good, and revalidated per encoding', async () => {
    const gz = await rawGet('/assets/Tasks-big789.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gz.body.length).toBeLessThan(bigScript.length / 4);
    expect(gunzipSync(gz.body).toString()).toBe(bigScript);

    const br = await rawGet('/assets/Tasks-big789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript);
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    // A second visit within the year does not ask at all; a revalidation (a reload) gets a 304.
    const again = await rawGet('/assets/Tasks-big789.js', { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // No Accept-Encoding, a refused one, a Range request or a picture: the file as it is.
    const asIs: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
      { 'accept-encoding': 'gzip', range: 'bytes=0-9' },
    ];
    for (const headers of asIs) {
      const plain = await rawGet('/assets/Tasks-big789.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe('range' in headers ? bigScript.slice(0, 10) : bigScript);
    }
    expect((await rawGet('/assets/picture-abc.png', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    // Nothing outside the build is reachable compressed either.
    const escape = await rawGet('/assets/..%2F..%2Fsecret.txt', { 'accept-encoding': 'gzip' });
    expect(escape.status).toBe(404);
    expect(escape.body.toString()).toBe('Not found');
  });

  it('sends the page shell compressed to a browser that accepts it, and as it is to one that does not', async () => {
    const plain = await rawGet('/classes', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const shell = await rawGet('/classes', { 'accept-encoding': accept });
      expect(shell.status).toBe(200);
      expect(shell.headers['content-encoding']).toBe(encoding);
      expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.headers.vary).toBe('Accept-Encoding');
      expect(decode(shell.body).toString()).toBe(plain.body.toString());
    }
  });

  it('answers a missing file with 404, even one a new build removed while the server runs', async () => {
    const missing = await fetch(`${server.url}/assets/nothing-000.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
    // Nothing outside the build is reachable.
    for (const escape of ['/assets/..%2F..%2Fsecret.txt', '/..%2Fsecret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const response = await fetch(`${server.url}${escape}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    }

    rmSync(path.join(dist, 'assets', 'old-def456.js'));
    const gone = await fetch(`${server.url}/assets/old-def456.js`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Not found');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('hands out the shell of a new build without a restart', async () => {
    writeFileSync(path.join(dist, 'assets', 'index-new789.js'), 'console.log("new build");\n');
    const shell = path.join(dist, 'index.html');
    writeFileSync(shell, '<!doctype html><html><head><script type="module" src="/assets/index-new789.js"></script></head><body></body></html>');
    const later = new Date(Date.now() + 5000);
    utimesSync(shell, later, later);
    expect(await (await fetch(`${server.url}/tasks`)).text()).toContain('/assets/index-new789.js');
    expect(await (await fetch(`${server.url}/assets/index-new789.js`)).text()).toBe('console.log("new build");\n');
  });
});
