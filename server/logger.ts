/**
 * The server's pino logger. Secrets never reach a log line: tokens in headers and any
 * `password` field (REST bodies, GraphQL inputs and variables) are redacted wherever they sit.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

const REDACTED_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'headers["x-access-token"]',
  'headers.authorization',
  'password',
  '*.password',
  '*.*.password',
  '*.*.*.password',
  'accessToken',
  '*.accessToken',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
