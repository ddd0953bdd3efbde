/**
 * Text-to-speech latency: a cold synthesis (new text), a cached one, and — the baseline — a
 * static file served by the same server (the Listening page article, cached on disk).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - t, bytes };
}

export async function ttsBenchmark() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-bench-tts-'));
  const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'b'.repeat(40) }), {
    logger: pino({ level: 'silent' }),
    serveClient: false,
  });
  const url = await app.listen(0, '127.0.0.1');
  const words = [
    'elephant',
    'classroom',
    'library',
    'breakfast',
    'umbrella',
    'festival',
    'volunteer',
    'dinosaur',
    'pineapple',
    'yesterday',
    'butterfly',
    'computer',
  ];
  const cold: number[] = [];
  const cached: number[] = [];
  let size = 0;
  for (const w of words) {
    const first = await timed(`${url}/api/v1.0/tts/?text=${w}`);
    cold.push(first.ms);
    size = first.bytes;
    for (let i = 0; i < 20; i++) cached.push((await timed(`${url}/api/v1.0/tts/?text=${w}`)).ms);
  }
  // Baseline: the generated article (a static file once made), fetched the same way.
  const staticSize = (await timed(`${url}/media/listening/how-to-practise-listening.pdf`)).bytes;
  const staticMs: number[] = [];
  for (let i = 0; i < words.length * 20; i++) staticMs.push((await timed(`${url}/media/listening/how-to-practise-listening.pdf`)).ms);
  await app.close();
  const p50 = (xs: number[]) => percentile(xs, 50).toFixed(1);
  return {
    name: `Text-to-speech latency (${words.length} words, ~${Math.round(size / 1024)} KB WAV each)`,
    lines: [
      `static file (${Math.round(staticSize / 1024)} KB)       : p50 ${p50(staticMs)} ms, p99 ${percentile(staticMs, 99).toFixed(1)} ms`,
      `cached speech            : p50 ${p50(cached)} ms, p99 ${percentile(cached, 99).toFixed(1)} ms (${(percentile(cached, 50) / percentile(staticMs, 50)).toFixed(2)}× static)`,
      `cold speech (synthesis)  : p50 ${p50(cold)} ms, p99 ${percentile(cold, 99).toFixed(1)} ms (${(percentile(cold, 50) / percentile(staticMs, 50)).toFixed(0)}× static)`,
    ],
  };
}
