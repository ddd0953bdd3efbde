/**
 * The demo accounts (DESIGN: they exist after the first start) are made once per installation:
 * an operator who deletes them does not see them come back at the next start, and SEED_DEMO=0
 * never makes them.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../helpers/databases.ts';
import { startServer } from '../helpers/server.ts';

const demoLogin = (server: { post: (p: string, b: unknown) => Promise<{ status: number }> }) =>
  server.post('/api/v1.0/username/login', { username: 'demoteacher', password: 'demoteacher' }).then((r) => r.status);

describe('the demo accounts', () => {
  it.skipIf(!DATABASES.includes('postgres'))('are made on the first start only: deleted, they stay deleted', async () => {
    const first = await startServer('postgres');
    try {
      expect(await demoLogin(first)).toBe(200);
      await first.app.database.db.execute(`delete from users where username_key in ('demoteacher', 'demostudent')` as any);
      const again = await startServer('postgres', { sharedDatabaseUrl: first.databaseUrl });
      try {
        expect(await demoLogin(again)).toBe(401);
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });

  it('are not made with SEED_DEMO=0', async () => {
    const server = await startServer('pglite', { env: { SEED_DEMO: '0' } });
    try {
      expect(await demoLogin(server)).toBe(401);
    } finally {
      await server.close();
    }
  });
});
