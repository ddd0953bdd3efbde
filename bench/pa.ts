/**
 * Pronunciation Assessment scoring per recording: a 10-word recording (synthesized, encoded as
 * Chrome uploads it, WebM Opus 16 kbit/s) scored by the engine on one thread, against the
 * baseline of decoding the same recording without scoring it, plus recordings per second through
 * the worker pool with every core busy. Also shown: the real-time factor (scoring time ÷ length),
 * and the slowest case: the same recording scored against a text with two words replaced, where
 * the engine aligns both weak words again with room (engine.ts, `rawWordScores`); both again one at
 * a time through the server's scoring pool, where an idle worker takes the second check. And a class of
 * 48 submitting at once to the server's pool as configured by default: how many are scored, how
 * many turned away as busy, and when the last score comes back.
 */
import { Aligner } from '../server/speech/pa/aligner.ts';
import { decodeRecording } from '../server/speech/pa/audio.ts';
import { scoreRecording } from '../server/speech/pa/engine.ts';
import { browserRecording, speak } from '../scripts/pa/synth.ts';
import { poolThroughput, scoreAtOnce, scoreOneAtATime } from '../scripts/eval-pa.ts';
import { ScoringPool } from '../server/speech/pa/pool.ts';

const WORDS = ['apple', 'banana', 'orange', 'teacher', 'window', 'yellow', 'purple', 'monkey', 'river', 'pencil'];
/** The text with two words replaced: two weak words, each aligned again. */
const TWO_REPLACED = WORDS.map((w, i) => (i === 3 ? 'elephant' : i === 7 ? 'doctor' : w));
const ROUNDS = 12;
const CLASS_SIZE = 48;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

export async function paBenchmark() {
  const samples = await speak(WORDS, 'slt', 1);
  const seconds = samples.length / 16_000;
  const bytes = await browserRecording(samples, 'webm');
  const aligner = await Aligner.create();
  await scoreRecording(aligner, await decodeRecording(bytes), WORDS.join(' ')); // warm up
  const decode: number[] = [];
  const score: number[] = [];
  const weak: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    await decodeRecording(bytes);
    decode.push(performance.now() - t0);
    t0 = performance.now();
    await scoreRecording(aligner, await decodeRecording(bytes), WORDS.join(' '));
    score.push(performance.now() - t0);
    t0 = performance.now();
    await scoreRecording(aligner, await decodeRecording(bytes), TWO_REPLACED.join(' '));
    weak.push(performance.now() - t0);
  }
  // One recording at a time through the server's pool, as a student practising alone is scored:
  // the first worker lends its second check with room to the idle one.
  const idlePool = new ScoringPool();
  const [served, servedWeak] = (await scoreOneAtATime(idlePool, bytes, [WORDS.join(' '), TWO_REPLACED.join(' ')], ROUNDS)) as [number[], number[]];
  const { perSecond, workers, jobs } = await poolThroughput(bytes, WORDS.join(' '), 8);
  // A class's recordings all at once into a pool with the server's defaults (workers and queue).
  const classPool = new ScoringPool();
  const burst = { workers: classPool.workers, ...(await scoreAtOnce(classPool, bytes, WORDS.join(' '), CLASS_SIZE)) };
  const p50 = quantile(score, 0.5);
  return {
    name: 'Pronunciation Assessment scoring per recording (10 words, WebM Opus 16 kbit/s)',
    lines: [
      `score (decode + align + GOP), one thread: p50 ${p50.toFixed(0)} ms, p99 ${quantile(score, 0.99).toFixed(0)} ms for ${seconds.toFixed(1)} s of speech (real-time factor ${(p50 / 1000 / seconds).toFixed(2)})`,
      `the same against a text with two words replaced (both aligned again with room): p50 ${quantile(weak, 0.5).toFixed(0)} ms, p99 ${quantile(weak, 0.99).toFixed(0)} ms`,
      `one at a time through the scoring pool (${idlePool.workers} workers, the second check on the idle one): p50 ${quantile(served, 0.5).toFixed(0)} ms, p99 ${quantile(served, 0.99).toFixed(0)} ms; two words replaced: p50 ${quantile(servedWeak, 0.5).toFixed(0)} ms, p99 ${quantile(servedWeak, 0.99).toFixed(0)} ms`,
      `baseline, decoding the same recording only: p50 ${quantile(decode, 0.5).toFixed(1)} ms — scoring is ${(p50 / quantile(decode, 0.5)).toFixed(0)}× decoding`,
      `pool of ${workers} worker threads, ${jobs} recordings at once: ${perSecond.toFixed(2)} recordings/s`,
      `a class of ${CLASS_SIZE} submitting at once (default queue, ${burst.workers} workers): ${burst.scored} scored, ${burst.busy} busy, the last score after ${(burst.ms / 1000).toFixed(1)} s`,
    ],
  };
}
