/**
 * The neural phone model's forward pass (server/speech/pa/phone-net.ts): the frames the engine asks
 * for one at a time (lazyGaps) are exactly those of the whole span's pass, and no others are computed;
 * frames computed several at a time (a phone's span) have the same values to the bit.
 */
import { describe, expect, it } from 'vitest';
import { phoneNet, PHONE_CLASSES } from '../../../server/speech/pa/phone-net.ts';
import { speak } from '../../../scripts/pa/synth.ts';

describe('the neural phone model', () => {
  it('computes a frame only when asked for it, to the same values as the whole pass', async () => {
    const net = phoneNet();
    expect(net).not.toBeNull();
    const pcm = await speak(['apple', 'banana', 'window'], 'slt', 1);
    const frames = Math.floor(pcm.length / 160) - 2;
    const all = net!.gaps(pcm, 0, frames);
    const lazy = net!.lazyGaps(pcm, 0, frames);
    const asked = [frames - 1, 0, 7, 8, 9, Math.floor(frames / 2)];
    for (const f of asked) for (let k = 0; k < PHONE_CLASSES.length; k++) expect(lazy.at(f, k)).toBe(all[f * PHONE_CLASSES.length + k]);
    expect(lazy.computed).toBe(asked.length);
    // Gaps: log posteriors less the frame's best, so ≤ 0 with one 0 per frame.
    expect(Math.max(...all)).toBe(0);
  });

  it("gives a phone's frames computed together the values each has computed alone", async () => {
    const net = phoneNet()!;
    const pcm = await speak(['good', 'morning', 'teacher'], 'rms', 1);
    const frames = Math.floor(pcm.length / 160) - 2;
    const alone = net.lazyGaps(pcm, 0, frames);
    const together = net.lazyGaps(pcm, 0, frames);
    // Spans of 1 to 9 frames, so groups of four and the remainders of one to three all occur.
    const spans = [
      [3, 4],
      [10, 19],
      [40, 46],
      [44, 52],
      [frames - 3, frames + 5],
    ] as const;
    for (const [from, to] of spans) together.ensure(from, to);
    const asked = new Set(spans.flatMap(([from, to]) => Array.from({ length: Math.min(frames, to) - from }, (_, i) => from + i)));
    expect(together.computed).toBe(asked.size);
    for (const f of asked) for (let k = 0; k < PHONE_CLASSES.length; k++) expect(together.at(f, k)).toBe(alone.at(f, k));
    expect(together.computed).toBe(asked.size);
  });
});
