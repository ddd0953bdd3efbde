/**
 * The speaker folds' figure as the engine scores (session 38 of docs/pa-experiments.md):
 * nn-folds.ts counts the replaced word lowest by raw scores, before the check with room; this
 * also runs the engine's check with room (`checkWithRoom`) on the held-out speakers' trials, with
 * the calibration fitted without them and the network trained without them, as the 200-recording
 * sample is measured (scripts/eval-pa.ts). `npm run eval:pa` runs it on `npm run pa:train --
 * --phone-net`'s work (NET_WORK) when that holds the four fold networks.
 *
 *   node --import tsx scripts/pa/checked-folds.ts GATHER_PREFIXES(comma) NET_DIR_PATTERN(with {f}) [VARIANT] [--folds 0,1]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Aligner } from '../../server/speech/pa/aligner.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';
import { alignWithRoomHere, checkWithRoom, frameEnergies, mispronouncedRaw, rawWordScore } from '../../server/speech/pa/engine.ts';
import { ensurePronunciations } from '../../server/speech/pa/g2p.ts';
import { PhoneNet, type PhoneNetWeights } from '../../server/speech/pa/phone-net.ts';
import { fit, foldsOfSpeakers, trialsOf as evidenceTrials } from './calibrate.ts';
import { TRAIN_DIR, readRows, trialsOf as textTrials } from './evidence.ts';
import { SHIPPED_VARIANT, evidence, readGathered, readGops } from './nn-folds.ts';
import { gatheredLearners } from './nn-gather.ts';

type Word = { s: Array<[number, number]>; t: number };
type Gathered = { id: string; i: number; off: number; n: number; synth?: boolean; trials: Array<{ words: Word[]; from: number }> };

export interface CheckedFolds {
  trials: number;
  /** Trials whose replaced word scored lowest by raw scores (nn-folds.ts' figure). */
  raw: number;
  /** … and after the check with room, as the engine scores. */
  checked: number;
  /** Trials of recordings whose own text could not be aligned (no network frames): counted raw. */
  unchecked: number;
}

/** The gathered frames and phone spans of each learner recording, by id. */
function readFrames(prefixes: readonly string[]): Map<string, { record: Gathered; frames: Float32Array }> {
  return new Map([...gatheredLearners<Gathered>(prefixes)].map((g) => [g.record.id, g]));
}

/** The held-out figures of `folds`, fold f's evidence and network from `pattern` with {f} replaced. */
export async function checkedFolds(
  prefixes: readonly string[],
  pattern: string,
  variant = SHIPPED_VARIANT,
  folds: readonly number[] = [0, 1, 2, 3],
  log: (line: string) => void = () => {},
): Promise<CheckedFolds> {
  // The check's evidence carries each phone's network GOP only when the shipped word model weighs them (engine.ts netEvidence).
  if (variant.startsWith('pw')) throw new Error(`${variant}: word models with per-phone network weights cannot be checked with room here`);
  const gatheredFrames = readFrames(prefixes);
  const rows = readRows(TRAIN_DIR);
  const pool = [...new Set(rows.flatMap((r) => r.words))];
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const gathered = readGathered([...prefixes]);
  const foldOf = foldsOfSpeakers(gathered.map((g) => g.speaker));
  const aligner = await Aligner.create();
  const here = alignWithRoomHere(aligner);
  const total: CheckedFolds = { trials: 0, raw: 0, checked: 0, unchecked: 0 };
  for (const f of folds) {
    const started = performance.now();
    const dir = pattern.replaceAll('{f}', String(f));
    const all = evidence(gathered, readGops([dir]), variant);
    const fitted = fit(all.filter((r) => foldOf.get(r.speaker) !== f));
    const scorer = { model: fitted.word, stats: fitted.phones, mispronounced: mispronouncedRaw(fitted.lines.centre) };
    const net = new PhoneNet(JSON.parse(readFileSync(path.join(dir, 'net.json'), 'utf8')) as PhoneNetWeights);
    const fold: CheckedFolds = { trials: 0, raw: 0, checked: 0, unchecked: 0 };
    for (const rec of all.filter((r) => foldOf.get(r.speaker) === f)) {
      const { record: g, frames } = gatheredFrames.get(rec.id)!;
      const row = rowOf.get(rec.id)!;
      const texts = textTrials(row.words, g.i, pool);
      const pcm = await decodeRecording(new Uint8Array(readFileSync(row.file)));
      const energy = frameEnergies(pcm);
      // The network's frames over the speech span, shared by the recording's trials (the same audio, the same span).
      const gaps = g.n ? net.gapsOf(frames.slice(), g.n) : undefined;
      for (const [j, t] of evidenceTrials([rec], fitted.phones).entries()) {
        const aligned = g.trials[j]!;
        const raw = t.words.map((w) => rawWordScore(w, fitted.word));
        const lowest = (scores: readonly number[]) => scores.every((s, k) => k === t.replaced || s > scores[t.replaced]!);
        // The trial's text: the standard trial whose replaced word this alignment holds.
        const text = texts.find((x) => x.replaced === aligned.words[t.replaced]!.t)?.words;
        let checked = raw;
        if (gaps && text) {
          await ensurePronunciations(aligner, text);
          const targets = aligned.words.map((w) => ({ target: w.t, start: w.s[0]![0], frames: w.s.at(-1)![0] + w.s.at(-1)![1] - w.s[0]![0] }));
          const phones = aligned.words.reduce((n, w) => n + w.s.length, 0);
          const rate = targets.reduce((n, w) => n + w.frames, 0) / Math.max(1, phones);
          const span = energy.subarray(aligned.from, aligned.from + g.n);
          checked = await checkWithRoom({ raw, targets, words: text, pcm, from: aligned.from, span, rate, gaps }, here, undefined, scorer);
        } else fold.unchecked++;
        fold.raw += lowest(raw) ? 1 : 0;
        fold.checked += lowest(checked) ? 1 : 0;
        fold.trials++;
      }
    }
    log(`fold ${f}: ${describeChecked(fold)}; ${((performance.now() - started) / 60000).toFixed(1)} min`);
    for (const key of ['trials', 'raw', 'checked', 'unchecked'] as const) total[key] += fold[key];
  }
  return total;
}

export function describeChecked(c: CheckedFolds): string {
  const pct = (x: number) => `${((100 * x) / Math.max(1, c.trials)).toFixed(1)}%`;
  return `replaced word lowest with the check with room ${pct(c.checked)} (${c.checked} of ${c.trials}; raw scores, before the check: ${pct(c.raw)}, ${c.raw})${c.unchecked ? `, ${c.unchecked} trials without frames counted raw` : ''}`;
}

if (process.argv[1]?.endsWith('checked-folds.ts')) {
  const args = process.argv.slice(2);
  const folds = args.includes('--folds') ? args.splice(args.indexOf('--folds'), 2)[1]!.split(',').map(Number) : undefined;
  const [prefixes, pattern, variant] = args;
  if (!prefixes || !pattern) {
    console.error('usage: checked-folds.ts GATHER_PREFIXES(comma) NET_DIR_PATTERN(with {f}) [VARIANT] [--folds 0,1]');
    process.exit(2);
  }
  const figures = await checkedFolds(prefixes.split(','), pattern, variant, folds, (line) => console.log(line));
  console.log(`folds ${(folds ?? [0, 1, 2, 3]).join(',')} (${variant ?? SHIPPED_VARIANT}): ${describeChecked(figures)}`);
}
