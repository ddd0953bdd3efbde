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
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TRAIN_DIR, cacheFile, gatherAll, readCache } from './pa/evidence.ts';

const args = process.argv.slice(2);
const cacheAt = args.indexOf('--cache');
const cache = cacheAt >= 0 ? args[cacheAt + 1]! : cacheFile(TRAIN_DIR);
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
  const file = fileURLToPath(new URL('../server/speech/pa/calibration.json', import.meta.url));
  writeFileSync(file, `${JSON.stringify(fit.calibration, null, 1)}\n`);
  console.log(fit.summary);
}
