import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { SAMPLE_VIDEO } from '../../scripts/make-sample-video.ts';
import { readWebm, withDuration } from '../../scripts/webm.ts';

describe("the Listening page's sample video (checked in, made by npm run media:video)", () => {
  const bytes = readFileSync(SAMPLE_VIDEO);
  const video = readWebm(bytes);

  it('is a small WebM of 20–40 seconds with VP8 pictures and Opus sound', () => {
    expect(statSync(SAMPLE_VIDEO).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(video.durationMs).toBeGreaterThanOrEqual(20_000);
    expect(video.durationMs).toBeLessThanOrEqual(40_000);
    expect(video.tracks.map((t) => [t.type, t.codec])).toEqual([
      ['video', 'V_VP8'],
      ['audio', 'A_OPUS'],
    ]);
    expect(video.tracks[0]).toMatchObject({ width: 854, height: 480 });
  });

  it('has sound and pictures from start to end', () => {
    const audio = video.blocks.get(video.tracks.find((t) => t.type === 'audio')!.number)!;
    const pictures = video.blocks.get(video.tracks.find((t) => t.type === 'video')!.number)!;
    for (const track of [audio, pictures]) {
      expect(track.firstMs).toBeLessThan(500);
      expect(track.lastMs).toBeGreaterThan(video.durationMs! - 1500);
    }
    // Speech, not silence: Opus spends a few bytes on a silent packet, ~100 on speech at 48 kbit/s.
    expect(audio.bytes / audio.count).toBeGreaterThan(100);
    expect(pictures.count).toBeGreaterThan(150);
  });

  it('can have its Duration rewritten (MediaRecorder writes none) without losing a block', () => {
    const longer = withDuration(bytes, 12_345);
    const again = readWebm(longer);
    expect(again.durationMs).toBeCloseTo(12_345, 3);
    expect(again.blocks).toEqual(video.blocks);
    expect(longer.length).toBe(bytes.length);
  });
});
