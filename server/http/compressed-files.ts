/**
 * The built client's text files (JavaScript, CSS, SVG, JSON) compressed for a browser that
 * accepts it: brotli, else gzip. A phone on a slow school network gets the first page's script as
 * about 150 KB instead of 520 KB. Each file is compressed once per build (its name, size and time)
 * and kept in memory. What this does not answer (a Range request, a browser that accepts neither,
 * pictures and video, a file that is not there) is left to serve-static.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { MIN_COMPRESSED_BYTES, pickEncoding, varyOnEncoding, type Encoding } from './compression.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** A build has about 30 such files (about 1 MB compressed both ways); a new build's replace them. */
const CACHED_FILES = 256;

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 9: within 4% of brotli's best at a tenth of its time (the first visitor waits for it).
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** A file of the build compressed as these are, for what is made from one (the page shell). */
export const compressBuildFile = (data: Buffer, encoding: Encoding): Promise<Buffer> => compressors[encoding](data);

export function createCompressedFiles(root: string, cacheControlOf: (file: string) => string) {
  const top = resolve(root);
  const cache = new LRUCache<string, Promise<Buffer>>({ max: CACHED_FILES });

  /** The file's compressed bytes, made once and shared by requests that arrive meanwhile. */
  const compressed = (file: string, version: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${file}\0${version}\0${encoding}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(file).then((data) => compressors[encoding](data));
      cache.set(key, entry);
      entry.catch(() => cache.delete(key));
    }
    return entry;
  };

  /** Answers the request and returns true, or returns false to leave it to serve-static. */
  return async function serveCompressed(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!contentType || !encoding) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    const file = resolve(top, `.${decoded}`);
    // Only files of the build, and no hidden ones: anything else is serve-static's to refuse.
    if (
      decoded.includes('\0') ||
      !file.startsWith(`${top}${sep}`) ||
      file
        .slice(top.length)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      return false;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size < MIN_COMPRESSED_BYTES) return false;
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const etag = `W/"${version}-${encoding}"`;
    const headers: Record<string, string> = {
      'cache-control': cacheControlOf(file),
      etag,
      'last-modified': info.mtime.toUTCString(),
    };
    varyOnEncoding(res);
    const known = String(req.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim());
    if (known.includes(etag) || known.includes('*')) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const body = await compressed(file, version, encoding).catch(() => null);
    if (!body) return false;
    if (res.destroyed) return true;
    res.writeHead(200, { ...headers, 'content-type': contentType, 'content-encoding': encoding, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
