/**
 * Pronunciation Assessment in Chromium with a fake microphone fed a synthesized recording of the
 * task's words: record, stop by itself, submit (the server busy at first), see the per-word result.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { concat, silence, speak, wavBytes } from '../../scripts/pa/synth.ts';

/** Where the page keeps the microphone track's settings (see the init script below). */
type WithMic = { micSettings: MediaTrackSettings };

describe.skipIf(!browserAvailable && !browserRequired)('Pronunciation Assessment in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let words: string[] = [];
  beforeAll(async () => {
    server = await startServer('pglite', { env: { PA_WORKERS: '1' } });
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'PA' }, teacher);
    const student = { 'x-access-token': (await server.login('demostudent')).accessToken };
    const task = ((await server.get('/api/v1.0/usertasks', student)).body as any[]).find((t) => t.Type === 'PA' && t.bookUnitID === 'NS2022-ES3');
    const content = (await server.get(`/api/v1.0/usertasks/${task.bookUnitID}-${task.TPID}-PA-demoteacher`, student)).body;
    words = String(content[1])
      .split(',')
      .map((w: string) => w.trim());
    // The fake microphone plays this file once: a short pause, then the words.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'wordbee-mic-')), 'words.wav');
    writeFileSync(file, wavBytes(concat([silence(0.5), await speak(words, 'slt', 0.9), silence(8)])));
    browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${file}%noloop`]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('records the words as they are shown, submits, and shows every word with its score', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // What the page asked of the microphone: the track's settings as the browser applied them.
    await context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        (window as unknown as WithMic).micSettings = stream.getAudioTracks()[0]!.getSettings();
        return stream;
      };
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', 'demostudent');
    await page.fill('input[name=password]', 'demostudent');
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    await page.locator('tr', { hasText: 'NS2022-ES3' }).getByRole('button', { name: 'PA' }).click();
    await page.waitForURL('**/record');
    await expect.poll(() => page.getByRole('heading', { name: 'Press Record button to start' }).count()).toBe(1);
    // The student sees the unit's title, not the task id, Chinese first.
    const about = await page.getByTestId('record-about').innerText();
    expect(about).toMatch(new RegExp(`^\\S.* · National standards 2022 · ${words.length} 个单词 · 单词出现时读出来`));
    expect(about).not.toContain('-PA-');
    const stop = page.getByRole('button', { name: 'Stop' });
    expect(await stop.isDisabled()).toBe(true);
    // Every word the prompt box shows, sampled in the page each frame (a poll from the test could
    // miss a short word on a busy machine).
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { shownWords: string[] }).shownWords = shown;
      const progress: string[] = [];
      (window as unknown as { shownProgress: string[] }).shownProgress = progress;
      const sample = () => {
        const value = document.querySelector<HTMLInputElement>('.prompt-input')?.value ?? '';
        if (value && shown.at(-1) !== value) shown.push(value);
        const where = document.querySelector('[data-testid=record-progress]')?.textContent?.trim() ?? '';
        if (where && progress.at(-1) !== where) progress.push(where);
        requestAnimationFrame(sample);
      };
      sample();
    });
    await page.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => stop.isEnabled()).toBe(true);
    // The engine hears the microphone as it is: no call processing reshaping the speech.
    const mic = await page.evaluate(() => (window as unknown as WithMic).micSettings);
    expect(mic).toMatchObject({ echoCancellation: false, noiseSuppression: false, autoGainControl: false });
    await expect.poll(() => page.getByRole('button', { name: 'Record' }).getAttribute('class')).toContain('recording');
    // Recording stops by itself after the last word; a clip with its Score box and Redo appears.
    await expect.poll(() => page.locator('.clip audio').count(), { timeout: 30_000 }).toBe(1);
    // The words appeared one after another in the 'Pronounce the word/phrase' box.
    expect(await page.evaluate(() => (window as unknown as { shownWords: string[] }).shownWords)).toEqual(words);
    // Beside it, how far through the list the student is.
    expect(await page.evaluate(() => (window as unknown as { shownProgress: string[] }).shownProgress)).toEqual(
      words.map((_, i) => `· ${i + 1} / ${words.length}`),
    );
    // The clip is labelled with the unit's title; the heading says what to do next.
    const clipLabel = await page.getByTestId('clip-label').innerText();
    expect(clipLabel).toContain('National standards 2022');
    expect(clipLabel).not.toContain('-PA-');
    expect(await page.getByTestId('record-state').innerText()).toBe('录好了：先听一听，再按“提交” Recorded: listen back, then press Submit');
    page.once('dialog', (d) => void d.accept());
    const alerted = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Record' }).click();
    expect((await alerted).message()).toBe('请按“重做”键重新录音 · Press Redo button to redo the task');
    // The whole class submits at once: the scorers are full ("busy", a typed answer), then the
    // server's uploads budget refuses the upload at its headers (503 with Retry-After, as
    // server/http/uploads.ts answers). The screen keeps showing 'Scoring' and tries again by
    // itself; the student presses nothing.
    let submissions = 0;
    await page.route('**/graphql', async (route) => {
      if (!route.request().postDataBuffer()?.includes('RecordSubmitMutation')) return route.continue();
      if (++submissions > 2) return route.continue();
      if (submissions === 2) {
        const refused = {
          errors: [
            {
              message: 'The server is receiving as many recordings as it can hold right now; nothing was stored, please send it again in a moment',
              extensions: { code: 'SERVICE_UNAVAILABLE' },
            },
          ],
        };
        return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, contentType: 'application/json', body: JSON.stringify(refused) });
      }
      const busy = { __typename: 'BusyError', message: 'The server is busy with this kind of work; try again in a moment. Nothing was changed.' };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { submitRecording: busy } }) });
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => submissions, { timeout: 10_000 }).toBe(2);
    expect(await page.getByLabel('Score').innerText()).toBe('评分中 · Scoring');
    expect(await page.getByTestId('record-state').innerText()).toBe('正在评分… Scoring…');
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('Score').innerText(), { timeout: 60_000 }).toMatch(/^\d+$/);
    expect(submissions).toBe(3);
    const score = Number(await page.getByLabel('Score').innerText());
    expect(score).toBeGreaterThanOrEqual(50);
    expect(await page.getByTestId('record-state').innerText()).toBe(`你的得分：${score} Your score: ${score}`);
    // A weak sound is named in plain words with the word it was weak in, Chinese first, IPA last.
    for (const tip of await page.locator('.pa-sound').allInnerTexts()) expect(tip).toMatch(/^[a-z' ]+：“[a-z]+”的音 — [\u3400-\u9fff]/);
    const items = page.getByTestId('pa-word');
    expect(await items.count()).toBe(words.length);
    expect((await items.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(words);
    for (const name of ['录音 Record', '停止 Stop', '提交 Submit', '重做 Redo'])
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), 'wordbee-record.png'), fullPage: true });
  }, 120_000);
});
