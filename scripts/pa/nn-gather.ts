/**
 * Gathers what the neural phone model is trained and judged on (docs/pa-experiments.md, session
 * 23), from the training recordings only: per recording, the log-mel frames of its aligned speech
 * span (server/speech/pa/features.ts), a phone label per frame from the forced alignment to its
 * own text, and, for its own text and for the standard substitution trials (as evidence.ts
 * gathers them), each target word's evidence with its phones' frame spans.
 *
 *   node --import tsx scripts/pa/nn-gather.ts OUT_PREFIX [SHARD SHARDS]
 *
 * writes OUT_PREFIX.jsonl (one line per recording) and OUT_PREFIX.f32 (the frames, MELS floats each).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Aligner, AlignmentFailed, type AlignedWord } from '../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';
import { alignSpeech, frameEnergies, wordEvidence, type PhoneStats } from '../../server/speech/pa/engine.ts';
import { logMel } from '../../server/speech/pa/features.ts';
import { ensurePronunciations } from '../../server/speech/pa/g2p.ts';
import { PHONE_CLASSES, phoneClass } from '../../server/speech/pa/phone-net.ts';
import { TRAIN_DIR, readRows, trialsOf } from './evidence.ts';

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

/**
 * Gathers recordings `i` of `dir` with i % shards = shard into PREFIX.jsonl / PREFIX.f32, resuming
 * where a previous run stopped.
 */
export async function gatherNet(dir: string, prefix: string, shard = 0, shards = 1, log: (line: string) => void = () => {}): Promise<void> {
  const rows = readRows(dir);
  const pool = [...new Set(rows.flatMap((r) => r.words))];
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
  for (let i = 0; i < rows.length; i++) {
    if (i % shards !== shard) continue;
    const row = rows[i]!;
    if (done.has(row.id)) continue;
    const pcm = await decodeRecording(new Uint8Array(readFileSync(row.file)));
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
    const own = await align(row.words);
    const record: Record<string, unknown> = { id: row.id, speaker: row.speaker, i, off: offset, n: 0, own: null, trials: [] };
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
    for (const t of trialsOf(row.words, i, pool)) {
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
    if (++n % 50 === 0) log(`shard ${shard}: ${n} recordings (${((performance.now() - t0) / n).toFixed(0)} ms each)`);
  }
  log(`shard ${shard}: done, ${n} recordings, ${PHONE_CLASSES.length} classes`);
}

if (process.argv[1]?.endsWith('nn-gather.ts')) {
  const [prefix, shard, shards] = process.argv.slice(2);
  if (!prefix) throw new Error('usage: nn-gather.ts OUT_PREFIX [SHARD SHARDS]');
  await gatherNet(TRAIN_DIR, prefix, Number(shard ?? 0), Number(shards ?? 1), (line) => console.log(line));
}
