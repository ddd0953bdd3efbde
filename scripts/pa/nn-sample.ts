/**
 * The shared learner sample's figures as `npm run eval:pa` measures them (own text vs another text,
 * replaced word lowest with the check with room, own-text words 'not heard'), without the rest of
 * eval:pa (session 23). `--every K`: every K-th recording only. `--voices`: also the synthesized
 * voices' 'not heard' and 'mispronounced' as eval:pa counts them (voicesHeard, session 24);
 * `--voices-only`: those alone.
 */
import { Aligner } from '../../server/speech/pa/aligner.ts';
import { loadSample, measure, SAMPLE_DIR, voicesHeard } from '../eval-pa.ts';

const args = process.argv.slice(2);
const every = Number(args[args.indexOf('--every') + 1] ?? 1) || 1;
const aligner = await Aligner.create();
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
if (!args.includes('--voices-only')) {
  const sample = await loadSample(SAMPLE_DIR, Infinity, every);
  const f = await measure(aligner, sample);
  console.log(
    `sample (${f.recordings} recordings): pairs ${pct(f.pairs)}, replaced word lowest ${pct(f.substitution)} of ${f.substitutions} (${Math.round(f.substitution * f.substitutions)} trials), not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)}, ${f.msPerRecording.toFixed(0)} ms per recording`,
  );
}
if (args.includes('--voices') || args.includes('--voices-only')) {
  for (const v of await voicesHeard(aligner)) {
    console.log(
      `${v.voice}${v.normal ? '' : ' (slow)'}: ${v.words} words, not heard ${pct(v.notHeard)}, mispronounced ${pct(v.mispronounced)}, mean total ${v.total.toFixed(0)}`,
    );
  }
}
