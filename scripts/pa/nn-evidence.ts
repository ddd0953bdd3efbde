/**
 * A trained network's evidence of another kind than its gop.jsonl (session 37 of
 * docs/pa-experiments.md), computed by the engine's own code from the gathered frames
 * (nn-gather.ts) and written in gop.jsonl's shape, for nn-folds.ts to judge (`DIR:KIND`):
 *
 *   node --import tsx scripts/pa/nn-evidence.ts GATHER_PREFIXES(comma) NET_DIR [KIND]
 *
 * writes NET_DIR/gop-KIND.jsonl. Kinds: `aligned`, each phone's DNN-GOP over the frames the GMM
 * aligned it to, as the engine takes it (phoneGops; the same as phone_net.py's gop.jsonl but for
 * float rounding); `realigned`, each phone's DNN-GOP with the network's own alignment inside the
 * word (realignedPhoneGops); `lse`, below.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MELS } from '../../server/speech/pa/features.ts';
import { PhoneNet, phoneClass, phoneGops, realignedPhoneGops, type FrameGaps, type PhoneNetWeights } from '../../server/speech/pa/phone-net.ts';

type Word = { p: Array<[string, number]>; s: Array<[number, number]> };
type Gathered = { id: string; off: number; n: number; synth?: boolean; own: Word[] | null; trials: Array<{ words: Word[] }> };

/**
 * `lse`: per phone, the log of the mean posterior ratio over its GMM-aligned frames (log-mean-exp of
 * the gaps): its best frames count most, so a boundary the GMM put a few frames off costs less.
 */
function lsePhoneGops(gaps: FrameGaps, frames: number, phones: ReadonlyArray<{ phone: string; start: number; frames: number }>): number[] {
  return phones.map((p) => {
    const k = phoneClass(p.phone);
    gaps.ensure(p.start, p.start + p.frames);
    let s = 0;
    let count = 0;
    for (let f = Math.max(0, p.start); f < Math.min(frames, p.start + p.frames); f++, count++) s += Math.exp(gaps.at(f, k));
    return count ? Math.max(-10, Math.log(s / count)) : -10;
  });
}

const KINDS = { aligned: phoneGops, realigned: realignedPhoneGops, lse: lsePhoneGops } as const;

export type EvidenceKind = keyof typeof KINDS;

/** Writes NET_DIR/gop-KIND.jsonl from the gathered prefixes' learner recordings; returns its path. */
export function writeEvidence(prefixes: readonly string[], netDir: string, kind: EvidenceKind): string {
  const evidenceOf = KINDS[kind];
  const net = new PhoneNet(JSON.parse(readFileSync(path.join(netDir, 'net.json'), 'utf8')) as PhoneNetWeights);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const out: string[] = [];
  for (const prefix of prefixes) {
    const bytes = readFileSync(`${prefix}.f32`);
    const frames = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    for (const line of readFileSync(`${prefix}.jsonl`, 'utf8').split('\n')) {
      if (!line) continue;
      const r = JSON.parse(line) as Gathered;
      if (r.synth) continue;
      if (!r.n) {
        out.push(JSON.stringify({ id: r.id, own: null, trials: r.trials.map(() => null) }));
        continue;
      }
      const gaps: FrameGaps = net.gapsOf(frames.slice(r.off * MELS, (r.off + r.n) * MELS), r.n);
      const word = (w: Word) =>
        evidenceOf(
          gaps,
          r.n,
          w.s.map(([start, count], i) => ({ phone: w.p[i]![0], start, frames: count })),
        ).map(round);
      out.push(JSON.stringify({ id: r.id, own: r.own ? r.own.map(word) : null, trials: r.trials.map((t) => t.words.map(word)) }));
    }
  }
  const file = path.join(netDir, `gop-${kind}.jsonl`);
  writeFileSync(file, out.join('\n') + '\n');
  return file;
}

if (process.argv[1]?.endsWith('nn-evidence.ts')) {
  const [prefixes, netDir, kind = 'realigned'] = process.argv.slice(2);
  if (!prefixes || !netDir || !(kind in KINDS)) {
    console.error(`usage: nn-evidence.ts GATHER_PREFIXES(comma) NET_DIR [${Object.keys(KINDS).join('|')}]`);
    process.exit(2);
  }
  const started = performance.now();
  const file = writeEvidence(prefixes.split(','), netDir, kind as EvidenceKind);
  console.log(`${file}: ${kind}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
