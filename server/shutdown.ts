/**
 * SIGTERM and SIGINT stop a process gracefully (`npm start`'s web process, `npm run worker`): the
 * app closes (no new requests or jobs, those in hand finished, leases handed back), what was
 * reported to Sentry goes out, then the process exits; after 15 s it exits regardless.
 */
import type { Logger } from 'pino';
import { flushErrorReports } from './observability.ts';

export function stopOnSignals(app: { deps: { log: Logger }; close(): Promise<void> }, saying: (signal: string) => string): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.deps.log.info(saying(signal));
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      app.close().then(
        () => flushErrorReports().finally(() => process.exit(0)),
        (error: unknown) => {
          app.deps.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
