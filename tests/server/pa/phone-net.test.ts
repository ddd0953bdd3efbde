/**
 * The neural phone model's forward pass (server/speech/pa/phone-net.ts): the frames the engine asks
 * for one at a time (lazyGaps) are exactly those of the whole span's pass, and no others are computed.
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
});
