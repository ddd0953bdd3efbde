/**
 * The domain errors every service throws. Each says what kind of refusal it is and nothing of
 * HTTP: the transports decide what a kind is on the wire (server/http/status.ts). GraphQL maps
 * them to typed results, REST to the spec's `{info}` replies; anything else is unexpected.
 */
import type { ZodError } from 'zod';

/**
 * The kinds of refusal: input that breaks a rule, no login, not allowed, nothing there, in the
 * way of something else, too many tries, too large, sent in a form not accepted, and a part busy
 * or unreachable for a moment.
 */
export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'rateLimited' | 'tooLarge' | 'unsupportedType' | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  /** Seconds after which trying again may succeed (a limit, a busy queue, a database coming back): HTTP's Retry-After. */
  readonly retryAfterSec?: number;
}

/** Input that breaks a rule: the message says which, in words a user understands. */
export class ValidationError extends DomainError {
  readonly kind = 'invalid';
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
  readonly kind = 'unauthenticated';
  constructor(message = 'Please log in') {
    super(message);
    this.name = 'AuthenticationError';
  }
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'You are not allowed to do this') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'notFound';
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** Too many attempts; `retryAfterSec` tells the client when to try again. */
export class RateLimitError extends DomainError {
  readonly kind = 'rateLimited';
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

/** True when the error (or one it wraps) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | null | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
