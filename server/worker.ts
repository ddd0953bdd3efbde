/**
 * `npm run worker`: a process that only takes jobs from the shared PostgreSQL (recordings to
 * score when the web instances send them as jobs (PA_SCORING=jobs), report PDFs and their
 * e-mails and webhooks, e-mail, webhook deliveries, the daily digests), with no HTTP
 * server. Any number of them run beside the web instances (docs/operations.md, Scale-out); a
 * job is claimed before it is done, so two processes never do the same one, and one left by a
 * killed process is taken over after its lease. Web instances take jobs too unless WEB_JOBS=false.
 * SIGTERM/SIGINT: the jobs in hand are finished, the rest stay queued for the next process.
 */
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp } from './app.ts';
import { warmUpReportRenderer } from './reports/render-pool.ts';
import { reportError } from './observability.ts';
import { stopOnSignals } from './shutdown.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`WordBee worker cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
if (!config.databaseUrl) {
  // The embedded database belongs to one process: its web instance takes the jobs itself.
  console.error(
    'WordBee worker cannot start: set DATABASE_URL to the PostgreSQL the web instances use (with the embedded database, the web instance takes its own jobs)',
  );
  process.exit(1);
}

let app: Awaited<ReturnType<typeof createApp>>;
try {
  // The web instances migrate and seed the database; a worker only opens it.
  app = await createApp(config, { seed: false, serveClient: false, worker: true });
} catch (error) {
  console.error(`WordBee worker cannot start: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
}
app.deps.log.info(
  { database: app.database.kind, reportThreads: config.reportThreads, scoringThreads: app.scoringPool.workers },
  'WordBee worker is taking jobs',
);
process.on('unhandledRejection', (reason) => {
  app.deps.log.error({ err: reason }, 'unhandled promise rejection');
  reportError(reason, { where: 'unhandledRejection' });
});
// The acoustic model is loaded now, so the first recording waits for no start-up.
app.scoringPool.start();
void app.scoringPool.ready().then(() => app.deps.log.info({ workers: app.scoringPool.workers }, 'pronunciation scoring is ready: the model is loaded'));
warmUpReportRenderer({ threads: config.reportThreads, log: app.deps.log }).catch((error) =>
  app.deps.log.warn({ err: error }, 'report fonts could not be loaded ahead'),
);

stopOnSignals(app, (signal) => `${signal}: the worker stops`);
