/** Reading request bodies with a size limit: a client's mistake gets a 4xx, never a crash. */
import type { IncomingMessage } from 'node:http';
import { DomainError, ValidationError } from '../errors.ts';
import { hasNul } from './faults.ts';

const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';
/** True when any string (or key) in a parsed JSON value holds U+0000. */
function hasNulInJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNulInJson(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasNul(k) || hasNulInJson(v, depth + 1));
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = 'tooLarge';
  constructor(limit: number) {
    super(`The request body is larger than ${Math.round(limit / 1024)} KB`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * A body sent as something other than JSON. A browser posts text/plain, urlencoded and multipart
 * bodies to another site without a CORS preflight; JSON needs one (ASVS 13.1.5).
 */
export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = 'unsupportedType';
  constructor(message = 'Send the request body as JSON, with the header Content-Type: application/json') {
    super(message);
    this.name = 'ValidationError';
  }
}

/** True for `application/json`, with or without parameters (charset). */
export const isJsonType = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? '');

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new PayloadTooLargeError(limit);
  // Read with the stream's events rather than its async iterator, which cost a small request
  // more than parsing it; a body over the limit, or a request that ends early, destroys the
  // request as leaving the iterator did.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      req.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (!error) return resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      req.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done(new PayloadTooLargeError(limit));
      chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const premature = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const onClose = () => done(premature());
    // Read to its end already (nothing more will come), or gone before its end (no event will).
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    if (req.destroyed) return reject(premature());
    req.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

/**
 * A JSON body (Content-Type: application/json; anything else is a 415, refused before it is
 * read); an empty body, with no type or JSON's, means `{}`.
 */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers['content-type'];
  if (type !== undefined && !isJsonType(type)) throw new UnsupportedMediaTypeError();
  const raw = await readBody(req, limit);
  if (raw.length === 0) return {};
  if (type === undefined) throw new UnsupportedMediaTypeError();
  // A byte-order mark, as some Windows tools write before JSON, is not part of it.
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON');
  }
  // PostgreSQL text cannot hold U+0000: refuse it here, for every call, with a clear message.
  if (hasNulInJson(parsed)) throw new ValidationError(NUL_MESSAGE);
  return parsed;
}
