/**
 * The evidence the calibration is fitted on, gathered from learner recordings (the 2,300 training
 * recordings of speechocean762, never the 200 of the shared sample): each recording aligned to its
 * own text, and to its text with one word replaced (the standard substitution trials, three per
 * recording), as `scoreRecording` aligns them. Per target word it keeps what the word model weighs
 * before any calibration: each phone's GOP per frame, the duration misfit and the loud frames left
 * outside the words. Gathering is the slow part (four alignments per recording), so it is written
 * to a cache, one line per recording, and resumed from there; fitting (scripts/pa/calibrate.ts) then
 * takes seconds.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aligner, AlignmentFailed } from '../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';
import { alignSpeech, frameEnergies, wordEvidence, type PhoneStats } from '../../server/speech/pa/engine.ts';
import { ensurePronunciations } from '../../server/speech/pa/g2p.ts';
import { targetWords } from '../../server/speech/pa/text.ts';

/** The training recordings: `WORDBEE_PA_TRAIN_DIR`, else `../shared/data/speechocean762-train` beside the checkout. */
export const TRAIN_DIR = process.env.WORDBEE_PA_TRAIN_DIR ?? fileURLToPath(new URL('../../../shared/data/speechocean762-train', import.meta.url));

/** One target word before calibration: [phone, GOP per frame] pairs, duration misfit, outside frames. */
export interface RawWord {
  p: Array<[string, number]>;
  d: number;
  o: number;
  /** The neural phone model's word GOP (scripts/pa/phone-net.ts), when gathered with it. */
  n?: number;
  /** Each phone's DNN-GOP floored (at PHONE_GOP_FLOOR, or a `pwXpY` variant's Y) for a word model with per-phone DNN-GOP weights. */
  np?: number[];
}

/** One recording's evidence. `own` is null when its own text could not be aligned. */
export interface RecordingEvidence {
  id: string;
  speaker: string;
  /** Own text: the target words in alignment order, with their index in the text. */
  own: Array<RawWord & { t: number }> | null;
  /** Substitution trials: words in alignment order, `r` the index of the replaced word among them. */
  trials: Array<{ words: RawWord[]; r: number }>;
}

export interface Row {
  id: string;
  speaker: string;
  words: string[];
  file: string;
}

/** The rows of a speechocean762 directory (utterances.tsv; WAV or Ogg Opus files under wav/). */
export function readRows(dir: string): Row[] {
  const lines = readFileSync(path.join(dir, 'utterances.tsv'), 'utf8').trim().split('\n');
  const header = lines[0]!.split('\t');
  const textAt = header.indexOf('text');
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    const id = cells[0]!;
    const wav = path.join(dir, 'wav', `${id}.wav`);
    // speechocean762 utterance ids begin with the speaker's number (as the sample's loader reads them).
    return { id, speaker: id.slice(0, 5), words: targetWords(cells[textAt]!), file: existsSync(wav) ? wav : path.join(dir, 'wav', `${id}.ogg`) };
  });
}

/** A deterministic other word for recording i, try m (never the word itself): as eval-pa's trials. */
export function replacement(pool: string[], i: number, m: number, word: string): string {
  for (let j = 0; ; j++) {
    const candidate = pool[(i * 31 + m * 101 + j * 7) % pool.length]!;
    if (candidate !== word) return candidate;
  }
}

/** The standard trials of recording i: up to `perRecording` copies of its words, one replaced each. */
export function trialsOf(words: string[], i: number, pool: string[], perRecording = 3): Array<{ words: string[]; replaced: number }> {
  if (words.length < 2) return [];
  return Array.from({ length: Math.min(perRecording, words.length) }, (_, m) => {
    const replaced = (i + m) % words.length;
    const copy = words.slice();
    copy[replaced] = replacement(pool, i, m, copy[replaced]!);
    return { words: copy, replaced };
  });
}

/** Every phone as mean 0, spread 1: z-scores are then the raw GOP per frame. */
const IDENTITY: PhoneStats = new Proxy({}, { get: () => ({ mean: 0, sd: 1 }) });

const rawWords = (evidence: ReturnType<typeof wordEvidence>): RawWord[] =>
  evidence.map((e) => ({
    p: e.phones.map((x) => [x.phone, Math.round(x.z * 100) / 100] as [string, number]),
    d: Math.round(e.durationMisfit * 1000) / 1000,
    o: Math.round(e.outsideFrames * 10) / 10,
  }));

async function gather(aligner: Aligner, row: Row, i: number, pool: string[]): Promise<RecordingEvidence> {
  const pcm = await decodeRecording(new Uint8Array(readFileSync(row.file)));
  const energy = frameEnergies(pcm);
  const align = async (words: string[]) => {
    await ensurePronunciations(aligner, words);
    try {
      const a = alignSpeech(aligner, pcm, words, energy);
      return { segments: a.segments, words: wordEvidence(a.segments, energy.subarray(a.from, a.to), IDENTITY) };
    } catch (error) {
      if (error instanceof AlignmentFailed) return null;
      throw error;
    }
  };
  const own = await align(row.words);
  const trials: RecordingEvidence['trials'] = [];
  for (const t of trialsOf(row.words, i, pool)) {
    const a = await align(t.words);
    if (!a) continue;
    const targets = a.segments.filter((s) => s.target >= 0);
    const r = targets.findIndex((s) => s.target === t.replaced);
    if (r >= 0) trials.push({ words: rawWords(a.words), r });
  }
  const targets = own?.segments.filter((s) => s.target >= 0) ?? [];
  return {
    id: row.id,
    speaker: row.speaker,
    own: own ? rawWords(own.words).map((w, k) => ({ ...w, t: targets[k]!.target })) : null,
    trials,
  };
}

/** Where `npm run pa:train -- --phone-net` gathers the network's frames (NET_WORK.jsonl, .f32) and trains its networks (NET_WORK-all, NET_WORK-fold0…3). */
export const NET_WORK = path.join(tmpdir(), 'wordbee-pa-train', `${path.basename(TRAIN_DIR)}-net`);

/** The default cache of a directory's evidence (outside the checkout: it is made from the data). */
export const cacheFile = (dir: string) => path.join(tmpdir(), 'wordbee-pa-train', `${path.basename(dir)}.jsonl`);

export function readCache(file: string): RecordingEvidence[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordingEvidence);
}

/**
 * Gathers the evidence of every recording of `dir` not yet in `file` (every fourth recording
 * first, so that a run stopped early still covers every speaker), appending as it goes.
 */
export async function gatherAll(dir: string, file = cacheFile(dir), log: (line: string) => void = () => {}): Promise<RecordingEvidence[]> {
  const rows = readRows(dir);
  const pool = [...new Set(rows.flatMap((r) => r.words))];
  const done = new Set(readCache(file).map((e) => e.id));
  mkdirSync(path.dirname(file), { recursive: true });
  const order = [0, 1, 2, 3].flatMap((k) => rows.map((_, i) => i).filter((i) => i % 4 === k));
  const aligner = await Aligner.create();
  const t0 = performance.now();
  let n = 0;
  for (const i of order) {
    const row = rows[i]!;
    if (done.has(row.id)) continue;
    appendFileSync(file, `${JSON.stringify(await gather(aligner, row, i, pool))}\n`);
    if (++n % 50 === 0) log(`${done.size + n}/${rows.length} recordings (${((performance.now() - t0) / n).toFixed(0)} ms each)`);
  }
  return readCache(file);
}
