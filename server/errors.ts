/**
 * The domain errors every service throws. GraphQL maps them to typed results, REST to the
 * spec's `{info}` replies with a 4xx status; anything else is an unexpected 500.
 */
import type { ZodError } from 'zod';

export abstract class DomainError extends Error {
  abstract readonly httpStatus: number;
  /** Seconds after which trying again may succeed (a limit, a busy queue, a database coming back): HTTP's Retry-After. */
  readonly retryAfterSec?: number;
}

/** Input that breaks a rule: the message says which, in words a user understands. */
export class ValidationError extends DomainError {
  readonly httpStatus = 400;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ValidationError';
  }

  static fromZod(error: ZodError): ValidationError {
    const issue = error.issues[0];
    return new ValidationError(issue?.message ?? 'Invalid input', issue?.path.join('.') || undefined);
  }
}

export class AuthenticationError extends DomainError {
  readonly httpStatus = 401;
  constructor(message = 'Please log in') {
    super(message);
    this.name = 'AuthenticationError';
  }
}

export class ForbiddenError extends DomainError {
  readonly httpStatus = 403;
  constructor(message = 'You are not allowed to do this') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends DomainError {
  readonly httpStatus = 404;
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends DomainError {
  readonly httpStatus = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** Too many attempts; `retryAfterSec` tells the client when to try again. */
export class RateLimitError extends DomainError {
  readonly httpStatus = 429;
  constructor(
    message: string,
    readonly retryAfterSec: number,
  ) {
    super(message);
    this.name = 'RateLimitError';
  }
}

/** Parses with a zod schema, turning its failure into a ValidationError. */
export function parseInput<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } }, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/**
 * The one vocabulary of top-level `extensions.code` (docs/api.md, Errors): SCREAMING_SNAKE, one
 * code per kind of refusal, the same over HTTP and WebSocket. A mutation's own typed errors are
 * union members instead, told apart by their `__typename` (ValidationError, NotFoundError, …).
 */
const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** A domain error's top-level code, by what its HTTP status means. */
export function errorCode(error: DomainError): string {
  return ERROR_CODES[error.httpStatus] ?? 'INTERNAL_SERVER_ERROR';
}

/** True when the error (or one it wraps) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | null | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
