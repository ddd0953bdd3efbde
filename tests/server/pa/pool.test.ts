/** The scoring pool: work runs in worker threads, a full queue answers "busy" at once. */
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aligner } from '../../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../../server/speech/pa/audio.ts';
import { scoreRecording } from '../../../server/speech/pa/engine.ts';
import { ScoringBusyError, ScoringInputError, ScoringPool } from '../../../server/speech/pa/pool.ts';
import { browserRecording, speak } from '../../../scripts/pa/synth.ts';
import { loadEveryWorker } from '../../../scripts/eval-pa.ts';

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

function workersOf(pool: ScoringPool): Worker[] {
  return (pool as unknown as { slots: Array<{ worker: Worker }> }).slots.map((slot) => slot.worker);
}

/** Lent checks sent to the pool's current workers go to `instead` rather than to the worker; returns the undo. */
function interceptChecks(pool: ScoringPool, instead: (worker: Worker) => void): () => void {
  const originals = workersOf(pool).map((worker) => {
    const post = worker.postMessage.bind(worker) as (message: unknown, transfer?: unknown) => void;
    worker.postMessage = ((message: { type?: string }, transfer?: unknown) => {
      if (message?.type === 'check') instead(worker);
      else post(message, transfer);
    }) as Worker['postMessage'];
    return { worker, post };
  });
  return () => {
    for (const { worker, post } of originals) worker.postMessage = post as Worker['postMessage'];
  };
}

describe('a pool of two workers', () => {
  const pool = new ScoringPool({ workers: 2, maxQueue: 4 });
  const said = ['apple', 'banana', 'orange', 'teacher', 'window', 'yellow'];
  // Two words the recording does not say: both are checked again with room. "zongzi" is not in
  // the dictionary (G2P makes its pronunciation in the worker that scores the recording).
  const text = 'apple banana zongzi teacher doctor yellow';
  let audio: Uint8Array;
  let alone: Awaited<ReturnType<typeof scoreRecording>>;
  beforeAll(async () => {
    audio = await browserRecording(await speak(said, 'slt', 1), 'webm');
    alone = await scoreRecording(await Aligner.create(), await decodeRecording(audio), text);
    await loadEveryWorker(pool, audio, said.join(' '));
  }, 120_000);
  afterAll(() => pool.close());

  it('lends the second check with room to the idle worker and scores as one thread does', async () => {
    const lent = pool.lentChecks;
    const result = await pool.score({ audio, text });
    expect(pool.lentChecks).toBe(lent + 1);
    expect(result).toEqual(alone);
    const ranked = [...result.words].sort((a, b) => a.score - b.score).map((w) => w.word);
    expect(ranked.slice(0, 2).sort()).toEqual(['doctor', 'zongzi']);
  }, 60_000);

  it('when the helper dies during a lent check, the worker that lent it does the check itself', async () => {
    // Whichever worker is asked to help is stopped instead of getting the check, as a crash would.
    const workers = workersOf(pool);
    const restore = interceptChecks(pool, (worker) => void worker.terminate());
    const lent = pool.lentChecks;
    try {
      expect(await pool.score({ audio, text })).toEqual(alone);
    } finally {
      restore();
    }
    expect(pool.lentChecks).toBe(lent + 1);
    expect(workersOf(pool).filter((worker) => workers.includes(worker))).toHaveLength(1);
    // A fresh worker took the place of the stopped one, and the pool goes on scoring.
    await loadEveryWorker(pool, audio, said.join(' '));
    expect(await pool.score({ audio, text })).toEqual(alone);
  }, 120_000);

  it('a helper that never answers is replaced in time for the lender to do the check itself', async () => {
    // A lent check gets a quarter of the time, 3 s; the whole reading (its own alignments, the
    // 3 s wait, then the check done by the lender) must fit in 12 s on a loaded CI machine.
    const quick = new ScoringPool({ workers: 2, timeoutMs: 12_000 });
    try {
      await loadEveryWorker(quick, audio, said.join(' '));
      interceptChecks(quick, () => {}); // the check is lost: no answer ever comes
      const started = performance.now();
      expect(await quick.score({ audio, text })).toEqual(alone);
      expect(performance.now() - started).toBeGreaterThan(3_000); // it waited for the helper, then went on
      expect(quick.lentChecks).toBe(1);
    } finally {
      await quick.close();
    }
  }, 60_000);

  it('with every worker busy, each does its own checks, with the same scores', async () => {
    const lent = pool.lentChecks;
    const results = await Promise.all([1, 2, 3].map(() => pool.score({ audio, text })));
    expect(pool.lentChecks - lent).toBeLessThanOrEqual(1); // only the last one, once a worker is free
    for (const result of results) expect(result).toEqual(alone);
  }, 60_000);
});
