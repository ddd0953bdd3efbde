/**
 * Configuration, read from the environment in this one place and passed down. A bad value
 * stops start-up with one line naming the variable (see docs/configuration.md).
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time.ts';
import path from 'node:path';
import { availableParallelism, totalmem } from 'node:os';
import { parseNetworks } from './integrations/addresses.ts';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const wholeNumber = (max: number) => z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(max));
const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : String(fallback)))
    .pipe(wholeNumber(max));
/** A positive whole number, or undefined when unset (the default is worked out elsewhere). */
const optionalPositiveInt = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(wholeNumber(max).optional());

/**
 * The default budget for recording uploads in flight (PA_UPLOAD_BUDGET_MB): 5% of the machine's
 * memory, between 16 and 64 MB: 8 recordings of the largest size (8 MB) at once, and a class's
 * Opus recordings (~240 KB each) hundreds of times over. The process grows by more than the
 * budget while it receives (the network's chunks wait for the garbage collector, the workers
 * decode): 300 uploads of 8 MB at once measured +67 to +112 MB at 64, +168 to +344 MB at 128.
 */
export function defaultUploadBudgetMb(memoryBytes = totalmem()): number {
  return Math.max(16, Math.min(64, Math.floor((memoryBytes / 1024 / 1024) * 0.05)));
}

const envSchema = z.object({
  PORT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : '3000'))
    .pipe(z.string().regex(/^\d+$/, 'must be a port number').transform(Number))
    .pipe(z.number().int().min(0).max(65535)),
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || '0.0.0.0'),
  DATA_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => path.resolve(v || './data')),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || 'WordBee <no-reply@wordbee.local>')
    .refine((v) => /@/.test(v), { message: 'must be an e-mail address' }),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  TOKEN_TTL_MINUTES: positiveInt(120, 60 * 24 * 30),
  LOGIN_MAX_HOURS: positiveInt(12, 24 * 365),
  LIVE_LOGIN_RECHECK_SECONDS: positiveInt(30, 3600),
  DIGEST_HOUR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || '18')
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, 'must be an hour of the day, 0 to 23')
        .transform(Number)
        .pipe(z.number().int().min(0, 'must be an hour of the day, 0 to 23').max(23, 'must be an hour of the day, 0 to 23')),
    ),
  REPORT_TTL_DAYS: positiveInt(30, 3650),
  API_TOKEN_BUDGET: positiveInt(5000, 10_000_000),
  API_TOKEN_RESTORE_PER_SEC: positiveInt(100, 10_000_000),
  API_USER_BUDGET: positiveInt(20_000, 10_000_000),
  API_USER_RESTORE_PER_SEC: positiveInt(1000, 10_000_000),
  LIVE_VIEWS_PER_USER: positiveInt(20, 1_000_000),
  SENTRY_DSN: optionalUrl(['https://', 'http://']),
  PA_WORKERS: positiveInt(Math.min(4, availableParallelism()), 32),
  REPORT_THREADS: positiveInt(1, 32),
  WEB_PROCESSES: positiveInt(1, 64),
  PA_QUEUE: optionalPositiveInt(10_000),
  PA_UPLOAD_BUDGET_MB: optionalPositiveInt(1_000_000),
  REQUEST_TIMEOUT_SEC: positiveInt(60, 3600),
  TTS_CACHE_MB: positiveInt(512, 1_000_000),
  TTS_SYNTHESES_PER_ADDRESS: positiveInt(300, 1_000_000),
  UPLOAD_TIMEOUT_SEC: positiveInt(300, 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
  TIME_ZONE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || DEFAULT_TIME_ZONE)
    .refine(isTimeZone, { message: 'must be an IANA time zone name, e.g. Asia/Shanghai' }),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt(50, 100_000),
  SIGNUPS_PER_ADDRESS: positiveInt(100, 100_000),
  TRUST_PROXY: z
    .enum(['0', '1', 'false', 'true', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  SEED_DEMO: z
    .enum(['0', '1', 'false', 'true', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  PA_JOB_LEASE_SEC: positiveInt(90, 3600),
  PA_SCORING: z
    .enum(['local', 'jobs', ''])
    .optional()
    .transform((v) => (v === 'jobs' ? 'jobs' : 'local')),
  WEB_JOBS: z
    .enum(['0', '1', 'false', 'true', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => o === '*' || /^https?:\/\/[^/\s?#]+$/.test(o)), {
      message: 'must be origins like https://app.example.cn separated by commas (no path), or *',
    }),
  WEBHOOK_ALLOW_NETWORKS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => {
        try {
          parseNetworks(list);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be networks like 10.20.0.0/16 or fd00:1::/64 separated by commas' },
    ),
});

export type Config = {
  /** Create the demo accounts and class on the first start (once: deleted, they stay deleted). */
  seedDemo: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Unset: generated once and kept in DATA_DIR (server/users/tokens.ts). */
  jwtSecret?: string;
  tokenTtlMinutes: number;
  /** How long after typing the password a login may be renewed ("Stay logged in"). */
  loginMaxHours: number;
  /** How often an instance asks the database whether the logins of its open live connections have ended. */
  liveLoginRecheckSeconds: number;
  /** The hour (0–23, TIME_ZONE) the teachers' daily summaries go out (server/reports/digest.ts). */
  digestHour: number;
  reportTtlDays: number;
  /** GraphQL cost budgets (server/integrations/limits.ts): points a bucket holds and restores per second. */
  budgets: { token: { points: number; restorePerSec: number }; user: { points: number; restorePerSec: number } };
  /** Live views (classActivity subscriptions) one user may hold open at once per instance. */
  liveViewsPerUser: number;
  sentryDsn?: string;
  /** Worker threads scoring pronunciation recordings. */
  paWorkers: number;
  /** Worker threads rendering report PDFs (server/reports/render-pool.ts). */
  reportThreads: number;
  /**
   * Processes serving HTTP on this machine's PORT (server/processes.ts): 1 by default; more share
   * one PostgreSQL and one Redis as separate instances do, with connections accepted by a
   * process of their own and handed to them in turn.
   */
  webProcesses: number;
  /**
   * Whether a web instance also takes jobs (reports, mail, webhooks): true by default (the
   * embedded database has no other process); false leaves them to `npm run worker` processes.
   */
  webJobs: boolean;
  /**
   * Where an upload's recording is scored: 'local', in this instance's worker threads (the
   * default), or 'jobs', by whichever process takes scoring jobs from the shared PostgreSQL
   * (`npm run worker` processes, and this instance too unless WEB_JOBS=false: server/jobs/scoring.ts).
   */
  paScoring: 'local' | 'jobs';
  /**
   * How long a process's claim on a recording to score holds (PA_SCORING=jobs): a process killed
   * while scoring leaves it to another after this. Longer than one recording's scoring (≤ 60 s).
   */
  paJobLeaseSec: number;
  /** Recordings that may wait for a scoring worker; undefined: the pool's default per worker. */
  paQueue: number | undefined;
  /**
   * Memory, in MB, that recording uploads in flight may hold together (server/http/uploads.ts):
   * an upload that does not fit is refused at its headers with a 503 and Retry-After.
   */
  paUploadBudgetMb: number;
  /**
   * A request not answered within this time is ended with a 503 (server/http/time-limit.ts);
   * uploads (a recording, a GraphQL multipart request) have `uploadTimeoutSec`. The live
   * WebSocket and a reply already streaming are not limited.
   */
  requestTimeoutSec: number;
  /** The speech files kept in DATA_DIR/tts, in MB; the least recently used go first. */
  ttsCacheMb: number;
  /** New syntheses (speech not yet cached) per address in 10 minutes, for callers without a login. */
  ttsSynthesesPerAddress: number;
  uploadTimeoutSec: number;
  logLevel: string;
  production: boolean;
  /** The school's time zone (IANA): reports, their file names and exports give times in it. */
  timeZone: string;
  /** Origins allowed to call the API from a browser; empty: same-origin only. */
  corsOrigins: string[];
  /** Failed logins from one address before it must wait (server/users/throttle.ts). */
  loginFailuresPerAddress: number;
  /** Sign-ups from one address (within 15 minutes) before it must wait (server/users/throttle.ts). */
  signupsPerAddress: number;
  /** Behind a reverse proxy: the client's address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /**
   * Internal networks (CIDRs) webhooks may reach; every other loopback, private, link-local or
   * reserved address is refused (server/integrations/addresses.ts).
   */
  webhookAllowNetworks: string[];
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.PA_SCORING === 'jobs' && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid PA_SCORING: jobs needs DATABASE_URL (the PostgreSQL the workers share); the embedded database scores in its own process (local)',
    );
  if (e.WEB_PROCESSES > 1 && (!e.DATABASE_URL || !e.REDIS_URL))
    throw new ConfigError(
      `Invalid WEB_PROCESSES: ${e.WEB_PROCESSES} processes need DATABASE_URL and REDIS_URL (the PostgreSQL and Redis they share, as several instances do); the embedded database is one process's (set WEB_PROCESSES=1)`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    loginMaxHours: e.LOGIN_MAX_HOURS,
    liveLoginRecheckSeconds: e.LIVE_LOGIN_RECHECK_SECONDS,
    digestHour: e.DIGEST_HOUR,
    reportTtlDays: e.REPORT_TTL_DAYS,
    budgets: {
      token: { points: e.API_TOKEN_BUDGET, restorePerSec: e.API_TOKEN_RESTORE_PER_SEC },
      user: { points: e.API_USER_BUDGET, restorePerSec: e.API_USER_RESTORE_PER_SEC },
    },
    liveViewsPerUser: e.LIVE_VIEWS_PER_USER,
    sentryDsn: e.SENTRY_DSN,
    paWorkers: e.PA_WORKERS,
    reportThreads: e.REPORT_THREADS,
    webProcesses: e.WEB_PROCESSES,
    webJobs: e.WEB_JOBS,
    paScoring: e.PA_SCORING,
    paJobLeaseSec: e.PA_JOB_LEASE_SEC,
    paQueue: e.PA_QUEUE,
    paUploadBudgetMb: e.PA_UPLOAD_BUDGET_MB ?? defaultUploadBudgetMb(),
    requestTimeoutSec: e.REQUEST_TIMEOUT_SEC,
    ttsCacheMb: e.TTS_CACHE_MB,
    ttsSynthesesPerAddress: e.TTS_SYNTHESES_PER_ADDRESS,
    uploadTimeoutSec: e.UPLOAD_TIMEOUT_SEC,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    timeZone: e.TIME_ZONE,
    corsOrigins: e.CORS_ORIGINS,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    signupsPerAddress: e.SIGNUPS_PER_ADDRESS,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    webhookAllowNetworks: e.WEBHOOK_ALLOW_NETWORKS,
  };
}
