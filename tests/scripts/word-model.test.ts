/**
 * The word model's fit (scripts/pa/word-model.ts) on made-up trials where the truth is known:
 * one phone's z-score drops when its word was not said, another's is noise either way.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORD_MODEL, rawWordScore, type WordEvidence } from '../../server/speech/pa/engine.ts';
import { crossValidate, fitWordModel, hitRate, type Trial } from '../../scripts/pa/word-model.ts';

/** A deterministic stand-in for Math.random (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Words of phones K (telling: 2 z units lower when not said) and L (noise, spread 3). */
function trials(count: number, seed: number): Trial[] {
  const rand = random(seed);
  const word = (said: boolean): WordEvidence => ({
    phones: [
      { phone: 'K', z: gaussian(rand) * 0.7 - (said ? 0 : 2) },
      { phone: 'L', z: gaussian(rand) * 3 },
    ],
    durationMisfit: Math.abs(gaussian(rand) * 0.2),
    outsideFrames: 0,
  });
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 5 }, (_, j) => word(j !== i % 5));
    return { words, replaced: i % 5, speaker: `s${i % 10}` };
  });
}

describe('the word model', () => {
  it('weighs a phone that tells a word not said above one that does not, and finds more replaced words', () => {
    const fitted = fitWordModel(trials(300, 1));
    expect(fitted.phoneWeights.K!).toBeGreaterThan(1.5);
    expect(fitted.phoneWeights.L!).toBeLessThan(0.5);
    const unseen = trials(300, 2);
    expect(hitRate(unseen, fitted)).toBeGreaterThan(hitRate(unseen, DEFAULT_WORD_MODEL) + 0.15);
    expect(crossValidate(trials(300, 3))).toBeGreaterThan(hitRate(unseen, DEFAULT_WORD_MODEL));
  });

  it('keeps raw scores in z units: the phone weights average 1 over the phones seen', () => {
    const fitted = fitWordModel(trials(200, 4));
    expect((fitted.phoneWeights.K! + fitted.phoneWeights.L!) / 2).toBeCloseTo(1, 2);
    const word: WordEvidence = {
      phones: [
        { phone: 'K', z: -1 },
        { phone: 'L', z: -1 },
      ],
      durationMisfit: 0,
      outsideFrames: 0,
    };
    // Both phones at −1: the weighted mean is −1 whatever the weights (two phones: a short-word credit of 1/2 − 1/3).
    expect(rawWordScore(word, fitted)).toBeCloseTo(-1 + fitted.shortWord * (1 / 2 - 1 / 3), 5);
  });

  it('weighs the network GOP of each phone on its own when the evidence has them: the telling phone above the noisy one', () => {
    // The GMM's z-scores tell nothing here; the network's GOP drops for K when the word was not
    // said and is noise for L, so the word's mean of the two mixes signal and noise.
    const withNet = (count: number, seed: number): Trial[] => {
      const rand = random(seed);
      const word = (said: boolean): WordEvidence => {
        const nnPhones = [Math.max(-6, -0.5 + gaussian(rand) * 0.5 - (said ? 0 : 2)), Math.max(-6, -1 + gaussian(rand) * 2)];
        return {
          phones: [
            { phone: 'K', z: gaussian(rand) },
            { phone: 'L', z: gaussian(rand) },
          ],
          durationMisfit: 0,
          outsideFrames: 0,
          nn: Math.max(-3, (nnPhones[0]! + nnPhones[1]!) / 2),
          nnPhones,
        };
      };
      return Array.from({ length: count }, (_, i) => ({
        words: Array.from({ length: 5 }, (_, j) => word(j !== i % 5)),
        replaced: i % 5,
        speaker: `s${i % 10}`,
      }));
    };
    const fitted = fitWordModel(withNet(300, 5));
    expect(fitted.nnPhoneWeights!.K!).toBeGreaterThan(fitted.nnPhoneWeights!.L! + 0.5);
    // Without the phones' own values the same fit has only the mean: fewer replaced words found.
    const meanOnly = (ts: Trial[]) => ts.map((t) => ({ ...t, words: t.words.map(({ nnPhones: _, ...w }) => w) }));
    const unseen = withNet(300, 6);
    expect(fitWordModel(meanOnly(withNet(300, 5))).nnPhoneWeights).toBeUndefined();
    expect(hitRate(unseen, fitted)).toBeGreaterThan(hitRate(meanOnly(unseen), fitWordModel(meanOnly(withNet(300, 5)))) + 0.05);
  });
});
