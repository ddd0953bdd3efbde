/**
 * `npm run pa:train`: fits the pronunciation engine's calibration (server/speech/pa/calibration.json:
 * the per-phone statistics, the word model and the heard and mispronounced lines) on learner
 * recordings: by default the 2,300 training recordings of speechocean762 beside the checkout
 * (`WORDBEE_PA_TRAIN_DIR`), never the 200 of the shared sample, which judge it (`npm run eval:pa`).
 *
 * A school retrains it on its own recordings the same way: a directory with `utterances.tsv`
 * (columns `utt`, `speaker`, `text`; the utterance id beginning with a 5-character speaker id) and
 * `wav/ID.wav` or `wav/ID.ogg`, then `WORDBEE_PA_TRAIN_DIR=/that/dir npm run pa:train`.
 *
 * Options: `--gather-only` (align and cache, fit nothing), `--fit-only` (fit on the recordings
 * gathered so far, gather no more), `--cache FILE` (where the aligned evidence is kept between
 * runs; by default in the system's temporary directory). Gathering takes ~1 s per recording on an
 * idle core (four alignments) and resumes where it stopped; fitting takes a minute or two.
 *
 * `--phone-net` also trains the neural phone model (server/speech/pa/phone-net.ts, session 23 of
 * docs/pa-experiments.md) and fits the word model with its word GOP: the gathering then keeps each
 * recording's log-mel frames and phone spans too (scripts/pa/nn-gather.ts; `--net-cache PREFIX[,PREFIX…]`,
 * by default in the temporary directory, several prefixes when gathered in shards), and
 * scripts/pa/phone_net.py (python3 with torch: `PA_PYTHON`, by default /usr/bin/python3, Debian's
 * python3-torch) trains the shipped network (NETS; several would be averaged by the engine) five
 * times: on every recording, which is shipped (server/speech/pa/phone-net.json), and once per
 * speaker fold for the held-out figures.
 * `--synth-speech N` (session 24) also gathers the project's synthesized voices (Flite's four,
 * eSpeak NG at two speeds) reading N training texts each, into PREFIX-synth: clean speech the
 * networks are trained on too, never used for the word model or the fold figures. `--paced-lists M`
 * (session 25) has each voice also say M paced word lists of training words, one item at a time
 * with 1.2 s pauses as the Record screen paces them. A prefix gathered so (`nn-gather.ts PREFIX
 * --synth N [--paced M]`) can be given to `--net-cache` with the others.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NET_WORK, TRAIN_DIR, cacheFile, gatherAll, readCache } from './pa/evidence.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const cache = option('--cache') ?? cacheFile(TRAIN_DIR);
const calibrationFile = fileURLToPath(new URL('../server/speech/pa/calibration.json', import.meta.url));

/**
 * The shipped networks, as phone_net.py's options, and the suffix of each one's working
 * directory: one network over the frame with 5 either side. With more than one the engine averages
 * their frame gaps (an ensemble; session 31 of docs/pa-experiments.md tried this one beside
 * `{ suffix: '-stride2', options: ['--stride', '2'] }`: not better on both measures, not shipped).
 */
const NETS: ReadonlyArray<{ suffix: string; options: string[] }> = [{ suffix: '', options: [] }];

if (args.includes('--phone-net')) {
  const { gatherNet, gatherSynth } = await import('./pa/nn-gather.ts');
  const { evidence: withGops, readGathered, readGops } = await import('./pa/nn-folds.ts');
  const work = NET_WORK;
  const prefixes = (option('--net-cache') ?? work).split(',');
  const synthPerVoice = Number(option('--synth-speech') ?? 0);
  const pacedPerVoice = Number(option('--paced-lists') ?? 0);
  if (synthPerVoice > 0 && !args.includes('--fit-only')) prefixes.push(`${prefixes[0]}-synth`);
  if (!args.includes('--fit-only')) {
    console.log(`gathering frames and evidence from ${TRAIN_DIR} (${prefixes[0]})`);
    await gatherNet(TRAIN_DIR, prefixes[0]!, 0, 1, (line) => console.log(line));
    if (synthPerVoice > 0) {
      console.log(`gathering the synthesized voices reading ${synthPerVoice} training texts and ${pacedPerVoice} paced word lists each (${prefixes.at(-1)})`);
      await gatherSynth(TRAIN_DIR, prefixes.at(-1)!, synthPerVoice, 0, 1, (line) => console.log(line), pacedPerVoice);
    }
  }
  if (!args.includes('--gather-only')) {
    const python = process.env.PA_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
    const script = fileURLToPath(new URL('./pa/phone_net.py', import.meta.url));
    /** Trains the ensemble's networks without fold `fold`'s speakers (every recording: −1); their directories. */
    const train = (fold: number) =>
      NETS.map(({ suffix, options }) => {
        const out = `${work}${suffix}-${fold < 0 ? 'all' : `fold${fold}`}`;
        if (!existsSync(path.join(out, 'gop.jsonl')) || !args.includes('--reuse-nets'))
          execFileSync(python, [script, ...prefixes, '--out', out, '--fold', String(fold), ...options], { stdio: 'inherit' });
        return out;
      });
    const gathered = readGathered(prefixes);
    const all = train(-1);
    const folds = [0, 1, 2, 3].map((f) => withGops(gathered, readGops(train(f))));
    const { fitCalibration } = await import('./pa/calibrate.ts');
    const fit = fitCalibration(withGops(gathered, readGops(all)), (f) => folds[f]!);
    const shipped = fileURLToPath(new URL('../server/speech/pa/phone-net.json', import.meta.url));
    if (all.length === 1) copyFileSync(path.join(all[0]!, 'net.json'), shipped);
    else writeFileSync(shipped, JSON.stringify({ ensemble: all.map((dir) => JSON.parse(readFileSync(path.join(dir, 'net.json'), 'utf8')) as unknown) }));
    writeFileSync(calibrationFile, `${JSON.stringify(fit.calibration, null, 1)}\n`);
    console.log(fit.summary);
  }
} else {
  let evidence;
  if (args.includes('--fit-only')) {
    evidence = readCache(cache);
    console.log(`fitting on the ${evidence.length} recordings gathered in ${cache}`);
  } else {
    console.log(`gathering evidence from ${TRAIN_DIR} (cache ${cache})`);
    evidence = await gatherAll(TRAIN_DIR, cache, (line) => console.log(line));
    console.log(`${evidence.length} recordings gathered`);
  }
  if (!args.includes('--gather-only')) {
    const { fitCalibration } = await import('./pa/calibrate.ts');
    const fit = fitCalibration(evidence);
    writeFileSync(calibrationFile, `${JSON.stringify(fit.calibration, null, 1)}\n`);
    console.log(fit.summary);
  }
}
