/**
 * `npm run eval:pa`: how good and how fast the pronunciation engine is.
 *
 *   - the shared learner sample (../shared/data/speechocean762-sample, 200 recordings by
 *     Mandarin-speaking learners): the share of pairs where a recording's own text outscores
 *     another recording's text, and word-substitution detection (one word of the text replaced by
 *     another word of the sample's texts: how often that word gets the lowest score); the same with
 *     the replacements drawn from the textbooks' words, the words a PA task asks for; and both
 *     figures again with the recordings as a browser uploads them (Opus 16 kbit/s);
 *   - recordings it synthesizes with the project's Flite voices (slt, rms, awb, kal) at three
 *     speeds, saying textbook words, encoded as browsers record them (Opus 16 kbit/s, WebM and
 *     Ogg): the same two figures;
 *   - the mean total for silence and for noise;
 *   - latency for a 10-word recording on one thread, and recordings per second with the scoring
 *     pool using every core.
 *
 *   - the calibration refitted by speaker folds on the 2,300 training recordings (scripts/pa/calibrate.ts,
 *     from the evidence `npm run pa:train` gathered): the replaced word found, and the own-text words
 *     'not heard', on speakers held out, by the GMM's evidence alone; and, when `npm run pa:train --
 *     --phone-net` left its fold networks, the replaced word found as the engine scores (its network,
 *     the check with room: scripts/pa/checked-folds.ts);
 *   - the share of words 'not heard' when the project's synthesized voices read the right text.
 *
 * The calibration is fitted by `npm run pa:train` on the training recordings, never on the sample.
 * Options: `--limit N` (recordings of the shared sample, default all), `--json` (machine output),
 * `--no-folds` (skip the training recordings).
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aligner } from '../server/speech/pa/aligner.ts';
import { decodeRecording } from '../server/speech/pa/audio.ts';
import { scoreRecording } from '../server/speech/pa/engine.ts';
import { targetWords } from '../server/speech/pa/text.ts';
import { ScoringBusyError, ScoringPool } from '../server/speech/pa/pool.ts';
import { buildPack } from '../db/content/pack.ts';
import { browserRecording, concat, noise, silence, speak, speakEspeak } from './pa/synth.ts';
import { NET_WORK, TRAIN_DIR, gatherAll } from './pa/evidence.ts';
import { checkedFolds, describeChecked, type CheckedFolds } from './pa/checked-folds.ts';
import { describeFolds, speakerFolds, type FoldFigures } from './pa/calibrate.ts';
import type { Voice } from '../server/speech/flite.ts';

/** The shared learner sample: `WORDBEE_PA_SAMPLE_DIR`, else `../shared/data/speechocean762-sample` beside the checkout. */
export const SAMPLE_DIR = process.env.WORDBEE_PA_SAMPLE_DIR ?? fileURLToPath(new URL('../../shared/data/speechocean762-sample', import.meta.url));

/** `speaker`: who was recorded (speechocean762 utterance ids begin with the speaker's number). */
export type Utterance = { id: string; speaker: string; words: string[]; pcm: Float32Array };

export function loadSample(dir = SAMPLE_DIR, limit = Infinity, step = 1): Promise<Utterance[]> {
  const rows = readFileSync(path.join(dir, 'utterances.tsv'), 'utf8').trim().split('\n').slice(1);
  const picked = rows.filter((_, i) => i % step === 0).slice(0, limit);
  return Promise.all(
    picked.map(async (line) => {
      const [id, , text] = line.split('\t');
      const pcm = await decodeRecording(new Uint8Array(readFileSync(path.join(dir, 'wav', `${id}.wav`))));
      return { id: id!, speaker: id!.slice(0, 5), words: targetWords(text!), pcm };
    }),
  );
}

/** A deterministic other word for utterance i, try m (never the word itself). */
function replacement(pool: string[], i: number, m: number, word: string): string {
  for (let j = 0; ; j++) {
    const candidate = pool[(i * 31 + m * 101 + j * 7) % pool.length]!;
    if (candidate !== word) return candidate;
  }
}

/**
 * The recordings as a student's browser uploads them: Opus at 16 kbit/s in WebM, encoded as
 * Chromium's MediaRecorder encodes (server/speech/opus-encode.ts), decoded as the server decodes.
 */
export async function asUploaded(items: Utterance[]): Promise<Utterance[]> {
  const out: Utterance[] = [];
  for (const u of items) out.push({ ...u, pcm: await decodeRecording(await browserRecording(u.pcm, 'webm')) });
  return out;
}

/** The words the set's own texts use: the replacements of the standard substitution trials. */
const ownWords = (items: Utterance[]) => [...new Set(items.flatMap((u) => u.words))];

/**
 * The single words of the textbooks, what a PA task asks a student to say: once each, or (`repeats`)
 * once per card in pack order, as the synthesized set has always picked from them.
 */
export function textbookWords({ repeats = false } = {}): string[] {
  const words = buildPack()
    .cards.map((c) => c.word.toLowerCase())
    .filter((w) => /^[a-z]+$/.test(w));
  return repeats ? words : [...new Set(words)];
}

/**
 * The substitution trials: per recording of two words or more, `perRecording` copies of its text
 * with one word (a different position each time) replaced by another word of `pool` (by default
 * the words of the set's own texts).
 */
export function* substitutions(
  items: Utterance[],
  perRecording = 3,
  pool = ownWords(items),
): Generator<{ item: Utterance; words: string[]; replaced: number }> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.words.length < 2) continue;
    for (let m = 0; m < Math.min(perRecording, item.words.length); m++) {
      const replaced = (i + m) % item.words.length;
      const words = item.words.slice();
      words[replaced] = replacement(pool, i, m, words[replaced]!);
      yield { item, words, replaced };
    }
  }
}

export type Figures = {
  pairs: number;
  substitution: number;
  substitutions: number;
  recordings: number;
  msPerRecording: number;
  /** Share of the words read from the recording's own text scored 'not heard', and 'mispronounced'. */
  notHeard: number;
  mispronounced: number;
};

/**
 * Pairs: own text vs the text of the recording `offset` places further on (strictly higher total
 * counts). Substitution: `perRecording` times per recording, a word of the text (a different
 * position each time) replaced by another word of the set; a hit when that word scores strictly
 * lowest. One substitution per recording is a noisy figure (±3 points on 200 recordings).
 */
export async function measure(aligner: Aligner, items: Utterance[], offset = 7, perRecording = 3): Promise<Figures> {
  let pairs = 0;
  let pairCount = 0;
  let ms = 0;
  let scored = 0;
  let words = 0;
  let notHeard = 0;
  let mispronounced = 0;
  for (let i = 0; i < items.length; i++) {
    const u = items[i]!;
    const other = items[(i + offset) % items.length]!;
    const t0 = performance.now();
    const own = await scoreRecording(aligner, u.pcm, u.words.join(' '));
    ms += performance.now() - t0;
    scored++;
    words += own.words.length;
    notHeard += own.words.filter((w) => !w.heard).length;
    mispronounced += own.words.filter((w) => w.error === 'mispronounced').length;
    if (other.words.join(' ') !== u.words.join(' ')) {
      const theirs = await scoreRecording(aligner, u.pcm, other.words.join(' '));
      pairCount++;
      if (own.total > theirs.total) pairs++;
    }
  }
  const { rate, trials } = await substitutionRate(aligner, items, perRecording);
  return {
    pairs: pairs / pairCount,
    substitution: rate,
    substitutions: trials,
    recordings: items.length,
    msPerRecording: ms / scored,
    notHeard: notHeard / words,
    mispronounced: mispronounced / words,
  };
}

/** Share of substitution trials (see `substitutions`) where the replaced word scores strictly lowest. */
export async function substitutionRate(aligner: Aligner, items: Utterance[], perRecording = 3, pool?: string[]): Promise<{ rate: number; trials: number }> {
  let hits = 0;
  let trials = 0;
  for (const { item, words, replaced } of substitutions(items, perRecording, pool)) {
    const result = await scoreRecording(aligner, item.pcm, words.join(' '));
    const lowest = Math.min(...result.words.map((w) => w.score));
    trials++;
    if (result.words[replaced]!.score === lowest && result.words.filter((w) => w.score === lowest).length === 1) hits++;
  }
  return { rate: hits / trials, trials };
}

/** Synthesized recordings: every voice at 0.8, 1.0 and 1.2 speed saying 4–8 textbook words. */
export async function synthesizedSet(count = 24): Promise<Utterance[]> {
  const words = textbookWords({ repeats: true }).filter((w) => w.length >= 3);
  const voices: Voice[] = ['slt', 'rms', 'awb', 'kal'];
  const speeds = [0.8, 1, 1.2];
  const items: Utterance[] = [];
  for (let i = 0; i < count; i++) {
    const n = 4 + (i % 5);
    const chosen = Array.from({ length: n }, (_, j) => words[(i * 97 + j * 389) % words.length]!);
    const pcm = await speak(chosen, voices[i % voices.length], speeds[Math.floor(i / voices.length) % speeds.length]);
    // Through the browser's codec and back, as an upload arrives.
    const bytes = await browserRecording(pcm, i % 2 ? 'ogg' : 'webm');
    items.push({ id: `synth-${i}`, speaker: voices[i % voices.length]!, words: chosen, pcm: await decodeRecording(bytes) });
  }
  return items;
}

/** The synthesized voices the project has: Flite's four and eSpeak NG's US-English voice at two speeds. */
export const VOICES = [
  { name: 'Flite slt', normal: true, say: (w: string[]) => speak(w, 'slt', 1) },
  { name: 'Flite rms', normal: true, say: (w: string[]) => speak(w, 'rms', 1) },
  { name: 'Flite awb', normal: true, say: (w: string[]) => speak(w, 'awb', 1) },
  { name: 'Flite kal', normal: true, say: (w: string[]) => speak(w, 'kal', 1) },
  { name: 'eSpeak NG 175 wpm', normal: true, say: (w: string[]) => speakEspeak(w, 175) },
  { name: 'eSpeak NG 130 wpm', normal: false, say: (w: string[]) => speakEspeak(w, 130) },
] as const;

/**
 * Each voice reading `count` lists of 4–8 textbook words, uploaded as a browser uploads them (Opus
 * 16 kbit/s, WebM and Ogg in turn) and scored against the words read: the share of words 'not
 * heard' and 'mispronounced' per voice.
 */
export async function voicesHeard(
  aligner: Aligner,
  count = 6,
): Promise<Array<{ voice: string; normal: boolean; words: number; notHeard: number; mispronounced: number; total: number }>> {
  const pool = textbookWords().filter((w) => w.length >= 2);
  const out = [];
  for (const [v, voice] of VOICES.entries()) {
    let words = 0;
    let notHeard = 0;
    let mispronounced = 0;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const n = 4 + ((i + v) % 5);
      const chosen = Array.from({ length: n }, (_, j) => pool[(i * 131 + v * 17 + j * 389) % pool.length]!);
      const pcm = await decodeRecording(await browserRecording(await voice.say(chosen), i % 2 ? 'ogg' : 'webm'));
      const result = await scoreRecording(aligner, pcm, chosen.join(' '));
      words += result.words.length;
      notHeard += result.words.filter((w) => !w.heard).length;
      mispronounced += result.words.filter((w) => w.error === 'mispronounced').length;
      total += result.total;
    }
    out.push({ voice: voice.name, normal: voice.normal, words, notHeard: notHeard / words, mispronounced: mispronounced / words, total: total / count });
  }
  return out;
}

/**
 * The calibration refitted by speaker folds on the training recordings (`WORDBEE_PA_TRAIN_DIR`),
 * from the evidence `npm run pa:train` gathered (gathered now when it has not been: slow).
 */
export async function trainingFolds(): Promise<FoldFigures | null> {
  if (!existsSync(TRAIN_DIR)) return null;
  return speakerFolds(await gatherAll(TRAIN_DIR));
}

/**
 * The engine's own figure on speakers never fitted on (scripts/pa/checked-folds.ts): each fold's
 * calibration and network made without its speakers, the replaced word found after the check with
 * room, as the sample is measured. It needs the four fold networks `npm run pa:train -- --phone-net`
 * leaves in NET_WORK (about 40 minutes on a 2-core machine); null without them.
 */
export async function engineFolds(): Promise<CheckedFolds | null> {
  if (![0, 1, 2, 3].every((f) => existsSync(path.join(`${NET_WORK}-fold${f}`, 'net.json'))) || !existsSync(`${NET_WORK}.jsonl`)) return null;
  return checkedFolds([NET_WORK], `${NET_WORK}-fold{f}`);
}

export async function silenceAndNoise(aligner: Aligner): Promise<{ silence: number; noise: number }> {
  const text = 'apple banana orange teacher window';
  const silent = [silence(2), silence(4), concat([silence(1), noise(0.05, 0.002, 3), silence(1)])];
  const noisy = [noise(3, 0.02, 1), noise(3, 0.08, 2), noise(5, 0.2, 3)];
  const mean = async (set: Float32Array[]) => {
    let sum = 0;
    for (const pcm of set) sum += (await scoreRecording(aligner, await decodeRecording(await browserRecording(pcm, 'webm')), text)).total;
    return sum / set.length;
  };
  return { silence: await mean(silent), noise: await mean(noisy) };
}

/** One 10-word recording on one thread (median of 5) and through an idle pool (median of 5), and recordings/s with the pool on every core. */
export async function speed(aligner: Aligner): Promise<{ tenWordMs: number; pooledMs: number; perSecond: number; workers: number }> {
  const words = ['apple', 'banana', 'orange', 'teacher', 'window', 'yellow', 'purple', 'monkey', 'river', 'pencil'];
  const bytes = await browserRecording(await speak(words, 'slt', 1), 'webm');
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    await scoreRecording(aligner, await decodeRecording(bytes), words.join(' '));
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const [pooled = []] = await scoreOneAtATime(new ScoringPool(), bytes, [words.join(' ')], 5);
  pooled.sort((a, b) => a - b);
  const { perSecond, workers } = await poolThroughput(bytes, words.join(' '));
  return { tenWordMs: times[Math.floor(times.length / 2)]!, pooledMs: pooled[Math.floor(pooled.length / 2)]!, perSecond, workers };
}

/** One recording per worker at once: every worker has then loaded its model. */
export async function loadEveryWorker(pool: ScoringPool, audio: Uint8Array, text: string): Promise<void> {
  await Promise.all(Array.from({ length: pool.workers }, () => pool.score({ audio, text })));
}

/**
 * Recordings handed to an idle pool one at a time, as a student practising alone is scored (an
 * idle worker takes the second check with room): `rounds` times each text, once every worker has
 * loaded its model; the times per text, in ms. Closes the pool.
 */
export async function scoreOneAtATime(pool: ScoringPool, audio: Uint8Array, texts: string[], rounds: number): Promise<number[][]> {
  try {
    await loadEveryWorker(pool, audio, texts[0]!);
    const times = texts.map((): number[] => []);
    for (let i = 0; i < rounds; i++) {
      for (const [k, text] of texts.entries()) {
        const t0 = performance.now();
        await pool.score({ audio, text });
        times[k]!.push(performance.now() - t0);
      }
    }
    return times;
  } finally {
    await pool.close();
  }
}

/** Recordings per second through a scoring pool with a worker per core, every worker busy. */
export async function poolThroughput(audio: Uint8Array, text: string, jobsPerWorker = 6): Promise<{ perSecond: number; workers: number; jobs: number }> {
  const workers = availableParallelism();
  const jobs = workers * jobsPerWorker;
  const { ms } = await scoreAtOnce(new ScoringPool({ workers, maxQueue: jobs }), audio, text, jobs);
  return { perSecond: jobs / (ms / 1000), workers, jobs };
}

/**
 * `jobs` recordings handed to the pool at once, once every worker has loaded its model: the time
 * until the last answer, and how many were scored or turned away as busy. Closes the pool.
 */
export async function scoreAtOnce(pool: ScoringPool, audio: Uint8Array, text: string, jobs: number): Promise<{ ms: number; scored: number; busy: number }> {
  try {
    await loadEveryWorker(pool, audio, text);
    const t0 = performance.now();
    const outcomes = await Promise.allSettled(Array.from({ length: jobs }, () => pool.score({ audio, text })));
    const ms = performance.now() - t0;
    const busy = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof ScoringBusyError).length;
    return { ms, scored: outcomes.filter((o) => o.status === 'fulfilled').length, busy };
  } finally {
    await pool.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--calibrate')) {
    console.error('eval:pa judges, it no longer fits: the calibration is fitted on the training recordings by npm run pa:train');
    process.exit(2);
  }
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
  const aligner = await Aligner.create();
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const out: Record<string, unknown> = {};
  if (existsSync(SAMPLE_DIR)) {
    const sample = await loadSample(SAMPLE_DIR, limit);
    out.learnerSample = await measure(aligner, sample);
    out.learnerSampleTextbookWords = await substitutionRate(aligner, sample, 3, textbookWords());
    out.learnerSampleUploaded = await measure(aligner, await asUploaded(sample));
  } else {
    console.error(`(the shared learner sample is not at ${SAMPLE_DIR}; skipping it)`);
  }
  if (!args.includes('--no-folds')) {
    const folds = await trainingFolds();
    if (folds) out.trainingFolds = folds;
    else console.error(`(the training recordings are not at ${TRAIN_DIR}; skipping the speaker folds)`);
    const engine = folds && (await engineFolds());
    if (engine) out.engineFolds = engine;
    else if (folds) console.error(`(no fold networks in ${NET_WORK}-fold0…3: run npm run pa:train -- --phone-net for the engine's figure on the folds)`);
  }
  out.voices = await voicesHeard(aligner);
  out.synthesized = await measure(aligner, await synthesizedSet(), 5);
  out.silenceNoise = await silenceAndNoise(aligner);
  out.speed = await speed(aligner);
  if (args.includes('--json')) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  const row = (name: string, f: Figures) =>
    `${name.padEnd(28)} pairs ${pct(f.pairs).padStart(6)}   substitution ${pct(f.substitution).padStart(6)} of ${f.substitutions}   own text: not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)}   (${f.recordings} recordings, ${f.msPerRecording.toFixed(0)} ms each)`;
  if (out.learnerSample) {
    console.log(row('Shared learner sample', out.learnerSample as Figures));
    const tb = out.learnerSampleTextbookWords as { rate: number; trials: number };
    console.log(`${'  replaced by textbook words'.padEnd(28)}                substitution ${pct(tb.rate).padStart(6)} of ${tb.trials}`);
    console.log(row('  as uploaded (Opus 16k)', out.learnerSampleUploaded as Figures));
  }
  if (out.trainingFolds) console.log(`Training recordings by speaker folds, GMM alone: ${describeFolds(out.trainingFolds as FoldFigures)}`);
  if (out.engineFolds) console.log(`  as the engine scores (its network, the check with room): ${describeChecked(out.engineFolds as CheckedFolds)}`);
  for (const v of out.voices as Awaited<ReturnType<typeof voicesHeard>>) {
    console.log(
      `${v.voice.padEnd(28)} not heard ${pct(v.notHeard).padStart(6)}   mispronounced ${pct(v.mispronounced).padStart(6)} of ${v.words} words   mean total ${v.total.toFixed(0)}`,
    );
  }
  console.log(row('Synthesized (Opus 16 kbit/s)', out.synthesized as Figures));
  const sn = out.silenceNoise as { silence: number; noise: number };
  console.log(`Silence: mean total ${sn.silence.toFixed(1)}   Noise: mean total ${sn.noise.toFixed(1)}`);
  const sp = out.speed as { tenWordMs: number; pooledMs: number; perSecond: number; workers: number };
  console.log(
    `Latency: a 10-word recording in ${sp.tenWordMs.toFixed(0)} ms on one thread, ${sp.pooledMs.toFixed(0)} ms through an idle pool; ${sp.perSecond.toFixed(2)} recordings/s with ${sp.workers} workers`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
