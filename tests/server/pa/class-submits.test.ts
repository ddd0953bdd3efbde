/**
 * A class submits its recordings together: the Record screen shows the words at the same pace on
 * every student's screen, so the recordings of a whole class arrive within seconds. They wait for
 * a scoring worker instead of being turned away; only beyond the queue (PA_QUEUE) is the answer
 * "busy, try again", and the recordings taken are still scored.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { browserRecording, speak } from '../../../scripts/pa/synth.ts';

describe('a class submitting its recordings at once', () => {
  let server: TestServer | undefined;
  let recording: Uint8Array;
  beforeAll(async () => {
    recording = await browserRecording(await speak(['apple', 'banana'], 'slt', 0.9), 'webm');
  }, 60_000);
  afterEach(() => server?.close());

  /** `n` free-practice uploads by the demo student, all sent before any is answered. */
  async function submitTogether(n: number) {
    const token = (await server!.login('demostudent')).accessToken;
    return Promise.all(
      Array.from({ length: n }, async () => {
        const form = new FormData();
        form.append('upl', new File([recording as Uint8Array<ArrayBuffer>], '0.webm', { type: 'audio/webm' }));
        const response = await fetch(`${server!.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: { 'x-access-token': token } });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
      }),
    );
  }

  it('scores every recording of a class of 16 with a single worker: they wait their turn', async () => {
    server = await startServer('pglite', { env: { PA_WORKERS: '1' } });
    const replies = await submitTogether(16);
    expect(replies.map((r) => r.status)).toEqual(Array(16).fill(200));
    for (const r of replies) expect(Number(r.text.split(' ')[0])).toBeGreaterThan(0);
  }, 120_000);

  it('answers "busy, try again" beyond PA_QUEUE waiting recordings and still scores the ones it took', async () => {
    server = await startServer('pglite', { env: { PA_WORKERS: '1', PA_QUEUE: '2' } });
    const replies = await submitTogether(8);
    const busy = replies.filter((r) => r.status === 503);
    const scored = replies.filter((r) => r.status === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(scored.length).toBeGreaterThanOrEqual(3); // one being scored and two waiting, at the least
    expect(busy.length + scored.length).toBe(8);
    for (const r of busy) {
      expect(r.text).toMatch(/Scoring is busy, please try again/);
      expect(Number(r.retryAfter)).toBeGreaterThan(0); // when to try again, as HTTP says it
    }
  }, 120_000);
});
