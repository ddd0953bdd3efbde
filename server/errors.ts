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
