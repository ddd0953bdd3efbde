/**
 * The synthesized speech the neural phone model is taught beside the learners (scripts/pa/nn-gather.ts
 * --synth, sessions 24 and 25 of docs/pa-experiments.md): made from the speechocean762 training
 * texts, it must never say alone a word that the tests, the benches, eval:pa's voice figures or the
 * textbooks read, or the synthesized voices would no longer read unseen text there. Runs when the
 * training recordings are present.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatheredLearners, heldOutWords, pacedLists, synthItems } from '../../scripts/pa/nn-gather.ts';
import { MELS } from '../../server/speech/pa/features.ts';
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

describe('reading a gather back', () => {
  it('gives each learner recording its own frames from every prefix, and leaves synthesized speech out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gather-'));
    try {
      // Two prefixes; frame k of a prefix holds the value 100·prefix + k in each of its MELS bands.
      const write = (prefix: number, records: object[], frames: number) => {
        const values = Float32Array.from({ length: frames * MELS }, (_, i) => 100 * prefix + Math.floor(i / MELS));
        writeFileSync(path.join(dir, `g${prefix}.f32`), Buffer.from(values.buffer));
        writeFileSync(path.join(dir, `g${prefix}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
      };
      write(
        0,
        [
          { id: 'a', off: 0, n: 2 },
          { id: 's', off: 2, n: 1, synth: true },
          { id: 'b', off: 3, n: 1 },
        ],
        4,
      );
      write(1, [{ id: 'c', off: 0, n: 3 }], 3);
      const read = [...gatheredLearners<{ id: string; off: number; n: number }>([0, 1].map((p) => path.join(dir, `g${p}`)))];
      expect(read.map((g) => [g.record.id, [...new Set(g.frames)]])).toEqual([
        ['a', [0, 1]],
        ['b', [3]],
        ['c', [100, 101, 102]],
      ]);
      expect(read.map((g) => g.frames.length)).toEqual([2 * MELS, MELS, 3 * MELS]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
