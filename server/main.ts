/**
 * `npm start`: builds the client when it is missing or older than its sources, opens the
 * database (migrating and seeding it), and serves WordBee on PORT. SIGTERM/SIGINT stop it
 * gracefully: no new connections, in-flight requests finish, then the database closes.
 * With WEB_PROCESSES=N (N > 1) this process starts N processes that serve on PORT together
 * (server/processes.ts), each of them running the rest of this file.
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp } from './app.ts';
import { ensureClientBuilt } from './client-build.ts';
import { warmUpReportRenderer } from './reports/render-pool.ts';
import { reportError } from './observability.ts';
import { stopOnSignals } from './shutdown.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`WordBee cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

/** Start-up failures the operator can fix, said in one line (the stack only at LOG_LEVEL debug). */
function cannotStart(error: unknown): never {
  const e = error as NodeJS.ErrnoException;
  const hint =
    e?.code === 'EADDRINUSE'
      ? ' (another process uses this port: stop it or set PORT)'
      : e?.code === 'EACCES' || e?.code === 'ENOTDIR'
        ? ' (DATA_DIR must be a folder this user can write)'
        : e?.code === 'ECONNREFUSED'
          ? ' (is the database or Redis at the configured URL running?)'
          : '';
  console.error(`WordBee cannot start: ${e?.message ?? String(error)}${hint}`);
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error);
  process.exit(1);
}

if (config.webProcesses > 1 && cluster.isPrimary) {
  const { createLogger } = await import('./logger.ts');
  const { superviseWebProcesses } = await import('./processes.ts');
  const log = createLogger(config.logLevel);
  try {
    await ensureClientBuilt();
    await superviseWebProcesses(config, log);
  } catch (error) {
    cannotStart(error);
  }
} else await serve();

async function serve(): Promise<void> {
  let app: Awaited<ReturnType<typeof createApp>>;
  let url: string;
  try {
    await ensureClientBuilt();
    app = await createApp(config);
    url = await app.listen();
  } catch (error) {
    cannotStart(error);
  }
  const slot = cluster.isWorker ? ` (web process ${process.env.WORDBEE_PROCESS})` : '';
  app.deps.log.info({ url, database: app.database.kind }, `WordBee is listening on port ${new URL(url).port}${slot}`);
  // A promise that fails with nobody waiting on it (a background publish, a timer's work) is logged,
  // not a reason to stop serving a class.
  process.on('unhandledRejection', (reason) => {
    app.deps.log.error({ err: reason }, 'unhandled promise rejection');
    reportError(reason, { where: 'unhandledRejection' });
  });
  // The report thread and its fonts, ahead of the first result (not in an instance that leaves its jobs to workers).
  if (config.webJobs)
    warmUpReportRenderer({ threads: config.reportThreads, log: app.deps.log }).catch((error) =>
      app.deps.log.warn({ err: error }, 'report fonts could not be loaded ahead'),
    );
  // The scoring workers load the acoustic model now, not when the first child reads (a first
  // reading after a restart waited 5–8 s for it).
  // (PA_SCORING=jobs with WEB_JOBS=false: the workers score, this instance loads no model.)
  if (app.scoresHere) {
    app.scoringPool.start();
    void app.scoringPool.ready().then(() => app.deps.log.info({ workers: app.scoringPool.workers }, 'pronunciation scoring is ready: the model is loaded'));
  }

  stopOnSignals(app, (signal) => `${signal}: shutting down`);
}
