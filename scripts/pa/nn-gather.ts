/**
 * Gathers what the neural phone model is trained and judged on (docs/pa-experiments.md, session
 * 23), from the training recordings only: per recording, the log-mel frames of its aligned speech
 * span (server/speech/pa/features.ts), a phone label per frame from the forced alignment to its
 * own text, and, for its own text and for the standard substitution trials (as evidence.ts
 * gathers them), each target word's evidence with its phones' frame spans.
 *
 *   node --import tsx scripts/pa/nn-gather.ts OUT_PREFIX [SHARD SHARDS] [--synth TEXTS_PER_VOICE]
 *
 * writes OUT_PREFIX.jsonl (one line per recording) and OUT_PREFIX.f32 (the frames, MELS floats each).
 * With `--synth N` (session 24) it gathers instead the project's synthesized voices reading N of the
 * training texts each (synthItems): their records are marked `synth`, and they only train the
 * network (phone_net.py), never the word model or the fold figures (nn-folds.ts readGathered).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Aligner, AlignmentFailed, type AlignedWord } from '../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';
import { alignSpeech, frameEnergies, wordEvidence, type PhoneStats } from '../../server/speech/pa/engine.ts';
import { logMel } from '../../server/speech/pa/features.ts';
import { ensurePronunciations } from '../../server/speech/pa/g2p.ts';
import { PHONE_CLASSES, phoneClass } from '../../server/speech/pa/phone-net.ts';
import { TRAIN_DIR, readRows, trialsOf } from './evidence.ts';
import { browserRecording, speak, speakEspeak } from './synth.ts';

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
 * Synthesized readings of the training recordings' texts (never the tests' or the textbooks'
 * texts, so the voices still read unseen text in the tests): each voice reads `perVoice` texts, no
 * text read by two voices; in turn as a sentence or as a paced list ("a, b, c"), at three speeds
 * (Flite), and half of them through the browser's codec (Opus 16 kbit/s) and back. Gathered with
 * their own-text alignment only (no trials); item k goes to shard k % shards.
 */
export function synthItems(dir: string, perVoice: number, shard = 0, shards = 1): Item[] {
  const texts = [...new Map(readRows(dir).map((r) => [r.words.join(' '), r.words])).values()].filter((w) => w.length >= 2);
  const items: Item[] = [];
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
        pcm: async () => {
          const said = await voice.say(j % 2 ? words : [words.join(' ')], j);
          return (j >> 1) % 2 ? decodeRecording(await browserRecording(said, (j >> 2) % 2 ? 'ogg' : 'webm')) : said;
        },
      });
    }
  }
  return items;
}

/** Gathers the synthesized readings of shard `shard` of `shards` into PREFIX.jsonl / PREFIX.f32. */
export async function gatherSynth(dir: string, prefix: string, perVoice: number, shard = 0, shards = 1, log: (line: string) => void = () => {}): Promise<void> {
  await gatherItems(synthItems(dir, perVoice, shard, shards), prefix, `synthesized speech, shard ${shard}`, log);
}

if (process.argv[1]?.endsWith('nn-gather.ts')) {
  const args = process.argv.slice(2);
  const synth = args.indexOf('--synth');
  const perVoice = synth >= 0 ? Number(args.splice(synth, 2)[1]) : 0;
  const [prefix, shard, shards] = args;
  if (!prefix || (synth >= 0 && !(perVoice > 0))) throw new Error('usage: nn-gather.ts OUT_PREFIX [SHARD SHARDS] [--synth TEXTS_PER_VOICE]');
  const log = (line: string) => console.log(line);
  if (perVoice) await gatherSynth(TRAIN_DIR, prefix, perVoice, Number(shard ?? 0), Number(shards ?? 1), log);
  else await gatherNet(TRAIN_DIR, prefix, Number(shard ?? 0), Number(shards ?? 1), log);
}
