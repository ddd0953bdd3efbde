/**
 * Text-to-speech cannot be used as a disk and CPU sink: parameters only as the product uses
 * them, new syntheses limited per address for visitors, the cache on disk bounded in bytes
 * (least recently used go first), and identical requests at once spoken once.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { createTts } from '../../../server/speech/tts.ts';

describe('text-to-speech over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { TTS_SYNTHESES_PER_ADDRESS: '2' }, app: { mailWorker: false, webhookWorker: false } });
  });
  afterAll(() => server?.close());

  const tts = (query: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/v1.0/tts/?${query}`, { headers });

  it('a speed the product does not use is refused, and nothing is made', async () => {
    for (const speed of ['1.0000k', '1.01', '0.6', '3', 'NaN']) {
      const r = await tts(`text=apple&speed=${encodeURIComponent(speed)}`);
      expect(r.status, speed).toBe(400);
      expect((await r.json()).info, speed).toMatch(/^speed must be one of 0.5, 0.75/);
    }
    expect((await tts(`text=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await tts('text=apple&voice=zzz')).status).toBe(400);
    const dir = path.join(server.dataDir, 'tts');
    expect(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.wav')) : []).toEqual([]);
  });

  it('a visitor may have a few new words spoken per address; spoken ones stay free, a login is not counted', async () => {
    const first = await tts('text=apple');
    expect(first.status).toBe(200);
    // 1.0 is the same speed as 1: the same speech, not a new one.
    const same = await tts('text=apple&speed=1.0');
    expect(same.headers.get('etag')).toBe(first.headers.get('etag'));
    expect((await tts('text=banana')).status).toBe(200);
    const third = await tts('text=cherry');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await third.json()).info).toMatch(/Too many new words/);
    expect((await tts('text=apple')).status).toBe(200);
    const { accessToken } = await server.login('demoteacher');
    expect((await tts('text=cherry', { 'x-access-token': accessToken })).status).toBe(200);
  }, 120_000);
});

describe('the speech cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-tts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps at most TTS_CACHE_MB on disk, removing the least recently used first', async () => {
    const engine = createTts(dir, undefined, { cacheBytes: 90_000 });
    const sizes: number[] = [];
    for (const text of ['one', 'two', 'three', 'four']) sizes.push((await engine.speak({ text, voice: 'slt', speed: 1 })).bytes.length);
    expect(Math.max(...sizes)).toBeLessThan(45_000);
    await new Promise((r) => setTimeout(r, 200));
    const files = readdirSync(path.join(dir, 'tts'));
    const total = files.reduce((sum, f) => sum + statSync(path.join(dir, 'tts', f)).size, 0);
    expect(total).toBeLessThanOrEqual(90_000);
    expect(files.length).toBeLessThan(4);
    // 'four' was used last: it is kept; 'one' went first.
    const again = createTts(dir, undefined, { cacheBytes: 90_000 });
    const before = readdirSync(path.join(dir, 'tts')).length;
    await again.speak({ text: 'four', voice: 'slt', speed: 1 });
    expect(readdirSync(path.join(dir, 'tts')).length).toBe(before);
  }, 120_000);

  it('identical requests at once are spoken once', async () => {
    const engine = createTts(dir, undefined, { cacheBytes: 10_000_000 });
    let syntheses = 0;
    const all = await Promise.all(Array.from({ length: 6 }, () => engine.speak({ text: 'together', voice: 'rms', speed: 0.75 }, () => void syntheses++)));
    expect(syntheses).toBe(1);
    expect(new Set(all.map((s) => s.bytes)).size).toBe(1);
  }, 120_000);
});
