/** The scoring pool: work runs in worker threads, a full queue answers "busy" at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoringBusyError, ScoringInputError, ScoringPool } from '../../../server/speech/pa/pool.ts';
import { browserRecording, speak } from '../../../scripts/pa/synth.ts';

describe('the scoring pool', () => {
  const pool = new ScoringPool({ workers: 1, maxQueue: 1 });
  let audio: Uint8Array;
  beforeAll(async () => {
    audio = await browserRecording(await speak(['yellow', 'purple'], 'rms', 0.9), 'webm');
  }, 60_000);
  afterAll(() => pool.close());

  it('scores in a worker thread while the event loop stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const result = await pool.score({ audio, text: 'yellow purple' });
    clearInterval(timer);
    expect(result.words.map((w) => w.word)).toEqual(['yellow', 'purple']);
    expect(result.total).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(3); // timers kept firing while the recording was scored
  }, 60_000);

  it('answers busy beyond one running and one waiting job, then keeps working', async () => {
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => pool.score({ audio, text: 'yellow purple' })));
    const busy = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof ScoringBusyError);
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    expect(busy.length).toBe(2);
    expect(done.length).toBe(2);
    expect((await pool.score({ audio, text: 'yellow purple' })).words).toHaveLength(2);
  }, 60_000);

  it('passes the user-facing reason for a bad recording back from the worker', async () => {
    await expect(pool.score({ audio: new TextEncoder().encode('RIFF....WAVEjunk'), text: 'yellow' })).rejects.toBeInstanceOf(ScoringInputError);
  }, 30_000);
});
