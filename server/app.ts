/**
 * Builds WordBee from a configuration: the database, the services' shared parts, GraphQL
 * (HTTP and WebSocket), the REST compatibility layer and the client, all on one port.
 * Used by server/main.ts and by the integration tests (port 0, in-memory database).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createLogger } from './logger.ts';
import serveStatic from 'serve-static';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/index.ts';
import { seed } from './seed.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { createTokenIssuer, loadOrCreateSecret } from './users/tokens.ts';
import { createTts } from './speech/tts.ts';
import { createLiveEvents } from './live/pubsub.ts';
import { ScoringPool } from './speech/pa/pool.ts';
import { UploadBudget } from './http/uploads.ts';
import { initErrorReporting } from './observability.ts';
import { createMailer, type MailTiming, type Mailer } from './reports/mailer.ts';
import { postgresBlobStore } from './storage/blobs.ts';
import { registerReportRoutes, reportDownloadUrl } from './reports/rest.ts';
import { createWebhookSender } from './integrations/webhooks.ts';
import { createAddressPolicy, type Resolver } from './integrations/addresses.ts';
import { createBudgets } from './integrations/limits.ts';
import type { Outbox } from './outbox.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { createJobScorer, createScoringQueue } from './jobs/scoring.ts';
import { RestRouter, send } from './http/rest.ts';
import { handleCors, setSecurityHeaders } from './http/headers.ts';
import { hasValidHost, isUpload, limitRequestTime } from './http/time-limit.ts';
import { compressBuildFile, createCompressedFiles } from './http/compressed-files.ts';
import { pickEncoding, varyOnEncoding, type Encoding } from './http/compression.ts';
import { attachSubscriptions, createGraphQL, GRAPHQL_PATH } from './graphql/yoga.ts';
import { createGraphQLHttpHandler } from './graphql/http.ts';
import { registerUserRoutes } from './users/rest.ts';
import { registerClassRoutes } from './classes/rest.ts';
import { registerTextbookRoutes } from './textbooks/rest.ts';
import { registerTaskRoutes } from './tasks/rest.ts';
import { registerResultRoutes } from './results/rest.ts';
import { AVATAR_PREFIX, MEDIA_PREFIX, WORD_AUDIO_PREFIX, registerSpeechRoutes, serveAvatar, serveListeningMedia, serveWordAudio } from './speech/rest.ts';

const CLIENT_DIST = fileURLToPath(new URL('../dist', import.meta.url));
/** How long requests in flight get to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Uploads one web instance keeps waiting for their scores with PA_SCORING=jobs (PA_QUEUE says
 * otherwise): a school's classes finishing together, while the workers keep up.
 */
const JOB_SCORING_WAITING = 256;

export type AppOptions = {
  /** Overrides where the database lives (tests: in memory, or their own PostgreSQL database). */
  database?: DatabaseOptions;
  logger?: Logger;
  /** Serve the built client (default: when it is built). */
  serveClient?: boolean;
  /** Where the built client is (default dist/; tests use a build of their own). */
  clientDir?: string;
  seed?: boolean;
  /** Run the mail outbox worker (tests drain it by hand). */
  mailWorker?: boolean;
  /** Run the durable job worker (reports); by default as `mailWorker` says. */
  jobWorker?: boolean;
  /** Run the webhook delivery worker (tests drain it by hand). */
  webhookWorker?: boolean;
  /** A `npm run worker` process: takes jobs whatever WEB_JOBS says. */
  worker?: boolean;
  /** The outbox worker's lease, backoff and polling (crash tests shorten them). */
  mailTiming?: MailTiming;
  /** The word files of the content pack (default db/content/words; tests use a small fixture). */
  contentDir?: string;
  now?: () => number;
  /** How webhook hosts are resolved (default: dns.lookup; tests answer without the network). */
  resolveHost?: Resolver;
};

export type App = {
  deps: Deps;
  /** The /api/v1.0 calls, as 'METHOD /path'. */
  restCalls: string[];
  mailer: Mailer;
  /** Durable jobs: reports (server/jobs/queue.ts). */
  jobs: JobQueue;
  /** This process's scoring threads: uploads' recordings (PA_SCORING=local) or scoring jobs taken. */
  scoringPool: ScoringPool;
  /** True when this process scores recordings (its own uploads', or jobs it takes): its pool should load the model at start. */
  scoresHere: boolean;
  /** Webhook deliveries (server/integrations/webhooks.ts). */
  webhooks: Outbox;
  database: DatabaseHandle;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
};

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const log = options.logger ?? createLogger(config.logLevel);
  await initErrorReporting(config.sentryDsn, log);
  checkWritable(config.dataDir);
  const database = await openDatabase(options.database ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` }));
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  const scoringPool = new ScoringPool({ workers: config.paWorkers, maxQueue: config.paQueue });
  const scoringByJobs = config.paScoring === 'jobs' && database.kind === 'postgres';
  const deps: Deps = {
    db: database.db,
    config,
    tokens: createTokenIssuer(secret, config.tokenTtlMinutes, options.now),
    log,
    tts: createTts(config.dataDir, log, { cacheBytes: config.ttsCacheMb * 1024 * 1024 }),
    live: createLiveEvents(config.redisUrl, log),
    pa: scoringPool,
    uploads: new UploadBudget(config.paUploadBudgetMb * 1024 * 1024),
    blobs: postgresBlobStore(database.db),
    budgets: await createBudgets(config, database.db, log),
    webhookAddresses: createAddressPolicy({ allow: config.webhookAllowNetworks, resolve: options.resolveHost }),
  };
  // PA_SCORING=jobs: an upload's recording is scored by whichever process takes it (server/jobs/scoring.ts).
  if (scoringByJobs) deps.pa = createJobScorer({ db: database.db, listen: database.listen, log, maxWaiting: config.paQueue ?? JOB_SCORING_WAITING });
  if (options.seed !== false) await seed(deps, options.contentDir);
  // A report's e-mails go out as soon as it is made, not at the mailer's next poll (up to 2 s).
  let reportMade = () => {};
  const jobs = createJobQueue({
    db: database.db,
    blobs: deps.blobs,
    log,
    timing: options.mailTiming,
    reportThreads: config.reportThreads,
    reportMade: () => reportMade(),
  });
  deps.jobs = jobs;
  const mailer = createMailer({
    jobs,
    db: database.db,
    blobs: deps.blobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
    timing: options.mailTiming,
    digest: { timeZone: config.timeZone, hour: config.digestHour },
    now: options.now,
  });
  reportMade = () => mailer.wake();
  // WEB_JOBS=false: this instance takes no jobs, `npm run worker` processes do (server/worker.ts).
  const takesJobs = config.webJobs || options.worker === true;
  if (takesJobs && options.mailWorker !== false) mailer.start();
  // Reports follow their results; tests that drain the mail by hand drain the jobs with it.
  if (takesJobs && (options.jobWorker ?? options.mailWorker) !== false) jobs.start();
  const webhooks = createWebhookSender({ db: database.db, log, addresses: deps.webhookAddresses, reportUrl: (fileName) => reportDownloadUrl(fileName) });
  if (takesJobs && options.webhookWorker !== false) webhooks.start(1000);
  // Scoring jobs: taken by `npm run worker` processes, and by a web instance that sends its own
  // recordings as jobs unless WEB_JOBS=false (a local-scoring instance leaves others' to them).
  const takesScoring = options.worker === true || (scoringByJobs && config.webJobs);
  const scoring = createScoringQueue({
    db: database.db,
    listen: database.listen,
    pool: scoringPool,
    log,
    timing: {
      leaseMs: config.paJobLeaseSec * 1000,
      ...options.mailTiming,
    },
  });
  if (takesScoring) scoring.start();

  const rest = new RestRouter(deps);
  registerUserRoutes(rest);
  registerClassRoutes(rest);
  registerTextbookRoutes(rest);
  registerTaskRoutes(rest);
  registerSpeechRoutes(rest);
  registerResultRoutes(rest);
  registerReportRoutes(rest);

  const yoga = createGraphQL(deps);
  const graphqlHttp = createGraphQLHttpHandler(deps, yoga);
  const clientDir = options.clientDir ?? CLIENT_DIST;
  const serveClient = (options.serveClient ?? true) && existsSync(`${clientDir}/index.html`);
  // The page shell, with the Sentry DSN (when set) for the client's error reporting.
  const pageShell = serveClient ? pageShellOf(`${clientDir}/index.html`, config.sentryDsn) : undefined;
  // Built files are read from disk at each request (a file that a new build removed is a 404,
  // never an error that stops the server).
  // Hashed build output never changes; every other file must be revalidated.
  const cacheControlOf = (file: string) => (relative(clientDir, file).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  const assets = serveClient
    ? serveStatic(clientDir, {
        index: false,
        redirect: false,
        setHeaders: (res, file) => res.setHeader('cache-control', cacheControlOf(file)),
      })
    : undefined;
  const compressedAssets = serveClient ? createCompressedFiles(clientDir, cacheControlOf) : undefined;

  let ready = true;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // A caller's own request id is kept when it is a plain token (it is echoed back and logged).
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    // One line per request (no query string, no headers: nothing secret); 5xx stand out.
    res.once('finish', () => {
      const line = { requestId, method: req.method, path: (req.url ?? '/').split('?')[0], status: res.statusCode, ms: Math.round(performance.now() - started) };
      // /readyz answering 503 is the probe doing its job (a stop, or the database away).
      if (res.statusCode >= 500 && line.path !== '/readyz') log.warn(line, 'request failed');
      else log.debug(line, 'request');
    });
    const path = (req.url ?? '/').split('?')[0]!;
    setSecurityHeaders(res, path, !config.production);
    // Shutting down: this connection is not kept for another request.
    if (!ready) res.setHeader('connection', 'close');
    if (!hasValidHost(req)) {
      res.setHeader('connection', 'close');
      return send(res, { status: 400, json: { info: 'The Host header is not a host name' } });
    }
    limitRequestTime(req, res, (isUpload(req, path) ? config.uploadTimeoutSec : config.requestTimeoutSec) * 1000, log);
    if (handleCors(req, res, config.corsOrigins)) return;
    if (path === '/healthz') return send(res, { json: { status: 'ok' } });
    if (path === '/readyz') {
      // Ready: the database answers, every migration is applied, and the server is not stopping.
      void database.pendingMigrations().then(
        (pending) =>
          pending
            ? send(res, { status: 503, json: { status: 'migrations pending', pending } })
            : send(res, { status: ready ? 200 : 503, json: { status: ready ? 'ready' : 'stopping', database: database.kind } }),
        () => send(res, { status: 503, json: { status: 'database unreachable' } }),
      );
      return;
    }
    try {
      route(req, res, path, requestId);
    } catch (error) {
      // A handler that throws before it answers must not take the process down with it.
      log.error({ err: error, requestId, path }, 'request handler failed');
      if (!res.headersSent) send(res, { status: 500, text: 'Something went wrong; please try again' });
      else res.destroy();
    }
  });
  const route = (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): void => {
    if (rest.handle(req, res)) return;
    if (path.startsWith(MEDIA_PREFIX)) return serveListeningMedia(deps, req, res, path.slice(MEDIA_PREFIX.length));
    if (path.startsWith(AVATAR_PREFIX)) return serveAvatar(deps, req, res, path.slice(AVATAR_PREFIX.length));
    if (path.startsWith(WORD_AUDIO_PREFIX)) return serveWordAudio(deps, req, res, path.slice(WORD_AUDIO_PREFIX.length));
    if (path === GRAPHQL_PATH) {
      return void graphqlHttp(req, res).catch((error: unknown) => {
        log.error({ err: error, requestId, path }, 'GraphQL request failed');
        if (!res.headersSent) send(res, { status: 500, json: { errors: [{ message: 'Unexpected error.' }] } });
        else res.destroy();
      });
    }
    if (assets) {
      // Client routes (no file extension) get the page shell; everything else is a built file.
      if ((req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) return servePageShell(req, res, pageShell!());
      const serveFile = () =>
        assets(req, res, (error?: Error) => {
          // Not there (or not readable as a file) is a 404; only a failing disk is the server's fault.
          if (!error) return send(res, { status: 404, text: 'Not found' });
          log.error({ err: error, requestId, path }, 'reading a client file failed');
          send(res, { status: 500, text: 'The file could not be read' });
        });
      // Scripts and styles compressed when the browser accepts it; everything else as it is.
      return void compressedAssets!(req, res, path).then(
        (answered) => answered || serveFile(),
        (error: unknown) => {
          log.error({ err: error, requestId, path }, 'compressing a client file failed');
          serveFile();
        },
      );
    }
    send(res, { status: 404, text: 'Not found (the client is not built: run `npm run build`)' });
  };
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;
  const subscriptions = attachSubscriptions(server, yoga, deps);

  return {
    deps,
    restCalls: rest.calls(),
    mailer,
    jobs,
    scoringPool,
    scoresHere: !scoringByJobs || takesScoring,
    webhooks,
    database,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        // A school's devices connect at once when a lesson starts: the queue of connections not
        // yet accepted holds 4,096 (the kernel's somaxconn may lower it), not Node's 511, past
        // which a new device's connection waits for its SYN to be sent again (1 s, 3 s, 7 s …).
        server.listen({ port, host, backlog: 4096 }, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`);
        });
      }),
    close: async () => {
      ready = false;
      await subscriptions.close();
      // Stop accepting; let requests in flight finish, closing each kept-alive connection as
      // soon as it falls idle (and every connection after a grace period).
      await new Promise<void>((resolve) => {
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        // Uploads still waiting for their scores then are answered "busy, try again" (the Record
        // screen sends the recording again, to an instance that runs) before the connections go.
        const grace = setTimeout(() => {
          void deps.pa.close().finally(() => setTimeout(() => server.closeAllConnections(), 200));
        }, SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(grace);
          resolve();
        });
        server.closeIdleConnections();
      });
      await jobs.stop();
      await scoring.stop();
      await mailer.stop();
      await webhooks.stop();
      await deps.tts.close();
      await deps.pa.close();
      if (deps.pa !== scoringPool) await scoringPool.close();
      await deps.live.close();
      await deps.budgets.close();
      await database.close();
    },
  };
}

/**
 * DATA_DIR holds the speech cache, the outbox without SMTP, the embedded database and the token
 * secret: one that cannot be written is said at start, not found out by a student's first word.
 */
function checkWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new Error(
      `DATA_DIR ${dataDir} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): give this user a folder it can write`,
      { cause: error },
    );
  }
}

type PageShell = { html: string; compressed(encoding: Encoding): Promise<Buffer> };

/**
 * The built page shell with the Sentry DSN filled in, read again when a new build replaces it, so
 * that the shell always names assets that are there (serve-static reads them from disk too). It is
 * compressed as the build's files are, once per build.
 */
function pageShellOf(file: string, sentryDsn: string | undefined): () => PageShell {
  let read: { mtimeMs: number; shell: PageShell } = { mtimeMs: -1, shell: { html: '', compressed: () => Promise.reject(new Error('no page shell')) } };
  return () => {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== read.mtimeMs) {
      const html = readFileSync(file, 'utf8').replace(
        '<meta name="wordbee-sentry-dsn" content="" />',
        `<meta name="wordbee-sentry-dsn" content="${escapeAttribute(sentryDsn ?? '')}" />`,
      );
      const compressed = new Map<Encoding, Promise<Buffer>>();
      read = {
        mtimeMs,
        shell: {
          html,
          compressed: (encoding) => {
            let bytes = compressed.get(encoding);
            if (!bytes) {
              bytes = compressBuildFile(Buffer.from(html), encoding);
              compressed.set(encoding, bytes);
              bytes.catch(() => compressed.delete(encoding));
            }
            return bytes;
          },
        },
      };
    }
    return read.shell;
  };
}

/**
 * The page shell, compressed when the browser accepts it: under 1 KB, but the first reply of every
 * visit, and compressed once per build (922 bytes become 361 with brotli).
 */
function servePageShell(req: IncomingMessage, res: ServerResponse, shell: PageShell): void {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
  varyOnEncoding(res);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return send(res, { text: shell.html, headers });
  shell.compressed(encoding).then(
    (bytes) => send(res, { bytes, contentType: headers['content-type'], headers: { 'cache-control': headers['cache-control'], 'content-encoding': encoding } }),
    () => send(res, { text: shell.html, headers }),
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
