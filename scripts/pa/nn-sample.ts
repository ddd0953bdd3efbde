/**
 * The shared learner sample's figures as `npm run eval:pa` measures them (own text vs another text,
 * replaced word lowest with the check with room, own-text words 'not heard'), without the rest of
 * eval:pa (session 23). `--every K`: every K-th recording only.
 */
import { Aligner } from '../../server/speech/pa/aligner.ts';
import { loadSample, measure, SAMPLE_DIR } from '../eval-pa.ts';

const args = process.argv.slice(2);
const every = Number(args[args.indexOf('--every') + 1] ?? 1) || 1;
const aligner = await Aligner.create();
const sample = await loadSample(SAMPLE_DIR, Infinity, every);
const f = await measure(aligner, sample);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `sample (${f.recordings} recordings): pairs ${pct(f.pairs)}, replaced word lowest ${pct(f.substitution)} of ${f.substitutions}, not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)}, ${f.msPerRecording.toFixed(0)} ms per recording`,
);
