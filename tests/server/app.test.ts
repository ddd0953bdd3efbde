import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { decodeRecording } from '../../server/speech/pa/audio.ts';

describe('the HTTP server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server?.close());

  it('answers liveness and readiness probes', async () => {
    expect(await server.get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await server.get('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: 'pglite' } });
  });

  it('sends security headers on every response', async () => {
    const response = await fetch(`${server.url}/api/v1.0/nothing`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown API call with 404 and a message', async () => {
    expect(await server.get('/api/v1.0/nothing')).toEqual({ status: 404, body: { info: 'No such call: GET /api/v1.0/nothing' } });
    expect((await server.get('/api/v1.0/username/login')).status).toBe(404);
  });

  it('hides internal errors from GraphQL clients', async () => {
    const r = await server.gql('{ nope }');
    expect(r.body.errors[0].message).toMatch(/^Cannot query field "nope" on type "Query"/);
    expect(JSON.stringify(r.body)).not.toMatch(/\.ts:\d+|stack/);
  });

  it('serves the Listening page media it generates: a slow word list, faster expressions and an article', async () => {
    const words = await fetch(`${server.url}/media/listening/word-list.wav`);
    expect(words.status).toBe(200);
    expect(words.headers.get('content-type')).toBe('audio/wav');
    const wordBytes = Buffer.from(await words.arrayBuffer());
    expect(wordBytes.subarray(0, 4).toString()).toBe('RIFF');
    const expressions = Buffer.from(await (await fetch(`${server.url}/media/listening/expressions.wav`)).arrayBuffer());
    // 16 kHz, 16-bit mono: 32,000 bytes a second.
    const seconds = (b: Buffer) => (b.length - 44) / 32_000;
    expect(seconds(wordBytes)).toBeGreaterThan(20);
    // The expressions are a longer text but read faster than the word list's per-word pace.
    expect(seconds(expressions)).toBeGreaterThan(15);
    const article = await fetch(`${server.url}/media/listening/how-to-practise-listening.pdf`);
    expect(article.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await article.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${server.url}/media/listening/..%2Fjwt-secret`)).status).toBe(404);
  });

  it('says a word as WAV (the spec) or, asked for, as Ogg Opus at a tenth of the bytes and the same length', async () => {
    const wav = await fetch(`${server.url}/api/v1.0/tts/?text=${encodeURIComponent('good morning')}`);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const wavBytes = new Uint8Array(await wav.arrayBuffer());
    const opus = await fetch(`${server.url}/api/v1.0/tts/?text=${encodeURIComponent('good morning')}&format=opus`);
    expect(opus.status).toBe(200);
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    expect(opus.headers.get('cache-control')).toContain('immutable');
    expect(opus.headers.get('etag')).not.toBe(wav.headers.get('etag'));
    const opusBytes = new Uint8Array(await opus.arrayBuffer());
    expect(Buffer.from(opusBytes.subarray(0, 4)).toString()).toBe('OggS');
    expect(opusBytes.length * 5).toBeLessThan(wavBytes.length);
    const [fromWav, fromOpus] = await Promise.all([decodeRecording(wavBytes), decodeRecording(opusBytes)]);
    expect(Math.abs(fromOpus.length - fromWav.length) / 16_000).toBeLessThan(0.1);
    // The same loudness: the word is there, not silence.
    const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);
    expect(rms(fromOpus) / rms(fromWav)).toBeGreaterThan(0.8);
    expect(rms(fromOpus) / rms(fromWav)).toBeLessThan(1.25);
    const refused = await fetch(`${server.url}/api/v1.0/tts/?text=hello&format=mp3`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).info).toBe('format must be wav or opus');
  });
});
