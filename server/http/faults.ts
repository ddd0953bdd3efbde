/**
 * Failures that are not the server's bug, told apart from those that are: a value the
 * database refuses (the client's mistake: 400) and the database being unreachable (503, try
 * again). Drizzle wraps driver errors, so the whole `cause` chain is looked at.
 */
import { DomainError } from '../errors.ts';

/** SQLSTATE class 08 (connection), 57P0x (shutdown), 53300 (too many connections). */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-4]|53300)$/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

type FailureKind = 'bad-input' | 'unavailable' | 'gone';

function failureKind(error: unknown): FailureKind | null {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0;
    e && depth < 10;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (
      UNAVAILABLE_CODES.has(code) ||
      UNAVAILABLE_STATES.test(code) ||
      /PGlite is closed|write after end|Connection terminated|connect (ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH)/i.test(String(e.message ?? ''))
    )
      return 'unavailable';
    // SQLSTATE class 22: data exception (a NUL in text, a number out of range, a bad date…).
    if (/^22[0-9A-Z]{3}$/.test(code)) return 'bad-input';
    // 23503: a row was written that points at one deleted meanwhile (a class or task removed
    // while a student was joining or answering): the statement, or its transaction, failed whole.
    if (code === '23503') return 'gone';
  }
  return null;
}

/** The database is unreachable right now; nothing was changed. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  readonly retryAfterSec = 5;
  constructor() {
    super('WordBee cannot reach its database right now; nothing was changed, please try again in a moment');
    this.name = 'UnavailableError';
  }
}

/** A value the database cannot store or compare, e.g. text with a NUL character. */
class UnstorableInputError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super('The input has a value that cannot be stored (for example a NUL character or a number out of range)');
    this.name = 'ValidationError';
  }
}

/** What the request refers to was deleted while it ran. */
class GoneMeanwhileError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('Something this refers to (a class, student or task) was deleted meanwhile; nothing was changed, please reload');
    this.name = 'ConflictError';
  }
}

/** The domain error an unexpected failure stands for, when it is not the server's bug. */
export function asDomainFailure(error: unknown): DomainError | null {
  const kind = failureKind(error);
  if (kind === 'unavailable') return new UnavailableError();
  if (kind === 'bad-input') return new UnstorableInputError();
  if (kind === 'gone') return new GoneMeanwhileError();
  return null;
}

/** True when text holds U+0000, which PostgreSQL text cannot store. */
export const hasNul = (text: string) => text.includes('\u0000');
