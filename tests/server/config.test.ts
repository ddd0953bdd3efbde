import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { defaultUploadBudgetMb, loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      tokenTtlMinutes: 120,
      reportTtlDays: 30,
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      budgets: { token: { points: 5000, restorePerSec: 100 }, user: { points: 20_000, restorePerSec: 1000 } },
      paQueue: undefined, // the scoring pool's own default, per worker
      webhookAllowNetworks: [], // webhooks reach public addresses only
      paUploadBudgetMb: defaultUploadBudgetMb(),
    });
    // Sized for the machine: 5% of its memory, between 16 and 64 MB.
    expect([defaultUploadBudgetMb(512 * 1024 ** 2), defaultUploadBudgetMb(1024 ** 3), defaultUploadBudgetMb(64 * 1024 ** 3)]).toEqual([25, 51, 64]);
    expect(defaultUploadBudgetMb(128 * 1024 ** 2)).toBe(16);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/wordbee',
      DATABASE_URL: 'postgres://u@db/wordbee',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'School <wb@school.cn>',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL_MINUTES: '30',
      REPORT_TTL_DAYS: '7',
      SENTRY_DSN: 'https://key@sentry.example/1',
      PA_WORKERS: '3',
      PA_QUEUE: '120',
      WEBHOOK_ALLOW_NETWORKS: '10.20.0.0/16, fd00:1::/64,192.168.5.7',
      PA_UPLOAD_BUDGET_MB: '64',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/wordbee',
      databaseUrl: 'postgres://u@db/wordbee',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'School <wb@school.cn>',
      tokenTtlMinutes: 30,
      reportTtlDays: 7,
      sentryDsn: 'https://key@sentry.example/1',
      paWorkers: 3,
      paQueue: 120,
      webhookAllowNetworks: ['10.20.0.0/16', 'fd00:1::/64', '192.168.5.7'],
      paUploadBudgetMb: 64,
    });
  });

  it.each([
    ['PORT', 'eighty', /^Invalid PORT: /],
    ['PORT', '70000', /^Invalid PORT: /],
    ['DATABASE_URL', 'mysql://x', /^Invalid DATABASE_URL: must start with postgres/],
    ['REDIS_URL', 'http://x', /^Invalid REDIS_URL: /],
    ['SMTP_URL', 'mail.example', /^Invalid SMTP_URL: /],
    ['JWT_SECRET', 'short', /^Invalid JWT_SECRET: must be at least 32 characters/],
    ['TOKEN_TTL_MINUTES', '0', /^Invalid TOKEN_TTL_MINUTES: /],
    ['TOKEN_TTL_MINUTES', '1.5', /^Invalid TOKEN_TTL_MINUTES: must be a whole number/],
    ['REPORT_TTL_DAYS', '-3', /^Invalid REPORT_TTL_DAYS: /],
    ['MAIL_FROM', 'nobody', /^Invalid MAIL_FROM: /],
    ['API_TOKEN_BUDGET', '0', /^Invalid API_TOKEN_BUDGET: /],
    ['API_USER_RESTORE_PER_SEC', 'fast', /^Invalid API_USER_RESTORE_PER_SEC: must be a whole number/],
    ['PA_QUEUE', '0', /^Invalid PA_QUEUE: /],
    ['PA_QUEUE', 'many', /^Invalid PA_QUEUE: must be a whole number/],
    ['PA_UPLOAD_BUDGET_MB', 'lots', /^Invalid PA_UPLOAD_BUDGET_MB: must be a whole number/],
    ['TIME_ZONE', 'Beijing', /^Invalid TIME_ZONE: must be an IANA time zone name/],
    ['LIVE_VIEWS_PER_USER', '0', /^Invalid LIVE_VIEWS_PER_USER: /],
    ['WEBHOOK_ALLOW_NETWORKS', '10.0.0.0/33', /^Invalid WEBHOOK_ALLOW_NETWORKS: must be networks like 10.20.0.0\/16/],
    ['WEBHOOK_ALLOW_NETWORKS', 'intranet', /^Invalid WEBHOOK_ALLOW_NETWORKS: /],
    ['WEB_PROCESSES', '0', /^Invalid WEB_PROCESSES: /],
    ['WEB_PROCESSES', 'all', /^Invalid WEB_PROCESSES: must be a whole number/],
  ])('a bad %s (%s) stops start-up with a line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('refuses several web processes without the PostgreSQL and Redis they would share, saying so', () => {
    expect(() => loadConfig({ WEB_PROCESSES: '2' })).toThrow(/^Invalid WEB_PROCESSES: 2 processes need DATABASE_URL and REDIS_URL/);
    expect(() => loadConfig({ WEB_PROCESSES: '2', DATABASE_URL: 'postgres://u@db/wordbee' })).toThrow(/need DATABASE_URL and REDIS_URL/);
    expect(loadConfig({ WEB_PROCESSES: '2', DATABASE_URL: 'postgres://u@db/wordbee', REDIS_URL: 'redis://cache:6379' }).webProcesses).toBe(2);
    expect(loadConfig({}).webProcesses).toBe(1);
  });

  it('refuses to start with a bad value, printing one line', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^WordBee cannot start: Invalid PORT: /);
  });
});
