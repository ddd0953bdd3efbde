/**
 * Fits the engine's calibration from gathered evidence (scripts/pa/evidence.ts): the per-phone GOP
 * statistics of learners' own-text alignments, the word model on the substitution trials
 * (scripts/pa/word-model.ts), and the two lines on the 0–100 word score:
 *
 *   - heard: a word is 'not heard' only on strong evidence, so the line is where at most
 *     HEARD_SHARE of the words learners really read from their own text fall below it;
 *   - mispronounced: where a word said and a word not said are equally likely to be misjudged (the
 *     share of own-text words below the line equals the share of replaced words at or above it).
 *     The mapping of raw scores to 0–100 is centred so that this line falls at 60, where the
 *     engine and the screens have always drawn it.
 *
 * `speakerFolds` refits all of it k times with one group of speakers held out, and counts on them.
 */
import { CALIBRATION, phoneZ, rawWordScore, type PhoneStats, type WordEvidence, type WordModel } from '../../server/speech/pa/engine.ts';
import { fitWordModel, hitRate, type Trial } from './word-model.ts';
import type { RawWord, RecordingEvidence } from './evidence.ts';

/** At most this share of learners' own-text words may fall below the heard line where it is fitted. */
export const HEARD_SHARE = 0.005;

export interface Lines {
  /** Centre of the logistic mapping of raw scores (z units) to 0–100. */
  centre: number;
  heardBelow: number;
  mispronouncedBelow: number;
}

/** The mispronounced line on the 0–100 score. */
export const MISPRONOUNCED = 60;

export interface Calibration {
  source: string;
  licence: string;
  recordings: number;
  speakers: number;
  phones: PhoneStats;
  word: WordModel;
  lines: Lines;
}

/** Per-phone GOP mean and spread over the own-text alignments (spread floored at 5). */
export function phoneStats(records: RecordingEvidence[]): PhoneStats {
  const gops: Record<string, number[]> = {};
  for (const r of records) for (const w of r.own ?? []) for (const [phone, gop] of w.p) (gops[phone] ??= []).push(gop);
  const stats: PhoneStats = {};
  for (const [phone, values] of Object.entries(gops).sort(([a], [b]) => a.localeCompare(b))) {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    stats[phone] = { mean: Math.round(mean * 100) / 100, sd: Math.round(Math.max(5, sd) * 100) / 100 };
  }
  return stats;
}

/** Raw evidence as the word model sees it, z-scores against `stats`. */
export function evidenceOf(w: RawWord, stats: PhoneStats): WordEvidence {
  return {
    phones: w.p.map(([phone, gop]) => ({ phone, z: phoneZ(phone, gop, 1, stats) })),
    durationMisfit: w.d,
    outsideFrames: w.o,
    ...(w.n !== undefined ? { nn: w.n } : {}),
    ...(w.np ? { nnPhones: w.np } : {}),
  };
}

export function trialsOf(records: RecordingEvidence[], stats: PhoneStats): Trial[] {
  return records.flatMap((r) => r.trials.map((t) => ({ words: t.words.map((w) => evidenceOf(w, stats)), replaced: t.r, speaker: r.speaker })));
}

/** The 0–100 score of a raw word score, as the engine maps it with this centre (before the check with room). */
export const score = (raw: number, centre: number) => Math.round(100 / (1 + Math.exp(-(raw - centre) / CALIBRATION.scale)));

/** Raw scores of the words learners read from their own text, and of the replaced words of the trials. */
function rawScores(records: RecordingEvidence[], stats: PhoneStats, model: WordModel): { own: number[]; replaced: number[] } {
  const own = records.flatMap((r) => (r.own ?? []).map((w) => rawWordScore(evidenceOf(w, stats), model)));
  const replaced = records.flatMap((r) => r.trials.map((t) => rawWordScore(evidenceOf(t.words[t.r]!, stats), model)));
  return { own, replaced };
}

const shareBelow = (values: number[], line: number) => values.filter((v) => v < line).length / Math.max(1, values.length);

export function fitLines(own: number[], replaced: number[]): Lines {
  // The equal-error point on the raw scale, searched on a fine grid.
  let point = 0;
  let best = Infinity;
  for (let raw = -6; raw <= 3; raw += 0.01) {
    const gap = Math.abs(shareBelow(own, raw) - (1 - shareBelow(replaced, raw)));
    if (gap < best) [best, point] = [gap, raw];
  }
  // logistic(point) = MISPRONOUNCED.
  const centre = Math.round((point - CALIBRATION.scale * Math.log(MISPRONOUNCED / (100 - MISPRONOUNCED))) * 1000) / 1000;
  const scored = own.map((raw) => score(raw, centre));
  let heardBelow = 1;
  for (let line = 1; line < MISPRONOUNCED; line++) if (shareBelow(scored, line) <= HEARD_SHARE) heardBelow = line;
  return { centre, heardBelow, mispronouncedBelow: MISPRONOUNCED };
}

export function fit(records: RecordingEvidence[]): { phones: PhoneStats; word: WordModel; lines: Lines; trials: Trial[] } {
  const phones = phoneStats(records);
  const trials = trialsOf(records, phones);
  const word = fitWordModel(trials);
  const { own, replaced } = rawScores(records, phones, word);
  return { phones, word, lines: fitLines(own, replaced), trials };
}

export interface FoldFigures {
  folds: number;
  recordings: number;
  speakers: number;
  /** Replaced word lowest by raw score (before the check with room), on speakers held out. */
  substitution: number;
  trials: number;
  /** Own-text words below the heard line / the mispronounced line (before the check), held out. */
  notHeard: number;
  mispronounced: number;
  words: number;
}

/** The fold of each speaker: in sorted order, every k-th to the same fold. */
export function foldsOfSpeakers(speakers: Iterable<string>, k = 4): Map<string, number> {
  return new Map([...new Set(speakers)].sort().map((s, i) => [s, i % k]));
}

/** Everything refitted `k` times, each time without one group of speakers, and counted on them. */
export function speakerFolds(records: RecordingEvidence[], k = 4, recordsOfFold: (fold: number) => RecordingEvidence[] = () => records): FoldFigures {
  const fold = foldsOfSpeakers(
    records.map((r) => r.speaker),
    k,
  );
  let hits = 0;
  let trials = 0;
  let notHeard = 0;
  let mispronounced = 0;
  let words = 0;
  for (let f = 0; f < k; f++) {
    // With a neural phone model, fold f's evidence comes from the network trained without its speakers.
    const mine = recordsOfFold(f);
    const fitted = fit(mine.filter((r) => fold.get(r.speaker) !== f));
    const held = mine.filter((r) => fold.get(r.speaker) === f);
    const heldTrials = trialsOf(held, fitted.phones);
    hits += hitRate(heldTrials, fitted.word) * heldTrials.length;
    trials += heldTrials.length;
    const own = rawScores(held, fitted.phones, fitted.word).own.map((raw) => score(raw, fitted.lines.centre));
    notHeard += own.filter((s) => s < fitted.lines.heardBelow).length;
    mispronounced += own.filter((s) => s >= fitted.lines.heardBelow && s < fitted.lines.mispronouncedBelow).length;
    words += own.length;
  }
  return {
    folds: k,
    recordings: records.length,
    speakers: fold.size,
    substitution: hits / Math.max(1, trials),
    trials,
    notHeard: notHeard / Math.max(1, words),
    mispronounced: mispronounced / Math.max(1, words),
    words,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function describeFolds(f: FoldFigures): string {
  return `${f.recordings} recordings, ${f.speakers} speakers, ${f.folds} speaker folds: replaced word lowest ${pct(f.substitution)} of ${f.trials} (raw scores, before the check with room); own-text words not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)} of ${f.words}`;
}

/** The calibration file's content, and a summary for the log. */
export function fitCalibration(
  records: RecordingEvidence[],
  recordsOfFold?: (fold: number) => RecordingEvidence[],
): { calibration: Calibration; summary: string } {
  const { phones, word, lines, trials } = fit(records);
  const speakers = new Set(records.map((r) => r.speaker)).size;
  const calibration: Calibration = {
    source: `speechocean762 training recordings (${records.length} recordings by ${speakers} Mandarin-speaking learners, not the 200 of the shared sample): phones from own-text alignments, the word model from texts with one word replaced, the heard and mispronounced lines from both; regenerate with npm run pa:train`,
    licence: 'Made from speechocean762 (SpeechOcean and Xiaomi, CC BY 4.0, github.com/jimbozhang/speechocean762, arXiv:2104.01378)',
    recordings: records.length,
    speakers,
    phones,
    word,
    lines,
  };
  const summary = [
    `fitted on ${records.length} recordings by ${speakers} speakers: ${Object.keys(phones).length} phones, mapping centred at ${lines.centre}, lines heard ${lines.heardBelow}, mispronounced ${lines.mispronouncedBelow}; replaced word lowest on the fitted ${pct(hitRate(trials, word))} of ${trials.length}`,
    describeFolds(speakerFolds(records, 4, recordsOfFold)),
  ].join('\n');
  return { calibration, summary };
}
