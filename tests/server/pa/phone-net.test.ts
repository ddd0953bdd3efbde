/**
 * The neural phone model's forward pass (server/speech/pa/phone-net.ts): the frames the engine asks
 * for one at a time (lazyGaps) are exactly those of the whole span's pass, and no others are computed;
 * frames computed several at a time (a phone's span) have the same values to the bit.
 */
import { describe, expect, it } from 'vitest';
import {
  PhoneNet,
  PhoneNetEnsemble,
  phoneClass,
  phoneNet,
  readPhoneNets,
  phoneGops,
  wordGop,
  PHONE_CLASSES,
  WORD_GOP_FLOOR,
  type FrameGaps,
  type PhoneNetWeights,
} from '../../../server/speech/pa/phone-net.ts';
import { logMel, MELS } from '../../../server/speech/pa/features.ts';
import { realignedPhoneGops } from '../../../scripts/pa/nn-evidence.ts';
import { speak } from '../../../scripts/pa/synth.ts';

describe('the neural phone model', () => {
  it('computes a frame only when asked for it, to the same values as the whole pass', async () => {
    expect(phoneNet()).not.toBeNull();
    const net = phoneNet()!.nets[0];
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
    const net = phoneNet()!.nets[0]!;
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

  it("reads the window's taps `stride` frames apart, clamped to the span, as the network was trained", async () => {
    // One layer whose class k is the log-mel value k of the window's last tap (one tap either side).
    const classes = PHONE_CLASSES.length;
    expect(classes).toBe(MELS); // 39 phones and silence, 40 log-mel values: an identity fits
    const taps = 3;
    const w = new Array<number>(classes * taps * MELS).fill(0);
    for (let k = 0; k < classes; k++) w[k * taps * MELS + 2 * MELS + k] = 1;
    const net = new PhoneNet({
      classes: [...PHONE_CLASSES],
      context: 1,
      stride: 2,
      mels: MELS,
      mean: new Array(MELS).fill(0),
      std: new Array(MELS).fill(1),
      layers: [{ rows: classes, cols: taps * MELS, w, b: new Array(classes).fill(0) }],
    });
    const pcm = await speak(['window'], 'slt', 1);
    const frames = Math.floor(pcm.length / 160) - 2;
    const mel = logMel(pcm, 0, frames);
    const gaps = net.gaps(pcm, 0, frames);
    // Frames within the word (the synthesized silence before it has equal frames) and at the span's end.
    const mid = Math.floor(frames / 2);
    for (const f of [0, mid - 7, mid, mid + 5, frames - 2, frames - 1]) {
      const tap = Math.min(frames - 1, f + 2);
      const row = mel.subarray(tap * MELS, (tap + 1) * MELS);
      if (f === mid) expect(row).not.toEqual(mel.subarray((f + 1) * MELS, (f + 2) * MELS)); // the next frame would differ
      const best = Math.max(...row);
      for (let k = 0; k < classes; k++) expect(gaps[f * classes + k]).toBeCloseTo(row[k]! - best, 4);
    }
  });

  it('averages the gaps of an ensemble, so a phone scores the mean of its networks', async () => {
    // Two one-layer networks over one frame: class k's logit is log-mel value k, times 1 and times 3.
    const scaled = (by: number): PhoneNetWeights => {
      const w = new Array<number>(MELS * MELS).fill(0);
      for (let k = 0; k < MELS; k++) w[k * MELS + k] = by;
      return {
        classes: [...PHONE_CLASSES],
        context: 0,
        mels: MELS,
        mean: new Array(MELS).fill(0),
        std: new Array(MELS).fill(1),
        layers: [{ rows: MELS, cols: MELS, w, b: new Array(MELS).fill(0) }],
      };
    };
    const one = new PhoneNet(scaled(1));
    const three = new PhoneNet(scaled(3));
    const both = readPhoneNets({ ensemble: [scaled(1), scaled(3)] });
    expect(both).toBeInstanceOf(PhoneNetEnsemble);
    expect(both.nets).toHaveLength(2);
    expect(readPhoneNets(scaled(1)).nets).toHaveLength(1);
    const pcm = await speak(['banana'], 'awb', 1);
    const frames = Math.floor(pcm.length / 160) - 2;
    const [g1, g3, mean] = [one.lazyGaps(pcm, 0, frames), three.lazyGaps(pcm, 0, frames), both.lazyGaps(pcm, 0, frames)];
    const mid = Math.floor(frames / 2);
    for (const f of [0, mid, frames - 1]) for (const k of [0, 7, MELS - 1]) expect(mean.at(f, k)).toBeCloseTo((g1.at(f, k) + g3.at(f, k)) / 2, 5);
    // The second network's gaps are three times the first's, so the mean is twice the first's.
    const low = PHONE_CLASSES.reduce((lo, _, k) => (g1.at(mid, k) < g1.at(mid, lo) ? k : lo), 0);
    expect(g1.at(mid, low)).toBeLessThan(-1);
    expect(mean.at(mid, low)).toBeCloseTo(2 * g1.at(mid, low), 4);
    const phones = [
      { phone: 'B', start: mid - 4, frames: 3 },
      { phone: 'AE', start: mid - 1, frames: 4 },
    ];
    // A phone's DNN-GOP is the mean of its networks' (as scripts/pa/nn-folds.ts averages them).
    const phoneGop = (g: FrameGaps, p: (typeof phones)[number]) => {
      let s = 0;
      for (let f = p.start; f < p.start + p.frames; f++) s += g.at(f, phoneClass(p.phone));
      return s / p.frames;
    };
    const expected = phones.reduce((s, p) => s + (phoneGop(g1, p) + phoneGop(g3, p)) / 2, 0) / phones.length;
    expect(expected).toBeLessThan(0);
    expect(wordGop(mean, frames, phones)).toBeCloseTo(Math.max(WORD_GOP_FLOOR, expected), 5);
    // Each phone's own, as the word model weighs them one by one; a phone given no frames counts −10.
    const each = phoneGops(mean, frames, phones);
    phones.forEach((p, i) => expect(each[i]).toBeCloseTo((phoneGop(g1, p) + phoneGop(g3, p)) / 2, 5));
    expect(phoneGops(mean, frames, [{ phone: 'B', start: mid, frames: 0 }])).toEqual([-10]);
  });

  it("realigns a word's phones inside its span to the network's frames, and keeps a word said wrong poor", () => {
    // Ten frames: the network hears K in frames 0–5 and AE in 6–9 (gap 0 for the phone it hears, −5 else).
    const [K, AE] = [phoneClass('K'), phoneClass('AE')];
    const heard: FrameGaps = { frames: 10, ensure: () => {}, at: (f, k) => ((f < 6 ? k === K : k === AE) ? 0 : -5) };
    // The GMM put the boundary three frames early: AE's span starts in K's frames.
    const early = [
      { phone: 'K', start: 0, frames: 3 },
      { phone: 'AE', start: 3, frames: 7 },
    ];
    expect(phoneGops(heard, 10, early)[1]).toBeCloseTo((3 * -5) / 7, 5);
    expect(realignedPhoneGops(heard, 10, early)).toEqual([0, 0]);
    // Another word's phones over the same frames find no frames of theirs, however they are shared out.
    const other = [
      { phone: 'T', start: 0, frames: 5 },
      { phone: 'IY', start: 5, frames: 5 },
    ];
    expect(realignedPhoneGops(heard, 10, other)).toEqual([-5, -5]);
    // Each phone keeps at least one frame; a word with fewer frames than phones keeps the GMM's spans.
    const three = [...early, { phone: 'T', start: 9, frames: 1 }];
    const realigned = realignedPhoneGops(heard, 10, three);
    expect(realigned[0]).toBe(0);
    expect(realigned[2]).toBe(-5);
    const squeezed = [
      { phone: 'K', start: 4, frames: 1 },
      { phone: 'AE', start: 5, frames: 0 },
      { phone: 'T', start: 5, frames: 0 },
    ];
    expect(realignedPhoneGops(heard, 10, squeezed)).toEqual(phoneGops(heard, 10, squeezed));
  });
});
