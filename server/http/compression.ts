/**
 * Compressed replies: which encoding a client accepts, and replies made per request (GraphQL's
 * JSON) compressed on the way out. Settings are chosen for speed, as each reply is compressed
 * anew: a class's textbook shelf (25 KB of JSON) becomes 2.8 KB with brotli at quality 5, 3.4 KB
 * with gzip at level 6; a reply of 16 KB or less gets brotli's quality 2 (below). Built files,
 * made once per build, are compressed harder (compressed-files.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller replies gain less than the header costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The encoding to send: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | null | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Says that the reply depends on the request's Accept-Encoding too, keeping what was said before
 * (CORS_ORIGINS adds `Vary: Origin`), so that a cache never hands compressed bytes to a client
 * that did not ask for them.
 */
export function varyOnEncoding(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Replies up to this size are compressed by brotli at quality 2 instead of 5: the task list's
 * 4.8 KB became 648 bytes in 27 µs against 568 bytes in 63 µs, and either fits one TCP segment
 * (docs/performance.md). Larger ones, where the bytes saved count for more, keep quality 5.
 */
const SMALL_REPLY_BYTES = 16 * 1024;
const brotliOptions = (data: Uint8Array) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: data.length <= SMALL_REPLY_BYTES ? 2 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
});

/**
 * Replies up to this size are compressed at once, on the event loop: a 4 KB task list takes about
 * 27 µs, a 32 KB shelf about 60 µs, less than handing the work to libuv's thread pool costs in
 * stream set-up (compressed that way, the GraphQL task list served 24% fewer requests a second;
 * this way, see docs/performance.md).
 */
const AT_ONCE_BYTES = 64 * 1024;

/** One reply's bytes compressed for speed (above); a large one off the event loop. */
export function compressReply(data: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (data.length <= AT_ONCE_BYTES) {
    try {
      return Promise.resolve(encoding === 'br' ? brotliCompressSync(data, brotliOptions(data)) : gzipSync(data, { level: 6 }));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return encoding === 'br' ? brotli(data, brotliOptions(data)) : gzipped(data, { level: 6 });
}

/**
 * Sends a reply made in full (JSON), compressed when the client accepts it and it is 1 KB or more;
 * a small or unasked-for reply goes out at once, as it is.
 */
export function sendCompressible(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string): void {
  varyOnEncoding(res);
  // Encoded to UTF-8 once, then counted and written as it is (a string would be measured, then
  // encoded again on its way to the socket).
  const bytes = Buffer.from(body);
  const encoding = bytes.length >= MIN_COMPRESSED_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  const send = (payload: Buffer, contentEncoding: Encoding | null) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { ...headers, ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}), 'content-length': payload.length });
    res.end(payload);
  };
  if (!encoding) return send(bytes, null);
  compressReply(bytes, encoding).then(
    (compressed) => send(compressed, encoding),
    () => send(bytes, null),
  );
}
