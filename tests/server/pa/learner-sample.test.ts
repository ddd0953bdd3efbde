/**
 * The engine on real learner speech: the shared speechocean762 sample (200 recordings by
 * Mandarin-speaking children and adults), which the calibration is never fitted on (`npm run
 * pa:train` fits it on the 2,300 training recordings). Every other recording is used to keep the run short;
 * `npm run eval:pa` measures all of them. Runs when the sample is present (.ci/run makes it
 * mandatory when it finds the sample beside the checkout).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Aligner } from '../../../server/speech/pa/aligner.ts';
import { SAMPLE_DIR, asUploaded, loadSample, measure, silenceAndNoise, type Figures } from '../../../scripts/eval-pa.ts';

const sampleDir = process.env.WORDBEE_PA_SAMPLE_DIR ?? SAMPLE_DIR;
const present = existsSync(sampleDir);
if (process.env.WORDBEE_REQUIRE_PA_SAMPLE === '1' && !present) throw new Error(`WORDBEE_REQUIRE_PA_SAMPLE=1 but ${sampleDir} is missing`);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const summary = (f: Figures) =>
  `pairs ${pct(f.pairs)}, substitution ${pct(f.substitution)}, own-text words not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)}`;

describe.skipIf(!present)('pronunciation scores on the shared learner sample', () => {
  it('scores a recording higher against its own text than against another, and finds the replaced word, from WAV and as uploaded', async () => {
    const aligner = await Aligner.create();
    const sample = await loadSample(sampleDir, Infinity, 2);
    expect(sample).toHaveLength(100);
    const figures = await measure(aligner, sample);
    console.info(`learner sample (100): ${summary(figures)}`);
    expect(figures.pairs).toBeGreaterThanOrEqual(0.97);
    // Three substitutions per recording (300), the calibration and the neural phone model fitted on
    // the 2,300 training recordings (npm run pa:train -- --phone-net), never on these: measured
    // 82.3%, pairs 99%, own-text words not heard 0.3% and mispronounced 8.6% (session 24; the GMM
    // alone, session 22: 75.9%, 98%, 0.3%, 8.8%). All 200 (npm run eval:pa): 85.6%.
    expect(figures.substitution).toBeGreaterThanOrEqual(0.8);
    // A word a learner read from their own text is 'not heard' only on strong evidence (≤ 2%).
    expect(figures.notHeard).toBeLessThanOrEqual(0.02);
    // Every other one of them as a browser uploads it (Opus 16 kbit/s WebM), 50 recordings and 150
    // substitutions, which keeps this test to ~7 minutes of one core: measured pairs 98%,
    // substitution 80.0%, not heard 0.3%, mispronounced 6.8% (session 24; the GMM alone, session
    // 22: 98%, 76.7%, 0.3%, 9.4%).
    const uploaded = await measure(aligner, await asUploaded(sample.filter((_, i) => i % 2 === 0)));
    console.info(`as uploaded (50): ${summary(uploaded)}`);
    expect(uploaded.pairs).toBeGreaterThanOrEqual(0.97);
    expect(uploaded.substitution).toBeGreaterThanOrEqual(0.77);
    expect(uploaded.notHeard).toBeLessThanOrEqual(0.02);
    const { silence, noise } = await silenceAndNoise(aligner);
    expect(silence).toBeLessThan(10);
    expect(noise).toBeLessThan(10);
  }, 1_800_000);
});
