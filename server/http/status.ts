/**
 * What each kind of domain error is on the wire: its HTTP status, and its top-level
 * `extensions.code` (docs/api.md, Errors: SCREAMING_SNAKE, one code per kind of refusal, the
 * same over HTTP and WebSocket). REST replies and GraphQL responses both read this one table; a
 * mutation's own typed errors are union members instead, told apart by their `__typename`.
 */
import type { DomainError, ErrorKind } from '../errors.ts';

const ON_THE_WIRE: Readonly<Record<ErrorKind, { status: number; code: string }>> = {
  invalid: { status: 400, code: 'BAD_USER_INPUT' },
  unauthenticated: { status: 401, code: 'UNAUTHENTICATED' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  notFound: { status: 404, code: 'NOT_FOUND' },
  conflict: { status: 409, code: 'CONFLICT' },
  tooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  unsupportedType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  rateLimited: { status: 429, code: 'RATE_LIMITED' },
  unavailable: { status: 503, code: 'SERVICE_UNAVAILABLE' },
};

/** The HTTP status a domain error is answered with. */
export const httpStatusOf = (error: DomainError): number => ON_THE_WIRE[error.kind].status;

/** A domain error's top-level code. */
export const errorCode = (error: DomainError): string => ON_THE_WIRE[error.kind].code;
