/**
 * Starts a real WordBee server for a test: its own database (see databases.ts), its own data
 * folder, port 0, quiet logs. Fixtures are made through the server's own calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createApp, type App, type AppOptions } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { freshDatabase, type DatabaseKind } from './databases.ts';

/** A small content pack (52 words over all levels) that keeps test servers quick to seed. */
const FIXTURE_WORDS = fileURLToPath(new URL('../fixtures/words', import.meta.url));

/** Tests never ask real DNS: a name is unknown unless the test answers it (AppOptions.resolveHost). */
const offlineResolver = async (name: string): Promise<never> => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

export type TestServer = {
  url: string;
  /** The PostgreSQL URL of its database (undefined on PGlite). */
  databaseUrl?: string;
  app: App;
  dataDir: string;
  /** POST JSON to a REST call; returns status and parsed body. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** A GraphQL operation over HTTP. */
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>;
  /** Logs in through REST and returns the user record. */
  login(username: string, password?: string): Promise<{ accessToken: string; [k: string]: unknown }>;
  close(): Promise<void>;
};

export async function startServer(
  kind: DatabaseKind = 'pglite',
  options: { env?: Record<string, string>; app?: AppOptions; /** Share another test server's PostgreSQL database. */ sharedDatabaseUrl?: string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-test-'));
  const database = options.sharedDatabaseUrl
    ? { options: { url: options.sharedDatabaseUrl, max: 5 }, url: options.sharedDatabaseUrl, drop: async () => {} }
    : await freshDatabase(kind);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await createApp(config, {
    database: database.options,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    contentDir: FIXTURE_WORDS,
    resolveHost: offlineResolver,
    ...options.app,
  });
  const url = await app.listen(0, '127.0.0.1');

  const parse = async (response: Response) => {
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      return { status: response.status, body: text };
    }
  };
  const server: TestServer = {
    url,
    databaseUrl: database.url,
    app,
    dataDir,
    post: async (p, body, headers = {}) =>
      parse(
        await fetch(`${url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    get: async (p, headers = {}) => parse(await fetch(`${url}${p}`, { headers })),
    gql: async (query, variables = {}, token) =>
      parse(
        await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
          body: JSON.stringify({ query, variables }),
        }),
      ),
    login: async (username, password = username) => {
      const r = await server.post('/api/v1.0/username/login', { username, password });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
