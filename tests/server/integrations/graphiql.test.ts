import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

describe('GraphiQL at /graphql', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const page = () => fetch(`${server!.url}/graphql`, { headers: { accept: 'text/html' } });

  it('is there in development, for exploring the documented schema', async () => {
    server = await startServer('pglite', { env: { NODE_ENV: 'development' } });
    const r = await page();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('<title>WordBee GraphQL</title>');
    expect(html).toMatch(/graphiql/i);
    // Everything it needs is in the page: it works on a school network with no internet.
    expect(html).not.toMatch(/https?:\/\/(unpkg\.com|cdn\.jsdelivr\.net)/);
  });

  it('is off in production', async () => {
    server = await startServer('pglite', { env: { NODE_ENV: 'production' } });
    const r = await page();
    expect(r.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
    expect(await r.text()).not.toMatch(/graphiql/i);
  });
});
