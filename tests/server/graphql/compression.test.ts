/**
 * GraphQL replies compressed for a client that accepts it (server/http/compression.ts): a large
 * JSON reply as brotli or gzip that decodes to the same JSON, on the fast path and on yoga's;
 * as it is when not asked for, when small, and for event streams and uploads.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const GRADEBOOK = 'https://gradebook.school.cn';
/** The Textbooks screen's shelf: every book a class can open with its units (2.8 KB of JSON with the test pack, 25 KB with the real one). */
const SHELF = `query ($c: String!) { viewer { class(name: $c) { shelf { national { ...B } sources { ...B } press { ...B } } } } }
  fragment B on Book { id bookId title kind level entry units { unitId title wordCount bookUnitId } }`;

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe('compressed GraphQL replies', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { CORS_ORIGINS: GRADEBOOK } });
    token = (await server.login('demoteacher')).accessToken;
  });
  afterAll(() => server?.close());

  /** A request as sent, its reply as received (fetch would decompress behind the test's back). */
  const raw = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string | Buffer) =>
    new Promise<Raw>((done, fail) => {
      const req = request(`${server.url}${path}`, { method, headers: { 'x-access-token': token, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end(body);
    });
  const post = (query: string, headers: Record<string, string> = {}) =>
    raw('POST', '/graphql', { 'content-type': 'application/json', ...headers }, JSON.stringify({ query, variables: { c: 'Demo Class' } }));
  const decoded = (r: Raw) => {
    const encoding = r.headers['content-encoding'];
    const bytes = encoding === 'br' ? brotliDecompressSync(r.body) : encoding === 'gzip' ? gunzipSync(r.body) : r.body;
    return JSON.parse(bytes.toString('utf8')).data;
  };

  it('sends a large reply compressed to a client that accepts it, brotli else gzip, decoding to the same JSON', async () => {
    const plain = await post(SHELF);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    const shelf = decoded(plain);
    expect(shelf.viewer.class.shelf.national.bookId).toBe('NS2022');

    const br = await post(SHELF, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    // (The shelf's Chinese titles go out as UTF-8, not \u escapes: the plain reply is already compact.)
    expect(br.body.length).toBeLessThan(plain.body.length / 2.5);
    expect(decoded(br)).toEqual(shelf);

    const gzip = await post(SHELF, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2.5);
    expect(decoded(gzip)).toEqual(shelf);

    // The reply depends on Accept-Encoding as well as on Origin (CORS_ORIGINS is set), for any cache on the way.
    for (const r of [plain, br, gzip]) expect(r.headers.vary).toBe('Origin, Accept-Encoding');
    for (const refused of ['identity', 'br;q=0, gzip;q=0'])
      expect((await post(SHELF, { 'accept-encoding': refused })).headers['content-encoding']).toBeUndefined();
  });

  it('sends a small reply as it is', async () => {
    const small = await post('{ viewer { username } }', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Origin, Accept-Encoding');
    expect(decoded(small)).toEqual({ viewer: { username: 'demoteacher' } });
  });

  it("compresses yoga's own replies too: a GET query, and a call from another school system's page", async () => {
    const plain = decoded(await post(SHELF));
    const get = await raw('GET', `/graphql?query=${encodeURIComponent(SHELF)}&variables=${encodeURIComponent(JSON.stringify({ c: 'Demo Class' }))}`, {
      accept: 'application/json',
      'accept-encoding': 'gzip',
    });
    expect(get.status).toBe(200);
    expect(get.headers['content-encoding']).toBe('gzip');
    expect(Number(get.headers['content-length'])).toBe(get.body.length);
    expect(decoded(get)).toEqual(plain);

    const cors = await post(SHELF, { origin: GRADEBOOK, 'accept-encoding': 'br' });
    expect(cors.headers['access-control-allow-origin']).toBe(GRADEBOOK);
    expect(cors.headers['content-encoding']).toBe('br');
    expect(cors.headers.vary).toBe('Origin, Accept-Encoding');
    expect(decoded(cors)).toEqual(plain);
  });

  it('streams subscriptions over server-sent events as they are: a compressor would hold the events back', async () => {
    const classId = decoded(await post('query ($c: String!) { viewer { class(name: $c) { id } } }')).viewer.class.id;
    const headers = await new Promise<Record<string, string | string[] | undefined>>((done, fail) => {
      const body = JSON.stringify({ query: 'subscription ($c: ID!) { classActivity(classId: $c) { eventId } }', variables: { c: classId } });
      const req = request(
        `${server.url}/graphql`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'br, gzip', 'x-access-token': token },
        },
        (res) => {
          done(res.headers);
          req.destroy();
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : fail(error)));
      req.end(body);
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    // yoga says so itself, for proxies on the way.
    expect(headers['content-encoding'] ?? 'none').toBe('none');
  });

  it('answers an upload (a multipart request) as it is', async () => {
    const boundary = 'wordbee-test-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `${part('operations', JSON.stringify({ query: SHELF, variables: { c: 'Demo Class' } }))}${part('map', '{}')}--${boundary}--\r\n`;
    const upload = await raw('POST', '/graphql', { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-encoding': 'br, gzip' }, body);
    expect(upload.status).toBe(200);
    expect(upload.headers['content-encoding']).toBeUndefined();
    expect(decoded(upload)).toEqual(decoded(await post(SHELF)));
  });
});
