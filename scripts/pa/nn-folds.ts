/**
 * Speaker folds with the neural phone model's word GOP beside the GMM evidence (session 23):
 * fold f's evidence takes its word GOP from the network trained without fold f's speakers
 * (scripts/pa/phone_net.py --fold f), and the calibration is refitted on the other folds exactly as
 * `speakerFolds` does without it.
 *
 *   node --import tsx scripts/pa/nn-folds.ts GATHER_PREFIXES(comma) NET_DIR_PATTERN(with {f}; several joined by +) [VARIANT]
 */
import { readFileSync } from 'node:fs';
import { describeFolds, foldsOfSpeakers, speakerFolds } from './calibrate.ts';
import type { RawWord, RecordingEvidence } from './evidence.ts';
import { PHONE_GOP_FLOOR, WORD_GOP_FLOOR } from '../../server/speech/pa/phone-net.ts';

type GatheredWord = RawWord & { s: Array<[number, number]>; t: number };
interface Gathered {
  id: string;
  speaker: string;
  i: number;
  own: GatheredWord[] | null;
  trials: Array<{ words: GatheredWord[]; r: number }>;
}
type Gops = Map<string, { own: number[][] | null; trials: Array<number[][] | null> }>;

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

/** The learners' gathered recordings (synthesized speech, nn-gather.ts --synth, trains the network only). */
export function readGathered(prefixes: string[]): Gathered[] {
  return prefixes
    .flatMap((p) => lines(`${p}.jsonl`).map((l) => JSON.parse(l) as Gathered & { synth?: boolean }))
    .filter((g) => !g.synth)
    .sort((a, b) => a.i - b.i);
}

/**
 * The phone GOPs in DIR/gop.jsonl; with several directories (session 31: an ensemble of
 * networks), each phone's mean over them, as the engine averages its networks' frame gaps.
 */
export function readGops(dirs: readonly string[]): Gops {
  const each = dirs.map(readGopFile);
  if (each.length === 1) return each[0]!;
  const mean = (xs: Array<number[][] | null | undefined>): number[][] | null =>
    xs[0] ? xs[0].map((w, k) => w.map((_, p) => xs.reduce((s, x) => s + x![k]![p]!, 0) / xs.length)) : null;
  return new Map(
    [...each[0]!.keys()].map((id) => {
      const gs = each.map((g) => g.get(id)!);
      return [id, { own: mean(gs.map((g) => g.own)), trials: gs[0]!.trials.map((_, j) => mean(gs.map((g) => g.trials[j]))) }];
    }),
  );
}

/** DIR/gop.jsonl, or with `DIR:KIND` the evidence nn-evidence.ts wrote (DIR/gop-KIND.jsonl). */
function readGopFile(spec: string): Gops {
  const [dir, kind] = spec.split(':');
  return new Map(
    lines(`${dir}/gop${kind ? `-${kind}` : ''}.jsonl`).map((l) => {
      const g = JSON.parse(l) as { id: string; own: number[][] | null; trials: Array<number[][] | null> };
      return [g.id, g];
    }),
  );
}

/**
 * The variant the engine ships: the word's mean DNN-GOP floored at WORD_GOP_FLOOR. (Session 34's
 * `pwX`, a weight per phone for its DNN-GOP beside it, was better on the folds and worse on the
 * sample: docs/pa-experiments.md.)
 */
export const SHIPPED_VARIANT = `wclip${WORD_GOP_FLOOR}`;

/** The word feature from its phones' DNN-GOP: by default the word's mean as the engine takes it (phone-net.ts). */
export function wordGop(phones: number[], variant = SHIPPED_VARIANT): number {
  if (!phones.length) return 0;
  // `clip`: each phone floored at −6; `pclipX`: each phone floored at X; `wclipX`: the word's mean floored at X;
  // `min`: the worst phone.
  const phoneFloor = variant === 'clip' ? -6 : variant.startsWith('pclip') ? Number(variant.slice(5)) : -Infinity;
  const v = phones.map((x) => Math.max(phoneFloor, x));
  if (variant === 'min') return Math.min(...v);
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  // `wminX` (session 29): the mean floored as the engine floors it, plus X times the worst phone floored at −6.
  if (variant.startsWith('wmin')) return Math.max(WORD_GOP_FLOOR, mean) + Number(variant.slice(4)) * Math.max(-6, Math.min(...v));
  const floor = variant.startsWith('wclip') ? Number(variant.slice(5)) : -Infinity;
  return Math.max(floor, mean);
}

const strip = (w: GatheredWord): RawWord => ({ p: w.p, d: w.d, o: w.o });

/** Per phone: the mean and SD of its DNN-GOP in the own texts of these speakers' recordings. */
export type NnPhoneStats = Map<string, { mean: number; sd: number }>;

export function nnPhoneStats(gathered: Gathered[], gops: Gops, speakers: (speaker: string) => boolean): NnPhoneStats {
  const sums = new Map<string, [number, number, number]>();
  for (const g of gathered) {
    const own = gops.get(g.id)?.own;
    if (!g.own || !own || !speakers(g.speaker)) continue;
    g.own.forEach((w, k) =>
      w.p.forEach(([phone], p) => {
        const x = own[k]?.[p];
        if (x === undefined) return;
        const s = sums.get(phone) ?? [0, 0, 0];
        sums.set(phone, [s[0] + 1, s[1] + x, s[2] + x * x]);
      }),
    );
  }
  return new Map(
    [...sums].map(([phone, [n, sum, squares]]) => {
      const mean = sum / n;
      return [phone, { mean, sd: Math.max(0.1, Math.sqrt(Math.max(0, squares / n - mean * mean))) }];
    }),
  );
}

const againstLearnersVariant = (variant?: string): variant is string => variant !== undefined && /^[zc]-/.test(variant);

/**
 * Variants `zX` and `cX` (session 32): each phone's DNN-GOP taken against the learners' own
 * phones of its kind (`zX`: as a z-score, `cX`: less their mean), as the GMM's GOPs are, then the
 * word's mean floored at X.
 */
function againstLearners(phones: number[], w: GatheredWord, asZ: boolean, stats: NnPhoneStats): number[] {
  return phones.map((x, p) => {
    const s = stats.get(w.p[p]![0]) ?? { mean: 0, sd: 1 };
    return asZ ? (x - s.mean) / s.sd : x - s.mean;
  });
}

/** The folds' evidence with the network's word GOP; `stats` (the learners' per-phone DNN-GOP) go with a `zX` or `cX` variant. */
export function evidence(gathered: Gathered[], gops?: Gops, variant = SHIPPED_VARIANT, stats?: NnPhoneStats): RecordingEvidence[] {
  // `pwX` (session 34): the word's mean floored at X, and each phone's DNN-GOP (floored at PHONE_GOP_FLOOR) with a weight per phone;
  // `pwXpY` (session 35): each phone's floored at Y instead.
  const perPhone = /^pw(-?[\d.]+)(?:p(-?[\d.]+))?$/.exec(variant);
  const phoneFloor = perPhone?.[2] === undefined ? PHONE_GOP_FLOOR : Number(perPhone[2]);
  const wordVariant = againstLearnersVariant(variant) ? `wclip${variant.slice(1)}` : perPhone ? `wclip${perPhone[1]}` : variant;
  return gathered.map((g) => {
    const gop = gops?.get(g.id);
    const withNn = (w: GatheredWord, phones: number[] | undefined): RawWord =>
      gop && phones
        ? {
            ...strip(w),
            n: wordGop(stats ? againstLearners(phones, w, variant.startsWith('z'), stats) : phones, wordVariant),
            ...(perPhone ? { np: phones.map((x) => Math.max(phoneFloor, x)) } : {}),
          }
        : strip(w);
    return {
      id: g.id,
      speaker: g.speaker,
      own: g.own ? g.own.map((w, k) => ({ ...withNn(w, gop?.own?.[k]), t: w.t })) : null,
      trials: g.trials.map((t, j) => ({ words: t.words.map((w, k) => withNn(w, gop?.trials[j]?.[k])), r: t.r })),
    };
  });
}

if (process.argv[1]?.endsWith('nn-folds.ts')) {
  const [prefixes, pattern, variant = SHIPPED_VARIANT] = process.argv.slice(2);
  const gathered = readGathered(prefixes!.split(','));
  if (process.env.BASELINE) console.log(`GMM only: ${describeFolds(speakerFolds(evidence(gathered)))}`);
  const foldOf = foldsOfSpeakers(gathered.map((g) => g.speaker));
  const perFold = [0, 1, 2, 3].map((f) => {
    const gops = readGops(pattern!.replaceAll('{f}', String(f)).split('+'));
    return evidence(gathered, gops, variant, againstLearnersVariant(variant) ? nnPhoneStats(gathered, gops, (s) => foldOf.get(s) !== f) : undefined);
  });
  const figures = speakerFolds(perFold[0]!, 4, (f) => perFold[f]!);
  console.log(`with the neural GOP (${variant}): ${describeFolds(figures)} (${Math.round(figures.substitution * figures.trials)} trials)`);
}
