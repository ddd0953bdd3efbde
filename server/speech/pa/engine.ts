/**
 * The scoring engine: target text + 16 kHz samples → PaResult.
 *
 * 1. Every target word gets a pronunciation (dictionary, else eSpeak NG G2P).
 * 2. The recording is force-aligned to the words, with optional silence and noise between them
 *    (retrying with wider beams before giving up).
 * 3. Each phone's goodness of pronunciation (GOP) is its aligned score per frame against the best
 *    competing senone of each frame (see aligner.ts); a word's raw score is the mean of its phones.
 * 4. Two things the per-phone score misses are charged to the words next to them: speech the
 *    alignment left outside the target words (loud frames in the silence/noise segments — a child
 *    said something else there), and words squeezed into the minimum duration (the word was not
 *    said, the aligner had to put it somewhere).
 * 5. Raw scores map to 0–100 by a logistic curve calibrated on the shared learner sample; a word
 *    below the "heard" line is omitted.
 */
import { FRAME_RATE, SAMPLE_RATE, AlignmentFailed, type AlignedWord, type Aligner } from './aligner.ts';
import { ensurePronunciations, targetWords } from './g2p.ts';
import { AudioError } from './audio.ts';
import type { PaResult, WordScore } from './result.ts';

export class TextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TextError';
  }
}

export const MAX_WORDS = 60;

/** Calibration (fitted with `npm run eval:pa` on the shared learner sample; see README). */
export const CALIBRATION = {
  /** Logistic centre and scale of the per-frame GOP → 0–100 mapping. */
  centre: -75,
  scale: 12,
  /** Frames per phone below which a word counts as squeezed, and the charge per missing frame. */
  squeezeFrames: 4,
  squeezeCharge: 12,
  /** Loudness above the recording's noise floor (dB) that counts a frame as speech. */
  speechDb: 15,
  /** Charge per frame of speech left outside the words, spread over the neighbouring words. */
  outsideCharge: 0.6,
  /** A word scoring below this was not heard. */
  heardBelow: 25,
  /** Below this a heard word is mispronounced. */
  mispronouncedBelow: 60,
};

/** Frame energies in dB (25 ms windows every 10 ms), as the recognizer's front end frames them. */
export function frameEnergies(pcm: Float32Array): Float32Array {
  const hop = SAMPLE_RATE / FRAME_RATE;
  const win = Math.round(SAMPLE_RATE * 0.025);
  const n = Math.max(0, Math.floor((pcm.length - win) / hop) + 1);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    for (let i = f * hop; i < f * hop + win; i++) sum += pcm[i]! * pcm[i]!;
    out[f] = 10 * Math.log10(sum / win + 1e-10);
  }
  return out;
}

/** The noise floor: the 10th percentile of frame energies. */
function noiseFloor(energy: Float32Array): number {
  if (!energy.length) return -100;
  const sorted = Float32Array.from(energy).sort();
  return sorted[Math.floor(sorted.length * 0.1)]!;
}

/** True when the recording has no frame loud enough to be speech. */
export function isSilent(energy: Float32Array): boolean {
  if (!energy.length) return true;
  let max = -Infinity;
  for (const e of energy) max = Math.max(max, e);
  return max < -45 || max - noiseFloor(energy) < CALIBRATION.speechDb;
}

const logistic = (x: number) => 100 / (1 + Math.exp(-(x - CALIBRATION.centre) / CALIBRATION.scale));
const round = (x: number) => Math.round(x);
const seconds = (frames: number) => Math.round((frames / FRAME_RATE) * 100) / 100;

function omittedResult(words: string[]): PaResult {
  return {
    total: 0,
    accuracy: 0,
    fluency: 0,
    completeness: 0,
    words: words.map((word) => ({ word, score: 0, heard: false, error: 'omitted', start: 0, end: 0, phones: [] })),
  };
}

/** Scores 16 kHz mono samples against the target text. */
export async function scoreRecording(aligner: Aligner, pcm: Float32Array, text: string, options: { rejectSilence?: boolean } = {}): Promise<PaResult> {
  const words = targetWords(text);
  if (!words.length) throw new TextError('There are no words to score');
  if (words.length > MAX_WORDS) throw new TextError(`At most ${MAX_WORDS} words can be scored at once`);
  await ensurePronunciations(aligner, words);
  const energy = frameEnergies(pcm);
  if (isSilent(energy)) {
    if (options.rejectSilence) throw new AudioError('The recording is silent: check the microphone, then record again');
    return omittedResult(words);
  }
  let segments: AlignedWord[];
  try {
    segments = aligner.align(pcm, words).words;
  } catch (error) {
    if (error instanceof AlignmentFailed) return omittedResult(words);
    throw error;
  }
  return scoreAlignment(segments, words, energy);
}

/** Raw (per-frame GOP) score of each target word, after the charges of step 4. */
export function rawWordScores(segments: AlignedWord[], energy: Float32Array): number[] {
  const c = CALIBRATION;
  const floor = noiseFloor(energy);
  const targets = segments.filter((s) => s.target >= 0);
  const raw = targets.map((w) => {
    const gops = w.phones.map((p) => p.score / Math.max(1, p.frames));
    let value = gops.reduce((a, b) => a + b, 0) / Math.max(1, gops.length);
    const perPhone = w.frames / Math.max(1, w.phones.length);
    if (perPhone < c.squeezeFrames) value -= (c.squeezeFrames - perPhone) * c.squeezeCharge;
    return value;
  });
  // Speech left in silence/noise segments goes to the target words on either side.
  segments.forEach((s, i) => {
    if (s.target >= 0) return;
    let loud = 0;
    for (let f = s.start; f < s.start + s.frames && f < energy.length; f++) if (energy[f]! - floor > c.speechDb) loud++;
    if (!loud) return;
    const neighbours = [segments.slice(0, i).reverse().find((x) => x.target >= 0), segments.slice(i + 1).find((x) => x.target >= 0)]
      .filter((x): x is AlignedWord => Boolean(x));
    for (const n of neighbours) raw[n.target]! -= (loud * c.outsideCharge) / neighbours.length;
  });
  return raw;
}

function scoreAlignment(segments: AlignedWord[], words: string[], energy: Float32Array): PaResult {
  const c = CALIBRATION;
  const targets = segments.filter((s) => s.target >= 0);
  const raw = rawWordScores(segments, energy);
  const scored: WordScore[] = words.map((word, i) => {
    const seg = targets[i];
    if (!seg) return { word, score: 0, heard: false, error: 'omitted', start: 0, end: 0, phones: [] };
    const score = round(logistic(raw[i]!));
    const heard = score >= c.heardBelow;
    return {
      word,
      score,
      heard,
      error: !heard ? 'omitted' : score < c.mispronouncedBelow ? 'mispronounced' : 'none',
      start: seconds(seg.start),
      end: seconds(seg.start + seg.frames),
      phones: seg.phones.map((p) => ({ phone: p.phone, score: round(logistic(p.score / Math.max(1, p.frames))) })),
    };
  });
  const heard = scored.filter((w) => w.heard);
  const accuracy = scored.reduce((a, w) => a + w.score, 0) / scored.length;
  const completeness = (100 * heard.length) / scored.length;
  const fluency = heard.length ? fluencyOf(segments, scored) : 0;
  const total = 0.6 * accuracy + 0.2 * fluency + 0.2 * completeness;
  return { total: round(total), accuracy: round(accuracy), fluency: round(fluency), completeness: round(completeness), words: scored };
}

/**
 * Fluency: the share of the time between the first and the last heard word that is spent in
 * words (long pauses and hesitations lower it), scaled by how well those words were said.
 */
function fluencyOf(segments: AlignedWord[], scored: WordScore[]): number {
  const heardTargets = segments.filter((s) => s.target >= 0 && scored[s.target]?.heard);
  const first = heardTargets[0]!;
  const last = heardTargets[heardTargets.length - 1]!;
  const span = last.start + last.frames - first.start;
  let inWords = 0;
  let pause = 0;
  for (const s of segments) {
    if (s.start < first.start || s.start >= last.start + last.frames) continue;
    if (s.target >= 0) inWords += s.frames;
    else if (s.frames > 30) pause += s.frames - 30; // pauses up to 0.3 s are natural
  }
  const smooth = Math.max(0, 1 - pause / Math.max(1, span));
  const quality = heardTargets.reduce((a, s) => a + scored[s.target]!.score, 0) / heardTargets.length / 100;
  return 100 * smooth * Math.min(1, 0.5 + quality) * Math.min(1, inWords / Math.max(1, span) + 0.3);
}
