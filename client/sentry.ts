/**
 * Error reporting through @sentry/react, only when the server put a DSN in the page's
 * `wordbee-sentry-dsn` meta tag. The SDK loads after first paint so it never weighs on the
 * first route; errors caught before then are queued.
 */
type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
const queued: unknown[] = [];

export function initSentry(): void {
  const dsn = document.querySelector<HTMLMetaElement>('meta[name="wordbee-sentry-dsn"]')?.content;
  if (!dsn) return;
  const load = () =>
    import('@sentry/react').then((module) => {
      module.init({ dsn, tracesSampleRate: 0 });
      sentry = module;
      for (const error of queued.splice(0)) module.captureException(error);
    });
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load());
  else setTimeout(() => void load(), 1000);
}

export function reportError(error: unknown): void {
  if (sentry) sentry.captureException(error);
  else if (queued.length < 20) queued.push(error);
}
