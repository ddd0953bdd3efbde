/**
 * A trained network's evidence of another kind than its gop.jsonl (session 37 of
 * docs/pa-experiments.md), computed by the engine's own code from the gathered frames
 * (nn-gather.ts) and written in gop.jsonl's shape, for nn-folds.ts to judge (`DIR:KIND`):
 *
 *   node --import tsx scripts/pa/nn-evidence.ts GATHER_PREFIXES(comma) NET_DIR [KIND (default: aligned)]
 *
 * writes NET_DIR/gop-KIND.jsonl. Kinds: `aligned`, each phone's DNN-GOP over the frames the GMM
 * aligned it to, as the engine takes it (phoneGops; the same as phone_net.py's gop.jsonl but for
 * float rounding); `realigned`, each phone's DNN-GOP with the network's own alignment inside the
 * word (realignedPhoneGops, below): on the folds 84.4% against 84.9%, on the sample 501 trials
 * against 512, not shipped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gatheredLearners } from './nn-gather.ts';
import { PhoneNet, phoneClass, phoneGops, type FrameGaps, type PhoneNetWeights } from '../../server/speech/pa/phone-net.ts';

type Word = { p: Array<[string, number]>; s: Array<[number, number]> };
type Gathered = { id: string; off: number; n: number; synth?: boolean; own: Word[] | null; trials: Array<{ words: Word[] }> };

type Span = { phone: string; start: number; frames: number };

/**
 * Each phone's DNN-GOP with the network's own alignment inside the word: the word's frames, from
 * its first phone's start to its last phone's end as the GMM aligned them, are shared out among its
 * phones in their order, at least one frame each, so that the sum of the phones' gaps is the
 * greatest (Viterbi); each phone's value is the mean gap over the frames it got. A word with fewer
 * frames than phones keeps `phoneGops`.
 */
export function realignedPhoneGops(gaps: FrameGaps, frames: number, phones: ReadonlyArray<Span>): number[] {
  if (!phones.length) return [];
  const from = Math.max(0, Math.min(...phones.map((p) => p.start)));
  const to = Math.min(frames, Math.max(...phones.map((p) => p.start + p.frames)));
  const n = to - from;
  const k = phones.length;
  if (n < k) return phoneGops(gaps, frames, phones);
  gaps.ensure(from, to);
  const classes = phones.map((p) => phoneClass(p.phone));
  // best[j]: the greatest sum of gaps of frames from..t with frame t in phone j; advanced[t·k+j]: 1
  // when phone j began at frame t (the path came from phone j − 1).
  let best = new Float64Array(k).fill(-Infinity);
  let next = new Float64Array(k);
  const advanced = new Uint8Array(n * k);
  best[0] = gaps.at(from, classes[0]!);
  for (let t = 1; t < n; t++) {
    for (let j = 0; j < k; j++) {
      const stay = best[j]!;
      const enter = j > 0 ? best[j - 1]! : -Infinity;
      advanced[t * k + j] = enter > stay ? 1 : 0;
      next[j] = Math.max(stay, enter) + gaps.at(from + t, classes[j]!);
    }
    [best, next] = [next, best];
  }
  const sums = new Float64Array(k);
  const counts = new Uint32Array(k);
  for (let t = n - 1, j = k - 1; t >= 0; t--) {
    sums[j]! += gaps.at(from + t, classes[j]!);
    counts[j]!++;
    if (advanced[t * k + j]) j--;
  }
  return Array.from(sums, (s, j) => s / counts[j]!);
}

const KINDS = { aligned: phoneGops, realigned: realignedPhoneGops } as const;

type EvidenceKind = keyof typeof KINDS;

/** Writes NET_DIR/gop-KIND.jsonl from the gathered prefixes' learner recordings; returns its path. */
function writeEvidence(prefixes: readonly string[], netDir: string, kind: EvidenceKind): string {
  const evidenceOf = KINDS[kind];
  const net = new PhoneNet(JSON.parse(readFileSync(path.join(netDir, 'net.json'), 'utf8')) as PhoneNetWeights);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const out: string[] = [];
  for (const { record: r, frames } of gatheredLearners<Gathered>(prefixes)) {
    if (!r.n) {
      out.push(JSON.stringify({ id: r.id, own: null, trials: r.trials.map(() => null) }));
      continue;
    }
    const gaps: FrameGaps = net.gapsOf(frames.slice(), r.n);
    const word = (w: Word) =>
      evidenceOf(
        gaps,
        r.n,
        w.s.map(([start, count], i) => ({ phone: w.p[i]![0], start, frames: count })),
      ).map(round);
    out.push(JSON.stringify({ id: r.id, own: r.own ? r.own.map(word) : null, trials: r.trials.map((t) => t.words.map(word)) }));
  }
  const file = path.join(netDir, `gop-${kind}.jsonl`);
  writeFileSync(file, out.join('\n') + '\n');
  return file;
}

if (process.argv[1]?.endsWith('nn-evidence.ts')) {
  const [prefixes, netDir, kind = 'aligned'] = process.argv.slice(2);
  if (!prefixes || !netDir || !(kind in KINDS)) {
    console.error(`usage: nn-evidence.ts GATHER_PREFIXES(comma) NET_DIR [${Object.keys(KINDS).join('|')}]`);
    process.exit(2);
  }
  const started = performance.now();
  const file = writeEvidence(prefixes.split(','), netDir, kind as EvidenceKind);
  console.log(`${file}: ${kind}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
