/**
 * Text-to-speech for the players and the Listening page: Flite voices in a worker thread,
 * cached in memory and on disk per text, voice and speed (DESIGN, speech out).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { VOICES, type Voice } from './flite.ts';

export const MAX_TTS_CHARS = 200;

/** What may be spoken: letters, digits, spaces and ordinary punctuation, at most 200 characters. */
export const ttsInputSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .transform((t) => t.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'text is required')
        .max(MAX_TTS_CHARS, `text must be at most ${MAX_TTS_CHARS} characters`)
        .regex(/^[A-Za-z0-9 .,!?;:'’"“”()&%$£+\-–—/]+$/, 'text may use only English letters, digits and punctuation'),
    ),
  voice: z.enum(VOICES, { error: `voice must be one of ${VOICES.join(', ')}` }).default('slt'),
  speed: z.coerce.number({ error: 'speed must be a number' }).min(0.5, 'speed must be between 0.5 and 2').max(2, 'speed must be between 0.5 and 2').default(1),
});
export type TtsInput = z.infer<typeof ttsInputSchema>;

export type Speech = { bytes: Buffer; etag: string; contentType: 'audio/wav' };

export type TtsEngine = {
  speak(input: TtsInput): Promise<Speech>;
  close(): Promise<void>;
};

const workerFile = fileURLToPath(new URL('./tts-worker.ts', import.meta.url));

export function createTts(dataDir: string): TtsEngine {
  const pool = new Piscina({
    filename: workerFile,
    // The workers load TypeScript through tsx, like the server itself.
    execArgv: ['--import', 'tsx', '--no-warnings'],
    minThreads: 1,
    maxThreads: 2,
    idleTimeout: 60_000,
    maxQueue: 200,
  });
  const memory = new LRUCache<string, Speech>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (s) => s.bytes.length });
  const pending = new Map<string, Promise<Speech>>();
  const dir = path.join(dataDir, 'tts');

  async function make(key: string, input: TtsInput): Promise<Speech> {
    const file = path.join(dir, `${key}.wav`);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      bytes = Buffer.from(await pool.run({ text: input.text, voice: input.voice, speed: input.speed }));
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    }
    const speech: Speech = { bytes, etag: `"${key}"`, contentType: 'audio/wav' };
    memory.set(key, speech);
    return speech;
  }

  return {
    async speak(input) {
      const key = createHash('sha256').update(`${input.voice}|${input.speed}|${input.text}`).digest('hex').slice(0, 32);
      const hit = memory.get(key);
      if (hit) return hit;
      let job = pending.get(key);
      if (!job) {
        job = make(key, input).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      return job;
    },
    close: () => pool.destroy(),
  };
}

export type { Voice };
