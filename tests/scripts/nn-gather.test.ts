/**
 * The synthesized speech the neural phone model is taught beside the learners (scripts/pa/nn-gather.ts
 * --synth, sessions 24 and 25 of docs/pa-experiments.md): made from the speechocean762 training
 * texts, it must never say alone a word that the tests, the benches, eval:pa's voice figures or the
 * textbooks read, or the synthesized voices would no longer read unseen text there. Runs when the
 * training recordings are present.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heldOutWords, pacedLists, synthItems } from '../../scripts/pa/nn-gather.ts';
import { TRAIN_DIR } from '../../scripts/pa/evidence.ts';

describe.skipIf(!existsSync(TRAIN_DIR))('synthesized training speech for the phone model', () => {
  it('never says alone a word the tests, the benches or the textbooks read', () => {
    const held = heldOutWords();
    for (const word of ['apple', 'teacher', 'window', 'good', 'morning', 'thank', 'you', 'goodbye', 'elephant', 'pencil']) expect(held.has(word)).toBe(true);
    const lists = pacedLists(TRAIN_DIR, 300);
    expect(lists.every((items) => items.length === 5 && items.filter((i) => i.includes(' ')).length === 1)).toBe(true);
    const words = lists.flat().flatMap((item) => item.split(' '));
    expect(words.filter((w) => held.has(w))).toEqual([]);
    expect(new Set(words).size).toBeGreaterThan(300);
  });

  it('splits the readings between shards without losing or repeating one', () => {
    const ids = (shard: number, shards: number) => synthItems(TRAIN_DIR, 4, shard, shards, 3).map((item) => item.id);
    const whole = ids(0, 1);
    expect(whole).toHaveLength(6 * 4 + 6 * 3);
    expect([...ids(0, 2), ...ids(1, 2)].sort()).toEqual([...whole].sort());
  });
});
