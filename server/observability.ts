/**
 * Server errors to Sentry when SENTRY_DSN is set (@sentry/node); without a DSN nothing is sent
 * and nothing is loaded. Only unexpected errors are reported — a client's mistake (a DomainError)
 * is an answer, not a fault.
 */
import type { Logger } from 'pino';

type SentryNode = typeof import('@sentry/node');
let sentry: SentryNode | null = null;

/** Starts reporting to the DSN (once per process). */
export async function initErrorReporting(dsn: string | undefined, log: Logger): Promise<void> {
  if (!dsn || sentry) return;
  sentry = await import('@sentry/node');
  sentry.init({ dsn, defaultIntegrations: false, tracesSampleRate: 0 });
  log.info('server errors are reported to Sentry');
}

/** Reports an unexpected error with what request it came from (no bodies, no tokens). */
export function reportError(error: unknown, context: { requestId?: string; url?: string; where: string }): void {
  sentry?.captureException(error, { tags: { where: context.where }, extra: { requestId: context.requestId, url: context.url?.split('?')[0] } });
}

/** Sends what is queued (tests, shutdown). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
