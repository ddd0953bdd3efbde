/** Reading request bodies with a size limit: a client's mistake gets a 4xx, never a crash. */
import type { IncomingMessage } from 'node:http';
import { DomainError, ValidationError } from '../errors.ts';

export class PayloadTooLargeError extends DomainError {
  readonly httpStatus = 413;
  constructor(limit: number) {
    super(`The request body is larger than ${Math.round(limit / 1024)} KB`);
    this.name = 'PayloadTooLargeError';
  }
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new PayloadTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A JSON body (or an urlencoded form, which old clients post); empty means `{}`. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = await readBody(req, limit);
  if (raw.length === 0) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('The request body is not valid JSON');
  }
}
