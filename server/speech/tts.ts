/**
 * Text-to-speech for the players and the Listening page: Flite voices, each synthesis in a
 * short-lived child process (off the event loop, and isolated: node:wasi is experimental in
 * Node 20 and crashed processes under repeated use), at most two at once, cached in memory and
 * on disk per text, voice and speed (DESIGN, speech out).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Logger } from 'pino';
import { VOICES } from './flite.ts';
import { DomainError } from '../errors.ts';
import { encodeOpus } from './opus-encode.ts';
import { decodeRecording } from './pa/audio.ts';

const MAX_TTS_CHARS = 200;
/**
 * The speeds the product speaks at (the Listening page's choices and the video's voices): any
 * other number would be a new synthesis and a new file for the same word.
 */
const TTS_SPEEDS = [0.5, 0.75, 0.85, 1, 1.15, 1.25, 1.5, 2] as const;

/** Too many new syntheses from one address (a visitor; cached words are not counted). */
export class SpeechThrottledError extends DomainError {
  readonly kind = 'rateLimited';
  constructor(readonly retryAfterSec: number) {
    super(`Too many new words to speak from this network; please try again in ${retryAfterSec} s`);
    this.name = 'RateLimitError';
  }
}

/** Too many syntheses are waiting: the client is told to try again shortly. */
export class BusyError extends DomainError {
  readonly kind = 'unavailable';
  /** Seconds a client should wait before trying again (REST: the Retry-After header). */
  readonly retryAfterSec = 2;
  constructor(message = 'Speech is busy, please try again in a moment') {
    super(message);
    this.name = 'BusyError';
  }
}

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
  speed: z.coerce
    .number({ error: `speed must be one of ${TTS_SPEEDS.join(', ')}` })
    .refine((v) => (TTS_SPEEDS as readonly number[]).includes(v), `speed must be one of ${TTS_SPEEDS.join(', ')}`)
    .default(1),
  /** wav (the spec's, every browser plays it) or opus (Ogg Opus: a tenth of the bytes, for a slow network). */
  format: z.enum(['wav', 'opus'], { error: 'format must be wav or opus' }).optional(),
});
export type TtsInput = z.infer<typeof ttsInputSchema>;

export type Speech = { bytes: Buffer; etag: string; contentType: 'audio/wav' | 'audio/ogg' };

/** Speech as Opus: clear at this rate for a voice at 16 kHz (a 2-second word: ~7 KB, as WAV 64 KB). */
const SPEECH_OPUS_BITRATE = 24_000;

export type TtsEngine = {
  /** `beforeSynthesis` runs only when the speech is in no cache (it may throw to refuse). */
  speak(input: TtsInput, beforeSynthesis?: () => void): Promise<Speech>;
  close(): Promise<void>;
};

const cliFile = fileURLToPath(new URL('./flite-cli.mjs', import.meta.url));
/** Syntheses running at once (one per core here); more wait their turn. */
const MAX_PARALLEL = 2;
const MAX_WAITING = 200;

/** Runs one synthesis in a short-lived child process; a crash there cannot take the server down. */
export function synthesizeInChild(input: TtsInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--no-warnings', cliFile, input.voice, String(input.speed), input.text],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024, timeout: 20_000 },
      (error, stdout) => {
        if (error || stdout.length < 44 || stdout.subarray(0, 4).toString() !== 'RIFF')
          reject(new Error(`speech synthesis failed${error ? `: ${error.message}` : ''}`));
        else resolve(stdout);
      },
    );
  });
}

/** The speech files kept in DATA_DIR/tts: their total size bounded, the least recently used removed. */
function diskIndex(dir: string, maxBytes: number, log?: Logger) {
  const files = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (size) => Math.max(1, size),
    dispose: (_size, file, reason) => {
      if (reason === 'evict') void unlink(path.join(dir, file)).catch(() => {});
    },
  });
  // What an earlier run left, oldest use first (a read refreshes a file's access time).
  const ready = readdir(dir)
    .then(async (names) => {
      const found = await Promise.all(
        names.filter((n) => /^[0-9a-f]{32}\.(wav|opus)$/.test(n)).map(async (n) => ({ n, st: await stat(path.join(dir, n)).catch(() => null) })),
      );
      for (const { n, st } of found.filter((f) => f.st).sort((a, b) => Math.max(a.st!.atimeMs, a.st!.mtimeMs) - Math.max(b.st!.atimeMs, b.st!.mtimeMs)))
        files.set(n, st!.size);
    })
    // Not there yet, or not a folder: a cache that cannot be written is said when writing.
    .catch((error: unknown) => log?.debug({ err: error, dir }, 'speech cache could not be listed'));
  return {
    async used(file: string, size: number) {
      await ready;
      if (files.get(file) === undefined) files.set(file, size);
      // Bigger than the whole cache: not kept.
      if (!files.has(file)) await unlink(path.join(dir, file)).catch(() => {});
    },
    bytes: () => files.calculatedSize,
  };
}

export function createTts(dataDir: string, log?: Logger, options: { cacheBytes?: number } = {}): TtsEngine {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function limited<T>(job: () => Promise<T>): Promise<T> {
    if (running >= MAX_PARALLEL) {
      if (waiting.length >= MAX_WAITING) throw new BusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }
  const memory = new LRUCache<string, Speech>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (s) => s.bytes.length });
  const pending = new Map<string, Promise<Speech>>();
  const dir = path.join(dataDir, 'tts');
  const disk = diskIndex(dir, options.cacheBytes ?? 512 * 1024 * 1024, log);
  let cacheFailureLogged = false;
  async function keep(file: string, bytes: Buffer): Promise<void> {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  }

  async function make(key: string, input: TtsInput, beforeSynthesis?: () => void): Promise<Speech> {
    const opus = input.format === 'opus';
    const name = `${key}.${opus ? 'opus' : 'wav'}`;
    const file = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
      await disk.used(name, bytes.length);
    } catch {
      beforeSynthesis?.();
      bytes = opus
        ? // Made from the WAV (itself cached), so both say the word the same way.
          Buffer.from(await encodeOpus(await decodeRecording((await speak({ ...input, format: 'wav' })).bytes), 16_000, 'ogg', SPEECH_OPUS_BITRATE))
        : // One retry: a synthesis process that crashed is simply started again.
          await limited(() => synthesizeInChild(input).catch(() => synthesizeInChild(input)));
      // The speech is served even when it cannot be kept (a full or read-only disk): said once.
      await keep(file, bytes)
        .then(() => disk.used(name, bytes.length))
        .catch((error) => {
          if (!cacheFailureLogged) log?.warn({ err: error, dir }, 'speech cache cannot be written; speech is made again each time');
          cacheFailureLogged = true;
        });
    }
    const speech: Speech = { bytes, etag: `"${key}"`, contentType: opus ? 'audio/ogg' : 'audio/wav' };
    memory.set(key, speech);
    return speech;
  }

  async function speak(input: TtsInput, beforeSynthesis?: () => void): Promise<Speech> {
    // WAV keys are those of before Opus existed: caches on disk stay good.
    const key = createHash('sha256')
      .update(`${input.voice}|${input.speed}|${input.text}${input.format === 'opus' ? '|opus' : ''}`)
      .digest('hex')
      .slice(0, 32);
    const hit = memory.get(key);
    if (hit) return hit;
    let job = pending.get(key);
    if (!job) {
      // Identical requests at once share one synthesis.
      job = make(key, input, beforeSynthesis).finally(() => pending.delete(key));
      pending.set(key, job);
    }
    return job;
  }

  return { speak, close: async () => {} };
}
