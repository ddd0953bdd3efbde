/**
 * Recording uploads with a bound on memory (docs/security.md): POST /api/v1.0/upload and the
 * GraphQL multipart request (submitRecording) both come in here.
 *
 * Refused at the headers, before any of the body is read: a type other than multipart/form-data
 * (415), a declared length above the limit (413), a scoring queue with no room (503) and a body
 * that does not fit in the uploads' memory budget (`PA_UPLOAD_BUDGET_MB`; 503 with Retry-After).
 * A refused body is never buffered: node discards it as it arrives (or the connection is closed
 * when it is far larger than any recording), so the client reads the refusal, not a reset.
 *
 * An accepted body reserves its declared length (the limit when it comes chunked) from the
 * budget, is parsed as it streams (@fastify/busboy) and its one file is written into one buffer,
 * shared with the scoring worker without a copy. The reservation is released when the request's
 * work (scoring, storing) is over, whichever way it ends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Busboy } from '@fastify/busboy';
import { DomainError, ValidationError } from '../errors.ts';
import { errorCode, httpStatusOf } from './status.ts';
import { ScoringBusyError, type Scorer } from '../speech/pa/pool.ts';
import { MAX_RECORDING_BYTES } from '../speech/pa/audio.ts';
import { UnsupportedMediaTypeError } from './body.ts';

const MB = 1024 * 1024;

/** A multipart body: the recording and what travels with it (the GraphQL operation, part headers). */
const MAX_UPLOAD_BODY_BYTES = MAX_RECORDING_BYTES + 128 * 1024;
/** A refused body up to this size is read and discarded, so the client gets the refusal; a larger one's connection is closed. */
const DISCARD_AT_MOST = 64 * MB;
/** How long a refused upload's connection that asked to be closed stays open for the client to read the refusal. */
const LINGER_MS = 2_000;

export type UploadReservation = {
  readonly bytes: number;
  /** The buffer a large upload was read into (see UploadBudget). */
  holds(buffer: object): void;
  release(): void;
};

/** A released upload's buffer of at least this size counts against the budget until collected. */
const LINGERING_FROM_BYTES = 1024 * 1024;

/**
 * The bytes that uploads in flight may hold together, process-wide. A released upload's buffer
 * is memory until the garbage collector frees it, and a flood of large recordings releases
 * them faster than it collects them (300 uploads of 8 MB grew the process by 370 MB): a large
 * buffer (1 MB or more: a WAV, never the Record screen's Opus) counts against the budget of the
 * next large upload until it is collected. With nothing in flight one upload always fits.
 */
export class UploadBudget {
  private used = 0;
  private count = 0;
  private lingering = 0;
  private readonly collected = new FinalizationRegistry<{ bytes: number; released: boolean; gone: boolean }>((buffer) => {
    buffer.gone = true;
    if (buffer.released) this.lingering -= buffer.bytes;
  });
  constructor(readonly limitBytes: number) {}

  /** Bytes held by uploads in flight. */
  get usedBytes(): number {
    return this.used;
  }

  /** Uploads in flight (received, or being scored and stored). */
  get inFlight(): number {
    return this.count;
  }

  /**
   * Holds `bytes` until `release()`, or null when they do not fit. With nothing in flight one
   * upload always fits, so a budget set below the largest recording still takes one at a time.
   */
  reserve(bytes: number): UploadReservation | null {
    // Only a large upload waits for large buffers to be collected: a class's Opus recordings never do.
    const lingering = bytes >= LINGERING_FROM_BYTES ? this.lingering : 0;
    if (this.count > 0 && this.used + lingering + bytes > this.limitBytes) return null;
    this.used += bytes;
    this.count++;
    let held = true;
    let buffer: { bytes: number; released: boolean; gone: boolean } | undefined;
    return {
      bytes,
      holds: (target) => {
        buffer = { bytes, released: false, gone: false };
        this.collected.register(target, buffer);
      },
      release: () => {
        if (!held) return;
        held = false;
        this.used -= bytes;
        this.count--;
        if (buffer && !buffer.gone) {
          buffer.released = true;
          this.lingering += bytes;
        }
      },
    };
  }
}

class UploadTooLargeError extends DomainError {
  readonly kind = 'tooLarge';
  constructor(message = `The recording is larger than ${MAX_RECORDING_BYTES / MB} MB`) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** The budget for uploads in flight is spent: nothing was read, try again shortly. */
class UploadsBusyError extends DomainError {
  readonly kind = 'unavailable';
  override readonly retryAfterSec = 5;
  constructor() {
    super('The server is receiving as many recordings as it can hold right now; nothing was stored, please send it again in a moment');
    this.name = 'BusyError';
  }
}

/** An uploaded file, held once: `bytes` is a view of the buffer the body was read into. */
class UploadedFile {
  constructor(
    readonly field: string,
    readonly name: string,
    readonly type: string,
    readonly bytes: Uint8Array,
  ) {}
  get size(): number {
    return this.bytes.byteLength;
  }
  /** As File's (a copy): for code that wants an ArrayBuffer; the server's own code reads `bytes`. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.bytes).buffer;
  }
  async text(): Promise<string> {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8');
  }
}

/** The bytes of an uploaded file without a copy when it came through here. */
export async function bytesOfUpload(file: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<Uint8Array> {
  return file instanceof UploadedFile ? file.bytes : new Uint8Array(await file.arrayBuffer());
}

export type ReceivedForm = {
  /** Text fields, by name (the first of a repeated name). */
  fields: Map<string, string>;
  file: UploadedFile | null;
  /** Gives the reservation back: call when the work on the upload is over (idempotent). */
  release(): void;
};

export type FormOptions = {
  /** How many text fields, and how long each may be (bytes). */
  fields: number;
  fieldBytes: number;
  /** A refusal's wording for a body of another type. */
  typeMessage: string;
};

/** What `receiveForm` checks before it reads: the caller answers a refusal with its status. */
function checkUploadHeaders(req: IncomingMessage, pool: Scorer, budget: UploadBudget, typeMessage: string): number {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(type)) throw new UnsupportedMediaTypeError(typeMessage);
  const declared = declaredLength(req);
  if (declared !== undefined && declared > MAX_UPLOAD_BODY_BYTES) throw new UploadTooLargeError();
  // Each upload in flight that has not reached the scoring queue yet will want a place in it
  // (uploads are all the queue holds: those in it are in flight too).
  if (!pool.hasRoom(Math.max(0, budget.inFlight - pool.load))) throw new ScoringBusyError();
  return declared ?? MAX_UPLOAD_BODY_BYTES;
}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  // node's parser refuses a malformed Content-Length before a request gets here.
  return Number(header);
}

/**
 * Reads a multipart/form-data upload with at most one file, within the limits and the budget.
 * Throws (415, 413, 503, 400) with nothing held; on success the caller releases the reservation
 * when its work is done.
 */
export async function receiveForm(req: IncomingMessage, res: ServerResponse, pool: Scorer, budget: UploadBudget, options: FormOptions): Promise<ReceivedForm> {
  let reserveBytes: number;
  try {
    reserveBytes = checkUploadHeaders(req, pool, budget, options.typeMessage);
  } catch (error) {
    discardBody(req, res);
    throw error;
  }
  const reservation = budget.reserve(reserveBytes);
  if (!reservation) {
    discardBody(req, res);
    throw new UploadsBusyError();
  }
  try {
    const { fields, file } = await parseForm(req, reserveBytes, options, reservation.holds);
    return { fields, file, release: reservation.release };
  } catch (error) {
    reservation.release();
    discardBody(req, res);
    throw error;
  }
}

/**
 * The rest of a refused body is read and dropped as it arrives (never held), so the client reads
 * the refusal; a body declared or grown far larger than a recording has its connection closed
 * once the refusal is sent.
 *
 * A client that asked for `Connection: close` is not read from: Node would destroy its socket as
 * soon as the refusal is written, and a client still sending its body would get a reset (EPIPE)
 * instead of the refusal. Its connection is kept open but not read (TCP holds the client's
 * writes back, so nothing flows) for LINGER_MS after the refusal, time for the client to read it,
 * then closed.
 */
export function discardBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.destroyed) return;
  req.unpipe();
  req.on('error', () => {});
  const close = () => req.socket?.destroy();
  const declared = declaredLength(req);
  if (declared !== undefined && declared > DISCARD_AT_MOST) {
    // The refusal is sent first; then the connection is closed.
    if (!res.headersSent) res.setHeader('connection', 'close');
    if (res.writableFinished) close();
    else res.once('finish', close);
  } else if (!res.headersSent && !res.shouldKeepAlive) {
    res.shouldKeepAlive = true;
    req.read(0); // marks the body as taken, so Node does not read it out after the reply
    req.pause();
    res.once('finish', () => setTimeout(close, LINGER_MS).unref());
    return;
  }
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_AT_MOST) close();
  });
  req.resume();
}

function parseForm(
  req: IncomingMessage,
  reserved: number,
  options: FormOptions,
  holds: (buffer: object) => void,
): Promise<{ fields: Map<string, string>; file: UploadedFile | null }> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: req.headers as Parameters<typeof Busboy>[0]['headers'],
        defCharset: 'utf8',
        limits: { fileSize: MAX_RECORDING_BYTES, files: 1, fields: options.fields, fieldSize: options.fieldBytes, parts: options.fields + 1, headerPairs: 20 },
      });
    } catch {
      return reject(new UnsupportedMediaTypeError(options.typeMessage));
    }
    const fields = new Map<string, string>();
    let file: UploadedFile | null = null;
    let fileOpen = false;
    let parsed = false;
    let settled = false;
    let received = 0;

    const cleanUp = () => {
      req.off('data', count);
      req.off('error', aborted);
      req.off('close', closed);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      cleanUp();
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => {});
      parser.destroy();
      reject(error);
    };
    const done = () => {
      if (settled || !parsed || fileOpen) return;
      settled = true;
      cleanUp();
      resolve({ fields, file });
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > reserved) fail(new UploadTooLargeError());
    };
    const aborted = () => fail(new ValidationError('The upload was cut off before it ended'));
    const closed = () => {
      if (!req.complete) aborted();
    };
    req.on('data', count);
    req.on('error', aborted);
    req.on('close', closed);

    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated)
        return fail(new UploadTooLargeError(`The form field "${name.slice(0, 40)}" is longer than ${Math.round(options.fieldBytes / 1024)} KB`));
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (field, stream, fileName, _encoding, mimeType) => {
      // One buffer for the file, written as it streams: a SharedArrayBuffer, so the scoring
      // worker reads it where it is (ScoringPool). Only the bytes written take memory.
      const target = new Uint8Array(new SharedArrayBuffer(Math.min(reserved, MAX_RECORDING_BYTES)));
      let written = 0;
      fileOpen = true;
      stream.on('data', (chunk: Buffer) => {
        if (written + chunk.length > target.length) return fail(new UploadTooLargeError());
        target.set(chunk, written);
        written += chunk.length;
      });
      stream.on('limit', () => fail(new UploadTooLargeError()));
      stream.on('error', () => fail(new ValidationError('The multipart body could not be read')));
      stream.on('end', () => {
        fileOpen = false;
        if (written >= LINGERING_FROM_BYTES) holds(target.buffer);
        file = new UploadedFile(field, fileName ?? '', mimeType ?? '', target.subarray(0, written));
        done();
      });
    });
    parser.on('filesLimit', () => fail(new ValidationError('Send one recording per request')));
    parser.on('fieldsLimit', () => fail(new ValidationError('The form has more fields than an upload takes')));
    parser.on('partsLimit', () => fail(new ValidationError('The form has more parts than an upload takes')));
    parser.on('error', () => fail(new ValidationError('The multipart body could not be read')));
    parser.on('finish', () => {
      parsed = true;
      done();
    });
    req.pipe(parser);
  });
}

/** What an upload's refusal says to a GraphQL client: status, message, code and headers. */
export function uploadRefusal(error: unknown): { status: number; message: string; code: string; headers: Record<string, string> } | null {
  if (!(error instanceof DomainError)) return null;
  const headers: Record<string, string> = error.retryAfterSec !== undefined ? { 'retry-after': String(error.retryAfterSec) } : {};
  return { status: httpStatusOf(error), message: error.message, code: errorCode(error), headers };
}
