/**
 * The scoring engine: target text + 16 kHz samples → PaResult.
 *
 * 1. Every target word gets a pronunciation (dictionary, else eSpeak NG G2P).
 * 2. The recording is force-aligned to the words, with optional silence and noise between them
 *    (retrying with wider beams before giving up).
 * 3. Each phone's goodness of pronunciation (GOP) is its aligned score per frame against the best
 *    competing senone of each frame (see aligner.ts), taken as a z-score against that phone's
 *    distribution in learner speech; a word's raw score is the weighted mean of its phones
 *    (the word model: each phone weighs by how well it tells a word said from one not said).
 * 4. Two things the per-phone score misses are charged to the words: a duration far from what the
 *    speaker's rate predicts (a word squeezed into a few frames was not said, the aligner had to
 *    put it somewhere), and speech the alignment left outside the target words (loud frames in
 *    the silence/noise segments next to a word — a child said something else there). Short words
 *    get a credit: the mean of two phones swings further than the mean of six.
 * 5. The two lowest words are aligned again with room, from the word before to the word after
 *    (`rawWordScores`): a said word that a neighbour not said squeezed gets its audio back.
 * 6. Raw scores map to 0–100 by a logistic curve calibrated on learner speech (the 2,300 training
 *    recordings of speechocean762, `npm run pa:train`); a word below the "heard" line, drawn where
 *    almost no word a learner really read falls, is omitted.
 */
import { FRAME_RATE, SAMPLE_RATE, AlignmentFailed, type AlignedWord, type Aligner } from './aligner.ts';
import { ensurePronunciations } from './g2p.ts';
import { itemSchedule, MAX_READING_WORDS, phraseEnds, targetWords } from './text.ts';
import { AudioError } from './audio.ts';
import calibration from './calibration.json' with { type: 'json' };
import { PHONE_GOP_FLOOR, phoneGops, phoneNet, wordGopOf, type FrameGaps } from './phone-net.ts';
import type { PaResult, WordScore } from './result.ts';

export class TextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TextError';
  }
}

const MAX_WORDS = MAX_READING_WORDS;

/** The lines on the 0–100 word score fitted by `npm run pa:train` (scripts/pa/calibrate.ts). */
const LINES = (calibration as { lines?: { centre: number; heardBelow: number; mispronouncedBelow: number } }).lines;

/**
 * Calibration. Per phone, the mean and spread of its GOP in the learners' own-text alignments
 * (calibration.json, fitted on the 2,300 training recordings of speechocean762 with
 * `npm run pa:train`, never on the 200 of the shared sample that judge it): phones differ a lot
 * (a vowel scores lower than a stop even when well said), so each phone's GOP is taken as a
 * z-score against its own distribution. The rest maps those to 0–100.
 */
export const CALIBRATION = {
  /**
   * Logistic centre and scale (in z units) of the word and phone score → 0–100 mapping; the centre
   * is fitted so that the mispronounced line (60) falls where a word said and a word not said are
   * misjudged equally often.
   */
  centre: LINES?.centre ?? -0.5,
  scale: 0.55,
  /** Loudness above the recording's noise floor (dB) that counts a frame as speech. */
  speechDb: 15,
  /** A word scoring below this was not heard (fitted: at most 0.5% of the words learners read from their own text). */
  heardBelow: LINES?.heardBelow ?? 20,
  /** Below this a heard word is mispronounced. */
  mispronouncedBelow: LINES?.mispronouncedBelow ?? 60,
};

export type PhoneStats = Record<string, { mean: number; sd: number }>;
const PHONE_STATS: PhoneStats = (calibration as { phones: PhoneStats }).phones;
/** A phone missing from a table (seldom said) counts against the table's average phone. */
const averages = new WeakMap<PhoneStats, { mean: number; sd: number }>();
function averagePhone(table: PhoneStats): { mean: number; sd: number } {
  let average = averages.get(table);
  if (!average) {
    const all = Object.values(table);
    average = { mean: all.reduce((a, p) => a + p.mean, 0) / all.length, sd: all.reduce((a, p) => a + p.sd, 0) / all.length };
    averages.set(table, average);
  }
  return average;
}

/** A phone's GOP (score per frame) as a z-score against the learners' distribution for that phone. */
export function phoneZ(phone: string, score: number, frames: number, table: PhoneStats = PHONE_STATS): number {
  const stats = table[phone] ?? averagePhone(table);
  return (score / Math.max(1, frames) - stats.mean) / stats.sd;
}

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

const HOP = SAMPLE_RATE / FRAME_RATE;
/** Silence kept before the first and after the last loud frame (frames). */
const SPAN_MARGIN = 30;

/**
 * The frames worth aligning: from 0.3 s before the first frame loud enough to be speech to 0.3 s
 * after the last. Children leave a second or more of silence around their words; aligning it costs
 * time (every senone is scored in every frame) and tells nothing.
 */
function speechSpan(energy: Float32Array): { from: number; to: number } {
  const floor = noiseFloor(energy);
  let first = -1;
  let last = -1;
  for (let f = 0; f < energy.length; f++) {
    if (energy[f]! - floor > CALIBRATION.speechDb) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return { from: 0, to: energy.length };
  return { from: Math.max(0, first - SPAN_MARGIN), to: Math.min(energy.length, last + 1 + SPAN_MARGIN) };
}

export interface SpeechAlignment {
  segments: AlignedWord[];
  /** The aligned stretch of the recording (frames): segment frames count from `from`. */
  from: number;
  to: number;
}

/**
 * Aligns the words to the speech span of the recording (the words must be in the dictionary);
 * segment frames count from `from`. Throws AlignmentFailed.
 */
export function alignSpeech(aligner: Aligner, pcm: Float32Array, words: string[], energy = frameEnergies(pcm)): SpeechAlignment {
  const { from, to } = speechSpan(energy);
  return { segments: aligner.align(pcm.subarray(from * HOP, to * HOP), words).words, from, to };
}

/** True when the recording has no frame loud enough to be speech. */
function isSilent(energy: Float32Array): boolean {
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
    words: words.map(omittedWord),
  };
}

/**
 * Aligns `words` in `pcm` with the word at `index` given room (`Aligner.alignWithRoom`): the
 * alignment's segments, or null when there is no path. The scoring pool lends this to another
 * worker thread when one is idle, so that the two checks of a recording run side by side.
 */
export type RoomAlignment = (pcm: Float32Array, words: string[], index: number) => Promise<AlignedWord[] | null>;

/** `Aligner.alignWithRoom` on this thread, with no path as null. */
export function alignWithRoomHere(aligner: Aligner): RoomAlignment {
  return async (pcm, words, index) => {
    try {
      return aligner.alignWithRoom(pcm, words, index).words;
    } catch (error) {
      if (error instanceof AlignmentFailed) return null;
      throw error;
    }
  };
}

export interface ScoreOptions {
  /** Refuse a silent recording with a message instead of scoring it 0. */
  rejectSilence?: boolean;
  /**
   * The recording was made on the Record screen, which showed these items (the text is them,
   * joined by commas) one after another at its pace: an item in whose time on screen nobody
   * spoke was skipped, and is omitted rather than aligned over a neighbour's audio.
   */
  pacedItems?: readonly string[];
  /** Where the second check with room runs (another thread); by default on this thread. */
  assist?: RoomAlignment;
}

/** Scores 16 kHz mono samples against the target text. */
export async function scoreRecording(aligner: Aligner, pcm: Float32Array, text: string, options: ScoreOptions = {}): Promise<PaResult> {
  const words = targetWords(text);
  if (!words.length) throw new TextError('There are no words to score');
  if (words.length > MAX_WORDS) throw new TextError(`At most ${MAX_WORDS} words can be scored at once`);
  await ensurePronunciations(aligner, words);
  const energy = frameEnergies(pcm);
  if (isSilent(energy)) {
    if (options.rejectSilence) throw new AudioError('The recording is silent: check the microphone, then record again');
    return omittedResult(words);
  }
  let aligned: SpeechAlignment;
  try {
    aligned = alignSpeech(aligner, pcm, words, energy);
  } catch (error) {
    if (error instanceof AlignmentFailed) return omittedResult(words);
    throw error;
  }
  const raw = await rawWordScores(alignWithRoomHere(aligner), options.assist, pcm, words, aligned, energy);
  const result = scoreAlignment(aligned.segments, words, raw, aligned.from, phraseEnds(text));
  const skipped = options.pacedItems ? skippedItems(options.pacedItems, energy, result.words) : [];
  return skipped.length ? withoutSkippedItems(aligner, pcm, options.pacedItems!, skipped, options) : result;
}

/**
 * The items of a paced recording that were skipped. Two signs must agree: the item's own time on
 * screen (from 0.3 s after it appeared, when the one before may still be finishing, to when the
 * next appears) holds no speech at all, and the alignment put the item's words where it could not
 * have been said: starting after the next item appeared (with a child's reaction time), or
 * nowhere it could hear them. A slow child who says each item late still fills the time of the
 * one before; continuous reading leaves the item where it was said. Nothing is decided when the
 * recording's length is not the screen's schedule (another app's, or one stopped early).
 */
function skippedItems(items: readonly string[], energy: Float32Array, words: readonly WordScore[]): number[] {
  const schedule = itemSchedule(items);
  if (Math.abs(energy.length / FRAME_RATE - schedule.at(-1)!.end) > 1.5) return [];
  const floor = noiseFloor(energy);
  const quiet = (from: number, to: number) => {
    for (let f = Math.round(from * FRAME_RATE); f < Math.min(energy.length, Math.round(to * FRAME_RATE)); f++)
      if (energy[f]! - floor > CALIBRATION.speechDb) return false;
    return true;
  };
  const skipped: number[] = [];
  let at = 0;
  items.forEach((item, i) => {
    const mine = words.slice(at, (at += targetWords(item).length));
    const { start, end } = schedule[i]!;
    const misplaced = mine.every((w) => !w.heard) || mine[0]!.start >= end + 0.25;
    if (quiet(start + 0.3, end) && misplaced) skipped.push(i);
  });
  return skipped.length === items.length ? [] : skipped;
}

/** A word that was not heard. */
const omittedWord = (word: string): WordScore => ({ word, score: 0, heard: false, error: 'omitted', start: 0, end: 0, phones: [] });

/** Scores the items that were said, and gives the skipped ones' words as omitted, in text order. */
async function withoutSkippedItems(aligner: Aligner, pcm: Float32Array, items: readonly string[], skipped: number[], options: ScoreOptions): Promise<PaResult> {
  const said = items.filter((_, i) => !skipped.includes(i));
  const part = await scoreRecording(aligner, pcm, said.join(', '), { ...options, pacedItems: undefined });
  const scored: WordScore[] = [];
  let next = 0;
  items.forEach((item, i) => {
    for (const word of targetWords(item)) {
      scored.push(skipped.includes(i) ? omittedWord(word) : part.words[next++]!);
    }
  });
  // The said items' fluency, shared out over all the words (as the engine scales it by the words heard).
  return summarize(scored, part.fluency * (part.words.length / scored.length));
}

/** What the word model weighs for one aligned target word. */
export interface WordEvidence {
  /** Each phone's GOP as a z-score against learner speech. */
  phones: Array<{ phone: string; z: number }>;
  /** |log(frames / frames the speaker's rate predicts for its phones)|. */
  durationMisfit: number;
  /** Loud frames left outside the words next to it (split between the two neighbours). */
  outsideFrames: number;
  /** The neural phone model's GOP (phone-net.ts): mean over the word's phones; absent without the model. */
  nn?: number;
  /** Each phone's DNN-GOP floored at PHONE_GOP_FLOOR, in the order of `phones` (weighed only by a model with `nnPhoneWeights`). */
  nnPhones?: number[];
}

/**
 * Per target word (in alignment order): its phones' z-scores, how far its duration is from what
 * the speaker's rate predicts (a word squeezed into a few frames was not said, the aligner had to
 * put it somewhere; one stretched over a long stretch swallowed other speech), and the speech the
 * alignment left in the silence and noise next to it (a child said something else there).
 */
export function wordEvidence(
  segments: AlignedWord[],
  energy: Float32Array,
  stats: PhoneStats = PHONE_STATS,
  framesPerPhone = speakingRate(segments),
  net?: NetFrames,
): WordEvidence[] {
  const floor = noiseFloor(energy);
  const targets = segments.filter((s) => s.target >= 0);
  const evidence: WordEvidence[] = targets.map((w) => ({
    phones: w.phones.map((p) => ({ phone: p.phone, z: phoneZ(p.phone, p.score, p.frames, stats) })),
    durationMisfit: Math.abs(Math.log(Math.max(1, w.frames) / Math.max(1, w.phones.length * framesPerPhone))),
    outsideFrames: 0,
    ...(net ? netEvidence(net, w) : {}),
  }));
  segments.forEach((s, i) => {
    if (s.target >= 0) return;
    let loud = 0;
    for (let f = s.start; f < s.start + s.frames && f < energy.length; f++) if (energy[f]! - floor > CALIBRATION.speechDb) loud++;
    if (!loud) return;
    const neighbours = [
      segments
        .slice(0, i)
        .reverse()
        .find((x) => x.target >= 0),
      segments.slice(i + 1).find((x) => x.target >= 0),
    ].filter((x): x is AlignedWord => Boolean(x));
    for (const n of neighbours) evidence[targets.indexOf(n)]!.outsideFrames += loud / neighbours.length;
  });
  return evidence;
}

/** A word's evidence from the neural phone model: its phones' mean DNN-GOP, floored, and each phone's when the word model weighs them. */
function netEvidence(net: NetFrames, w: AlignedWord): Pick<WordEvidence, 'nn' | 'nnPhones'> {
  const gops = phoneGops(
    net.gaps,
    net.frames,
    w.phones.map((p) => ({ phone: p.phone, start: p.start + net.offset, frames: p.frames })),
  );
  return { nn: wordGopOf(gops), ...(WORD_MODEL.nnPhoneWeights ? { nnPhones: gops.map((x) => Math.max(PHONE_GOP_FLOOR, x)) } : {}) };
}

/** The neural phone model's frame gaps over the aligned span (phone-net.ts); `offset`: where the segments' frame 0 is in it. */
export interface NetFrames {
  gaps: FrameGaps;
  frames: number;
  offset: number;
}

/** The speaker's rate: frames per phone over the target words of an alignment. */
function speakingRate(segments: AlignedWord[]): number {
  const targets = segments.filter((s) => s.target >= 0);
  const phones = targets.reduce((n, w) => n + w.phones.length, 0);
  return targets.reduce((n, w) => n + w.frames, 0) / Math.max(1, phones);
}

/**
 * How the evidence adds up to a word's raw score (z units). Fitted on the training recordings by
 * `npm run pa:train` (scripts/pa/word-model.ts): each phone's z-score counts with a
 * weight saying how well that phone tells a word said from a word not said (learners' L, V, DH and
 * short vowels vary so much that they tell little; stops, nasals and S tell a lot), with the
 * weights averaging 1 over the phones of learner speech.
 */
export interface WordModel {
  phoneWeights: Record<string, number>;
  /** Charge per unit of duration misfit. */
  duration: number;
  /** Charge per 100 loud frames left outside the words. */
  outside: number;
  /** Weight of the neural phone model's word GOP (absent: the model is not used). */
  nn?: number;
  /**
   * Per phone, the weight of its DNN-GOP (floored at PHONE_GOP_FLOOR) in the word's mean, beside
   * `nn`'s weight of the floored mean. Absent from the shipped model: session 34 of
   * docs/pa-experiments.md fitted it (`scripts/pa/nn-folds.ts` variant `pw-3`), better on the speaker
   * folds, worse on the sample.
   */
  nnPhoneWeights?: Record<string, number>;
  /**
   * Credit per unit of (1/phones − 1/TYPICAL_PHONES): the mean of a short word's few phones swings further
   * from one pronunciation to the next, so the same low mean is weaker evidence of a word not said.
   */
  shortWord: number;
}

/** The phones of a typical word: the short-word credit is 0 there. */
export const TYPICAL_PHONES = 3;

/** Before fitting: every phone counts the same. */
export const DEFAULT_WORD_MODEL: WordModel = { phoneWeights: {}, duration: 0.5, outside: 0.5, shortWord: 0 };
const WORD_MODEL: WordModel = (calibration as { word?: WordModel }).word ?? DEFAULT_WORD_MODEL;

/** A word's raw score in z units: weighted mean phone z-score, less its charges, plus the short-word credit. */
export function rawWordScore(e: WordEvidence, model: WordModel = WORD_MODEL): number {
  const n = Math.max(1, e.phones.length);
  const phones = e.phones.reduce((sum, p) => sum + (model.phoneWeights[p.phone] ?? 1) * p.z, 0) / n;
  const [nnWeights, nnGops] = [model.nnPhoneWeights, e.nnPhones];
  const nnPhones = nnWeights && nnGops ? e.phones.reduce((sum, p, i) => sum + (nnWeights[p.phone] ?? 0) * (nnGops[i] ?? 0), 0) / n : 0;
  return (
    phones +
    nnPhones -
    model.duration * e.durationMisfit -
    (model.outside * e.outsideFrames) / 100 +
    model.shortWord * (1 / n - 1 / TYPICAL_PHONES) +
    (model.nn ?? 0) * (e.nn ?? 0)
  );
}

/** Loads the neural phone model's weights now when the word model weighs it (a worker does at start). */
export function preloadPhoneNet(): void {
  if (WORD_MODEL.nn) phoneNet();
}

/** How many of the lowest-scoring words are aligned again with room (see `rawWordScores`). */
const ROOM_RECHECKS = 2;

/**
 * Raw score of each target word (in alignment order), in z units, the lowest two checked again
 * with room when they score below the mispronounced line.
 *
 * A word that was not said takes what audio suits it best, often from a neighbour that was said;
 * the neighbour, squeezed into a few frames, then scores lowest in its place (half of the misses
 * on the learner sample). So each of the two lowest words is aligned again, in the stretch from
 * the word before it to the word after it, with every one of its phones given at least six frames
 * (`Aligner.alignWithRoom`), and its raw score becomes the mean of the two alignments' scores. A
 * squeezed word said well scores better with its audio back; a word not said scores as badly as
 * before, or worse. On the learner sample this finds the replaced word 80.5% of the time instead
 * of 77.8% (speakers the word model was not fitted on), for at most two alignments of three words.
 * A word above the mispronounced line has nothing to win back and is not checked (the replaced
 * word is found as often, and a recording said well costs no extra alignment). With a helper
 * (`assist`, another worker thread that is idle), the two checks run side by side.
 */
async function rawWordScores(
  here: RoomAlignment,
  assist: RoomAlignment | undefined,
  pcm: Float32Array,
  words: string[],
  aligned: SpeechAlignment,
  energy: Float32Array,
): Promise<number[]> {
  const span = energy.subarray(aligned.from, aligned.to);
  // The rechecks judge durations by the whole recording's rate, not by their three words'.
  const rate = speakingRate(aligned.segments);
  // The neural phone model's frames over the whole span, each computed when a target word's phone first needs it (the checks with room reuse them).
  const net = WORD_MODEL.nn ? phoneNet() : null;
  const gaps = net ? net.lazyGaps(pcm, aligned.from, aligned.to) : undefined;
  const raw = wordEvidence(aligned.segments, span, PHONE_STATS, rate, gaps && { gaps, frames: span.length, offset: 0 }).map((e) => rawWordScore(e));
  const targets = aligned.segments.filter((s) => s.target >= 0);
  return checkWithRoom({ raw, targets, words, pcm, from: aligned.from, span, rate, gaps }, here, assist);
}

/** What turns a word's evidence into its raw score: the shipped calibration, or (scripts/pa) one fitted without some speakers. */
export interface WordScorer {
  model: WordModel;
  stats: PhoneStats;
  /** The raw score at which a word falls below the mispronounced line. */
  mispronounced: number;
}

/** The raw score that maps to the mispronounced line, for a mapping centred at `centre`. */
export const mispronouncedRaw = (centre: number) =>
  centre + CALIBRATION.scale * Math.log(CALIBRATION.mispronouncedBelow / (100 - CALIBRATION.mispronouncedBelow));

const SHIPPED_SCORER: WordScorer = { model: WORD_MODEL, stats: PHONE_STATS, mispronounced: mispronouncedRaw(CALIBRATION.centre) };

/** One alignment's words as the check with room needs them. */
export interface RoomCheck {
  /** Raw score of each target word, in alignment order. */
  raw: readonly number[];
  /** The aligned target words: frames from the start of `span`. */
  targets: ReadonlyArray<Pick<AlignedWord, 'target' | 'start' | 'frames'>>;
  /** The text's words (`targets[k].target` indexes them). */
  words: readonly string[];
  pcm: Float32Array;
  /** Where the aligned span starts in the recording (frames). */
  from: number;
  /** Frame energies of the aligned span. */
  span: Float32Array;
  /** Frames per phone over the whole alignment. */
  rate: number;
  /** The neural phone model's frame gaps over the span, when the word model weighs it. */
  gaps?: FrameGaps;
}

/** The raw scores after the lowest two words were checked again with room (see `rawWordScores`). */
export async function checkWithRoom(c: RoomCheck, here: RoomAlignment, assist?: RoomAlignment, scorer: WordScorer = SHIPPED_SCORER): Promise<number[]> {
  const { raw, targets, span } = c;
  const checks = raw
    .map((score, k) => ({ score, k }))
    .sort((a, b) => a.score - b.score)
    .slice(0, ROOM_RECHECKS)
    .filter(({ score }) => score < scorer.mispronounced)
    .map(({ k }) => {
      const first = Math.max(0, k - 1);
      const last = Math.min(targets.length - 1, k + 1);
      // From the start of the word before to the end of the word after (the edge of the speech
      // when there is none); wider stretches or margins around them find the replaced word no
      // more often.
      const from = first === k ? 0 : targets[first]!.start;
      const to = last === k ? span.length : Math.min(span.length, targets[last]!.start + targets[last]!.frames);
      const local = targets.slice(first, last + 1).map((s) => c.words[s.target]!);
      return { k, first, from, to, audio: c.pcm.subarray((c.from + from) * HOP, (c.from + to) * HOP), local };
    });
  // The second check is handed to the helper first, to run on its thread while the first runs here.
  const lent = checks.map((check, i) => (i > 0 && assist ? assist(check.audio, check.local, check.k - check.first) : null));
  const checked = raw.slice();
  for (const [i, check] of checks.entries()) {
    const segments = await (lent[i] ?? here(check.audio, check.local, check.k - check.first));
    if (!segments) continue;
    const at = segments.filter((s) => s.target >= 0).findIndex((s) => s.target === check.k - check.first);
    if (at < 0) continue;
    const net = c.gaps && { gaps: c.gaps, frames: span.length, offset: check.from };
    const evidence = wordEvidence(segments, span.subarray(check.from, check.to), scorer.stats, c.rate, net)[at]!;
    checked[check.k] = (raw[check.k]! + rawWordScore(evidence, scorer.model)) / 2;
  }
  return checked;
}

function scoreAlignment(segments: AlignedWord[], words: string[], raw: number[], offset: number, phraseEnd: Set<number>): PaResult {
  const c = CALIBRATION;
  const targets = segments.filter((s) => s.target >= 0);
  const scored: WordScore[] = words.map((word, i) => {
    const at = targets.findIndex((s) => s.target === i);
    const seg = targets[at];
    if (!seg) return omittedWord(word);
    const score = round(logistic(raw[at]!));
    const heard = score >= c.heardBelow;
    return {
      word,
      score,
      heard,
      error: !heard ? 'omitted' : score < c.mispronouncedBelow ? 'mispronounced' : 'none',
      start: seconds(offset + seg.start),
      end: seconds(offset + seg.start + seg.frames),
      phones: seg.phones.map((p) => ({ phone: p.phone, score: round(logistic(phoneZ(p.phone, p.score, p.frames))) })),
    };
  });
  const heard = scored.filter((w) => w.heard);
  // Reading a text fluently means reading all of it: a recording with half the words left out is
  // not fluent, however smooth the half that was said.
  const fluency = heard.length ? fluencyOf(segments, scored, phraseEnd) * (heard.length / scored.length) : 0;
  return summarize(scored, fluency);
}

/** The result's total and parts from its scored words and their fluency. */
function summarize(scored: WordScore[], fluency: number): PaResult {
  const accuracy = scored.reduce((a, w) => a + w.score, 0) / scored.length;
  const completeness = (100 * scored.filter((w) => w.heard).length) / scored.length;
  const total = 0.6 * accuracy + 0.2 * fluency + 0.2 * completeness;
  return { total: round(total), accuracy: round(accuracy), fluency: round(fluency), completeness: round(completeness), words: scored };
}

/**
 * Fluency: the share of the time between the first and the last heard word that is spent in
 * words (long pauses and hesitations lower it), scaled by how well those words were said. A pause
 * at a phrase end (after a comma or a sentence, or between the items of a word list, which the
 * Record screen shows one at a time) is where a reader should pause: it is not counted.
 */
function fluencyOf(segments: AlignedWord[], scored: WordScore[], phraseEnd: Set<number>): number {
  const heardTargets = segments.filter((s) => s.target >= 0 && scored[s.target]?.heard);
  const first = heardTargets[0]!;
  const last = heardTargets[heardTargets.length - 1]!;
  let inWords = 0;
  let pause = 0;
  let atPhraseEnd = 0;
  let previous = -1;
  for (const s of segments) {
    if (s.target >= 0) previous = s.target;
    if (s.start < first.start || s.start >= last.start + last.frames) continue;
    if (s.target >= 0) inWords += s.frames;
    else if (phraseEnd.has(previous)) atPhraseEnd += s.frames;
    else if (s.frames > 30) pause += s.frames - 30; // pauses up to 0.3 s are natural
  }
  const span = last.start + last.frames - first.start - atPhraseEnd;
  const smooth = Math.max(0, 1 - pause / Math.max(1, span));
  const quality = heardTargets.reduce((a, s) => a + scored[s.target]!.score, 0) / heardTargets.length / 100;
  return 100 * smooth * Math.min(1, 0.5 + quality) * Math.min(1, inWords / Math.max(1, span) + 0.3);
}
