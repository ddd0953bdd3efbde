/**
 * Gathers what the neural phone model is trained and judged on (docs/pa-experiments.md, session
 * 23), from the training recordings only: per recording, the log-mel frames of its aligned speech
 * span (server/speech/pa/features.ts), a phone label per frame from the forced alignment to its
 * own text, and, for its own text and for the standard substitution trials (as evidence.ts
 * gathers them), each target word's evidence with its phones' frame spans.
 *
 *   node --import tsx scripts/pa/nn-gather.ts OUT_PREFIX [SHARD SHARDS] [--synth TEXTS_PER_VOICE [--paced LISTS_PER_VOICE]]
 *
 * writes OUT_PREFIX.jsonl (one line per recording) and OUT_PREFIX.f32 (the frames, MELS floats each).
 * With `--synth N` (session 24) it gathers instead the project's synthesized voices reading N of the
 * training texts each (synthItems): their records are marked `synth`, and they only train the
 * network (phone_net.py), never the word model or the fold figures (nn-folds.ts readGathered).
 * With `--paced M` too (session 25) each voice also says M paced word lists (pacedLists).
 */
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPack } from '../../db/content/pack.ts';
import { Aligner, AlignmentFailed, type AlignedWord } from '../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';
import { alignSpeech, frameEnergies, wordEvidence, type PhoneStats } from '../../server/speech/pa/engine.ts';
import { MELS, logMel } from '../../server/speech/pa/features.ts';
import { targetWords } from '../../server/speech/pa/text.ts';
import { ensurePronunciations } from '../../server/speech/pa/g2p.ts';
import { PHONE_CLASSES, phoneClass } from '../../server/speech/pa/phone-net.ts';
import { TRAIN_DIR, readRows, trialsOf } from './evidence.ts';
import { browserRecording, concat, silence, speak, speakEspeak } from './synth.ts';

const IDENTITY: PhoneStats = new Proxy({}, { get: () => ({ mean: 0, sd: 1 }) });

const words = (segments: AlignedWord[], energy: Float32Array) => {
  const targets = segments.filter((s) => s.target >= 0);
  return wordEvidence(segments, energy, IDENTITY).map((e, k) => ({
    p: e.phones.map((x) => [x.phone, Math.round(x.z * 100) / 100]),
    d: Math.round(e.durationMisfit * 1000) / 1000,
    o: Math.round(e.outsideFrames * 10) / 10,
    s: targets[k]!.phones.map((p) => [p.start, p.frames]),
    t: targets[k]!.target,
  }));
};

/** One recording to gather: its audio, its own text, and whether its substitution trials are aligned too. */
interface Item {
  id: string;
  speaker: string;
  i: number;
  words: string[];
  pcm: () => Promise<Float32Array>;
  /** The substitution texts to align (learners' recordings: trialsOf); none for synthesized speech. */
  trials: Array<{ words: string[]; replaced: number }>;
  /** Synthesized speech: trains the network only (never the word model nor the fold figures). */
  synth?: boolean;
}

/** Gathers `items` into PREFIX.jsonl / PREFIX.f32, resuming where a previous run stopped. */
async function gatherItems(items: Item[], prefix: string, label: string, log: (line: string) => void): Promise<void> {
  const meta = `${prefix}.jsonl`;
  const bin = `${prefix}.f32`;
  const done = new Set(
    existsSync(meta)
      ? readFileSync(meta, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { id: string }).id)
      : [],
  );
  if (!done.size) writeFileSync(bin, new Uint8Array(0));
  let offset = existsSync(bin) ? readFileSync(bin).length / 4 / 40 : 0;
  const aligner = await Aligner.create();
  const t0 = performance.now();
  let n = 0;
  for (const item of items) {
    if (done.has(item.id)) continue;
    const pcm = await item.pcm();
    const energy = frameEnergies(pcm);
    const align = async (text: string[]) => {
      await ensurePronunciations(aligner, text);
      try {
        return alignSpeech(aligner, pcm, text, energy);
      } catch (error) {
        if (error instanceof AlignmentFailed) return null;
        throw error;
      }
    };
    const own = await align(item.words);
    const record: Record<string, unknown> = { id: item.id, speaker: item.speaker, i: item.i, off: offset, n: 0, own: null, trials: [] };
    if (item.synth) record.synth = true;
    if (own) {
      const frames = own.to - own.from;
      const feats = logMel(pcm, own.from, own.to);
      const labels = new Uint8Array(frames).fill(phoneClass('SIL'));
      for (const w of own.segments) for (const p of w.phones) for (let f = p.start; f < p.start + p.frames && f < frames; f++) labels[f] = phoneClass(p.phone);
      appendFileSync(bin, new Uint8Array(feats.buffer));
      offset += frames;
      record.n = frames;
      record.lab = Buffer.from(labels).toString('base64');
      record.own = words(own.segments, energy.subarray(own.from, own.to));
    }
    const trials: unknown[] = [];
    for (const t of item.trials) {
      const a = await align(t.words);
      if (!a) continue;
      const targets = a.segments.filter((s) => s.target >= 0);
      const r = targets.findIndex((s) => s.target === t.replaced);
      // Trial spans count from the trial's own speech span start, which is the same span (same audio).
      if (r >= 0) trials.push({ words: words(a.segments, energy.subarray(a.from, a.to)), r, from: a.from });
    }
    record.trials = trials;
    record.from = own?.from ?? null;
    appendFileSync(meta, `${JSON.stringify(record)}\n`);
    if (++n % 50 === 0) log(`${label}: ${n} recordings (${((performance.now() - t0) / n).toFixed(0)} ms each)`);
  }
  log(`${label}: done, ${n} recordings, ${PHONE_CLASSES.length} classes`);
}

/**
 * Gathers recordings `i` of `dir` with i % shards = shard into PREFIX.jsonl / PREFIX.f32, resuming
 * where a previous run stopped.
 */
/**
 * The learner recordings gathered under each prefix (PREFIX.jsonl, synthesized speech left out),
 * each with a view of its log-mel frames in PREFIX.f32 (`n` frames of MELS values from frame `off`).
 */
export function* gatheredLearners<T extends { off: number; n: number; synth?: boolean }>(
  prefixes: readonly string[],
): Generator<{ record: T; frames: Float32Array }> {
  for (const prefix of prefixes) {
    const bytes = readFileSync(`${prefix}.f32`);
    const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    for (const line of readFileSync(`${prefix}.jsonl`, 'utf8').split('\n')) {
      if (!line) continue;
      const record = JSON.parse(line) as T;
      if (!record.synth) yield { record, frames: all.subarray(record.off * MELS, (record.off + record.n) * MELS) };
    }
  }
}

export async function gatherNet(dir: string, prefix: string, shard = 0, shards = 1, log: (line: string) => void = () => {}): Promise<void> {
  const rows = readRows(dir);
  const pool = [...new Set(rows.flatMap((r) => r.words))];
  const items: Item[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % shards !== shard) continue;
    items.push({
      id: row.id,
      speaker: row.speaker,
      i,
      words: row.words,
      pcm: async () => decodeRecording(new Uint8Array(readFileSync(row.file))),
      trials: trialsOf(row.words, i, pool),
    });
  }
  await gatherItems(items, prefix, `shard ${shard}`, log);
}

/**
 * The project's synthesized voices (session 24): Flite's four and eSpeak NG's US-English voice at
 * its default and a slow speed, the clean speech the network is taught beside the learners.
 */
export const SYNTH_VOICES: ReadonlyArray<{ name: string; say: (words: string[], variant: number) => Promise<Float32Array> }> = [
  ...(['slt', 'rms', 'awb', 'kal'] as const).map((voice) => ({ name: voice, say: (w: string[], k: number) => speak(w, voice, [1, 0.9, 1.1][k % 3]) })),
  { name: 'espeak175', say: (w: string[]) => speakEspeak(w, 175) },
  { name: 'espeak130', say: (w: string[]) => speakEspeak(w, 130) },
];

/**
 * The words the synthesized training speech never says alone (session 25): every word of the
 * textbooks' cards (what a PA task asks for, and what eval:pa's voice figures read) and every word
 * quoted in the pronunciation tests and the benches (tests/server/pa, bench/pa*.ts), so that
 * "apple", "teacher", "window", "good morning" and "thank you" stay unseen text there.
 */
export function heldOutWords(): Set<string> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const quoted = (file: string) => [...readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'/g)].flatMap((m) => targetWords(m[1]!));
  const files = [
    ...readdirSync(path.join(root, 'tests/server/pa')).map((f) => path.join(root, 'tests/server/pa', f)),
    ...readdirSync(path.join(root, 'bench'))
      .filter((f) => f.startsWith('pa'))
      .map((f) => path.join(root, 'bench', f)),
    path.join(root, 'scripts/eval-pa.ts'),
  ];
  return new Set([...buildPack().cards.flatMap((c) => targetWords(c.word)), ...files.flatMap(quoted)]);
}

/**
 * Paced word lists from the training texts (session 25): items said one at a time, each followed
 * by 1.2 s of silence, as the Record screen paces a word list (and engine.test.ts's paced recording
 * is made). Four single words and one two-word item (two neighbours of a training text), none of
 * them a held-out word (heldOutWords). List k is the same whatever the shard.
 */
export function pacedLists(dir: string, count: number): string[][] {
  const held = heldOutWords();
  const texts = readRows(dir).map((r) => r.words);
  const allowed = (w: string) => !held.has(w) && /^[a-z]{2,}$/.test(w);
  const singles = [...new Set(texts.flat())].filter(allowed).sort();
  const pairs = [
    ...new Set(
      texts.flatMap((t) =>
        t
          .slice(1)
          .map((w, i) => [t[i]!, w])
          .filter((p) => p.every(allowed))
          .map((p) => p.join(' ')),
      ),
    ),
  ].sort();
  return Array.from({ length: count }, (_, k) => {
    const items = [0, 1, 2, 3].map((m) => singles[((k * 4 + m) * 389) % singles.length]!);
    items.splice(k % 5, 0, pairs[(k * 131) % pairs.length]!);
    return items;
  });
}

/**
 * Synthesized readings of the training recordings' texts (never the tests' or the textbooks'
 * texts, so the voices still read unseen text in the tests): each voice reads `perVoice` texts, no
 * text read by two voices; in turn as a sentence or as a paced list ("a, b, c"), at three speeds
 * (Flite), and half of them through the browser's codec (Opus 16 kbit/s) and back. Then each voice
 * says `pacedPerVoice` paced word lists (pacedLists; no list said by two voices), the same way.
 * Gathered with their own-text alignment only (no trials); item k goes to shard k % shards.
 */
export function synthItems(dir: string, perVoice: number, shard = 0, shards = 1, pacedPerVoice = 0): Item[] {
  const texts = [...new Map(readRows(dir).map((r) => [r.words.join(' '), r.words])).values()].filter((w) => w.length >= 2);
  const lists = pacedLists(dir, pacedPerVoice * SYNTH_VOICES.length);
  const items: Item[] = [];
  const browser = async (said: Float32Array, j: number) => ((j >> 1) % 2 ? decodeRecording(await browserRecording(said, (j >> 2) % 2 ? 'ogg' : 'webm')) : said);
  for (let j = 0; j < perVoice; j++) {
    for (const [v, voice] of SYNTH_VOICES.entries()) {
      const k = j * SYNTH_VOICES.length + v;
      if (k % shards !== shard) continue;
      const words = texts[(k * 7) % texts.length]!;
      items.push({
        id: `synth-${voice.name}-${k}`,
        speaker: `synth-${voice.name}`,
        i: 1_000_000 + k,
        words,
        synth: true,
        trials: [],
        pcm: async () => browser(await voice.say(j % 2 ? words : [words.join(' ')], j), j),
      });
    }
  }
  for (let j = 0; j < pacedPerVoice; j++) {
    for (const [v, voice] of SYNTH_VOICES.entries()) {
      const k = j * SYNTH_VOICES.length + v;
      if (k % shards !== shard) continue;
      const list = lists[k]!;
      items.push({
        id: `synth-paced-${voice.name}-${k}`,
        speaker: `synth-${voice.name}`,
        i: 2_000_000 + k,
        words: list.flatMap((item) => item.split(' ')),
        synth: true,
        trials: [],
        pcm: async () => {
          const said = [];
          for (const item of list) said.push(await voice.say(item.split(' '), j), silence(1.2));
          return browser(concat(said), j);
        },
      });
    }
  }
  return items;
}

/** Gathers the synthesized readings of shard `shard` of `shards` into PREFIX.jsonl / PREFIX.f32. */
export async function gatherSynth(
  dir: string,
  prefix: string,
  perVoice: number,
  shard = 0,
  shards = 1,
  log: (line: string) => void = () => {},
  pacedPerVoice = 0,
): Promise<void> {
  await gatherItems(synthItems(dir, perVoice, shard, shards, pacedPerVoice), prefix, `synthesized speech, shard ${shard}`, log);
}

if (process.argv[1]?.endsWith('nn-gather.ts')) {
  const args = process.argv.slice(2);
  const synth = args.indexOf('--synth');
  const perVoice = synth >= 0 ? Number(args.splice(synth, 2)[1]) : 0;
  const paced = args.indexOf('--paced');
  const pacedPerVoice = paced >= 0 ? Number(args.splice(paced, 2)[1]) : 0;
  const [prefix, shard, shards] = args;
  if (!prefix || (synth >= 0 && !(perVoice > 0)) || (paced >= 0 && !(pacedPerVoice > 0 && synth >= 0)))
    throw new Error('usage: nn-gather.ts OUT_PREFIX [SHARD SHARDS] [--synth TEXTS_PER_VOICE [--paced LISTS_PER_VOICE]]');
  const log = (line: string) => console.log(line);
  if (perVoice) await gatherSynth(TRAIN_DIR, prefix, perVoice, Number(shard ?? 0), Number(shards ?? 1), log, pacedPerVoice);
  else await gatherNet(TRAIN_DIR, prefix, Number(shard ?? 0), Number(shards ?? 1), log);
}
