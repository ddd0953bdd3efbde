/**
 * `npm start`: builds the client when it is missing or older than its sources, opens the
 * database (migrating and seeding it), and serves WordBee on PORT. SIGTERM/SIGINT stop it
 * gracefully: no new connections, in-flight requests finish, then the database closes.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { ensureClientBuilt } from './client-build.ts';
import { warmUpReportFonts } from './reports/pdf.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`WordBee cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

await ensureClientBuilt();
const app = await createApp(config);
const url = await app.listen();
app.deps.log.info({ url, database: app.database.kind }, `WordBee is listening on port ${config.port}`);
warmUpReportFonts().catch((error) => app.deps.log.warn({ err: error }, 'report fonts could not be loaded ahead'));

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.deps.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.deps.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
