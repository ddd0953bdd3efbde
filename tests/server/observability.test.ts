/**
 * Observability: server errors reach Sentry when a DSN is set (a Sentry-shaped receiver on
 * loopback stands in for sentry.io), and /readyz says whether the database answers and every
 * migration is applied.
 */
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { flushErrorReports, initErrorReporting, reportError } from '../../server/observability.ts';
import { DATABASES } from '../helpers/databases.ts';
import { startServer } from '../helpers/server.ts';

describe('error reporting to Sentry', () => {
  const envelopes: string[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('sends an unexpected server error with where it happened, without the query string (tokens may travel there)', async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const port = (receiver.address() as { port: number }).port;
    await initErrorReporting(`http://publickey@127.0.0.1:${port}/42`, pino({ level: 'silent' }));
    reportError(new Error('the disk caught fire'), { where: 'rest', requestId: 'req-7', url: '/api/v1.0/usertasks?token=secret' });
    await flushErrorReports(5000);
    const sent = envelopes.join('\n');
    expect(sent).toContain('the disk caught fire');
    expect(sent).toContain('req-7');
    expect(sent).toContain('/api/v1.0/usertasks');
    expect(sent).not.toContain('token=secret');
  });
});

describe.each(DATABASES)('/readyz on %s', (kind) => {
  it('is ready when the database answers and every migration is applied, and says which is missing', async () => {
    const server = await startServer(kind, { app: { mailWorker: false, webhookWorker: false } });
    try {
      expect(await server.get('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: kind } });
      // Forget the newest migration, as a database an older version migrated would look.
      await server.app.deps.db.execute(`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)` as never);
      expect(await server.get('/readyz')).toEqual({ status: 503, body: { status: 'migrations pending', pending: 1 } });
    } finally {
      await server.close();
    }
  });
});
