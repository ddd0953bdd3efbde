/**
 * The scoring workers load the acoustic model when the server starts (`npm start`), so the first
 * child who reads after a restart does not wait 5–8 s for it; a pool used without `start` loads
 * on its first recording, and `ready()` says when every worker can score at once.
 */
import { describe, expect, it } from 'vitest';
import { ScoringPool } from '../../../server/speech/pa/pool.ts';

describe('the scoring model is loaded ahead of the first recording', () => {
  // That `npm start` starts the pool and logs 'pronunciation scoring is ready' before any upload:
  // tests/server/hardening/faults.test.ts (SIGTERM), on the real process.
  it('a pool not started loads on its first use; started, ready() resolves with every worker loaded', async () => {
    const pool = new ScoringPool({ workers: 1 });
    try {
      expect(pool.isReady).toBe(false);
      let resolved = false;
      const waiting = pool.ready().then(() => (resolved = true));
      await new Promise((r) => setTimeout(r, 300));
      // Nobody started it: no worker, nothing loading.
      expect(resolved).toBe(false);
      pool.start();
      await waiting;
      expect(pool.isReady).toBe(true);
      await pool.ready();
    } finally {
      await pool.close();
    }
  }, 60_000);
});
