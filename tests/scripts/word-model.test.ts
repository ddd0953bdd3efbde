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
});
