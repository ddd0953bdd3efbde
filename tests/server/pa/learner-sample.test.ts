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
const summary = (f: Figures) => `pairs ${pct(f.pairs)}, substitution ${pct(f.substitution)}, own-text words not heard ${pct(f.notHeard)}, mispronounced ${pct(f.mispronounced)}`;

describe.skipIf(!present)('pronunciation scores on the shared learner sample', () => {
  it('scores a recording higher against its own text than against another, and finds the replaced word, from WAV and as uploaded', async () => {
    const aligner = await Aligner.create();
    const sample = await loadSample(sampleDir, Infinity, 2);
    expect(sample).toHaveLength(100);
    const figures = await measure(aligner, sample);
    console.info(`learner sample (100): ${summary(figures)}`);
    expect(figures.pairs).toBeGreaterThanOrEqual(0.95);
    // Three substitutions per recording (300): measured 76.3% on these 100 (81.5% on all 200), pairs
    // 98%; 73.6% before the engine checked the lowest words again with room. The target of 85% is
    // not met yet.
    expect(figures.substitution).toBeGreaterThanOrEqual(0.7);
    // A word a learner read from their own text is 'not heard' only on strong evidence (≤ 2%).
    expect(figures.notHeard).toBeLessThanOrEqual(0.02);
    // The same recordings as a browser uploads them (Opus 16 kbit/s WebM): measured pairs 97%,
    // substitution 74.9% on these 100 (98% and 80.3% on all 200); 71.9% before the check with room.
    const uploaded = await measure(aligner, await asUploaded(sample));
    console.info(`as uploaded: ${summary(uploaded)}`);
    expect(uploaded.pairs).toBeGreaterThanOrEqual(0.95);
    expect(uploaded.substitution).toBeGreaterThanOrEqual(0.68);
    expect(uploaded.notHeard).toBeLessThanOrEqual(0.02);
    const { silence, noise } = await silenceAndNoise(aligner);
    expect(silence).toBeLessThan(10);
    expect(noise).toBeLessThan(10);
  }, 1_800_000);
});
