/** The Listening page's sample video in Chromium: it loads with its length, plays with sound, at the chosen speed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { LISTENING_VIDEO } from '../../server/speech/listening-texts.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the sample video on /listening', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a video of 20–40 s with sound that plays at the speed picked below it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/listening`);
    const video = page.locator('video');
    await video.scrollIntoViewIfNeeded();
    const meta = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{ duration: number; width: number; height: number }>((resolve) => {
          const done = () => resolve({ duration: v.duration, width: v.videoWidth, height: v.videoHeight });
          if (v.readyState >= 1) done();
          else v.addEventListener('loadedmetadata', done, { once: true });
        }),
    );
    expect(meta.duration).toBeGreaterThanOrEqual(20);
    expect(meta.duration).toBeLessThanOrEqual(40);
    expect([meta.width, meta.height]).toEqual([854, 480]);

    await page.getByRole('group', { name: 'Playback speed for How to practise listening' }).getByRole('button', { name: '1.5x' }).click();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      const from = v.currentTime;
      await new Promise((r) => setTimeout(r, 1500));
      v.pause();
      return { rate: v.playbackRate, advanced: v.currentTime - from };
    });
    expect(played.rate).toBe(1.5);
    expect(played.advanced).toBeGreaterThan(0.5);

    // The sound track is speech, not silence.
    const sound = await page.evaluate(async (src) => {
      const audio = await new AudioContext().decodeAudioData(await (await fetch(src)).arrayBuffer());
      const samples = audio.getChannelData(0);
      let sum = 0;
      for (const x of samples) sum += x * x;
      return { seconds: audio.duration, rms: Math.sqrt(sum / samples.length) };
    }, LISTENING_VIDEO);
    expect(sound.seconds).toBeGreaterThan(20);
    expect(sound.rms).toBeGreaterThan(0.02);

    await page.getByRole('button', { name: 'Show the text (after listening!)' }).last().click();
    await expect.poll(() => page.locator('.sample-video .transcript').innerText()).toContain('Step one. Listen to the full audio without reading the text.');
    await page.context().close();
  });

  it('serves the video in byte ranges, so a player can seek', async () => {
    const response = await fetch(`${server.url}${LISTENING_VIDEO}`, { headers: { range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
  });
});
