/**
 * Synthesized learner-like recordings for the evaluation and the tests: the project's own Flite
 * voices (never seen by the acoustic model's training), at a chosen speed, words separated by
 * short pauses, optionally with noise, then encoded as a browser would (Opus 16 kbit/s).
 */
import { synthesizeInChild } from '../../server/speech/tts.ts';
import { decodeRecording, resample } from '../../server/speech/pa/audio.ts';
import type { Voice } from '../../server/speech/flite.ts';
import { encodeOpus } from '../../server/speech/opus-encode.ts';

export const SAMPLE_RATE = 16_000;

/** 16 kHz samples of the words spoken by a Flite voice, with ~0.3 s of silence around. */
export async function speak(words: string[], voice: Voice = 'rms', speed = 1): Promise<Float32Array> {
  const wav = await synthesizeInChild({ text: words.join(', '), voice, speed });
  const speech = await decodeRecording(new Uint8Array(wav));
  const pad = new Float32Array(Math.round(SAMPLE_RATE * 0.3));
  return concat([pad, speech, pad]);
}

export function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Deterministic white noise at an RMS level (0.05 ≈ a noisy classroom), seeded. */
export function noise(seconds: number, rms = 0.05, seed = 1): Float32Array {
  const out = new Float32Array(Math.round(SAMPLE_RATE * seconds));
  let s = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (((s >>> 0) / 0xffffffff) * 2 - 1) * rms * Math.sqrt(3);
  }
  return out;
}

export function silence(seconds: number): Float32Array {
  return new Float32Array(Math.round(SAMPLE_RATE * seconds));
}

/** WAV bytes of 16 kHz mono samples: 16-bit PCM, or 32-bit float written as they are (NaN too). */
export function wavBytes(samples: Float32Array, encoding: 'pcm16' | 'float32' = 'pcm16'): Uint8Array {
  const width = encoding === 'pcm16' ? 2 : 4;
  const out = new Uint8Array(44 + samples.length * width);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + samples.length * width, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, encoding === 'pcm16' ? 1 : 3, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, SAMPLE_RATE, true);
  v.setUint32(28, SAMPLE_RATE * width, true);
  v.setUint16(32, width, true);
  v.setUint16(34, width * 8, true);
  ascii(36, 'data');
  v.setUint32(40, samples.length * width, true);
  if (encoding === 'float32') new Float32Array(out.buffer, 44).set(samples);
  else samples.forEach((x, i) => v.setInt16(44 + i * 2, Math.max(-32768, Math.min(32767, Math.round(x * 32767))), true));
  return out;
}

/** A recording as a browser uploads it. */
export function browserRecording(samples: Float32Array, container: 'ogg' | 'webm' = 'webm'): Promise<Uint8Array> {
  return encodeOpus(samples, SAMPLE_RATE, container);
}

interface EspeakSynth {
  set_voice(name: string): void;
  set_rate(wordsPerMinute: number): void;
  get_samplerate(): number;
  synthesize(text: string, callback: (samples: Int16Array) => boolean): void;
}

let espeakPromise: Promise<EspeakSynth> | undefined;

/**
 * 16 kHz samples of the words spoken by eSpeak NG's US-English voice (the package the engine's G2P
 * uses) at `wordsPerMinute` (its default is 175), with ~0.3 s of silence around.
 */
export async function speakEspeak(words: string[], wordsPerMinute = 175): Promise<Float32Array> {
  espeakPromise ??= (async () => {
    // @ts-expect-error -- the package ships no types; the part used is typed above.
    const init = (await import('@echogarden/espeak-ng-emscripten')).default as () => Promise<{ eSpeakNGWorker: new () => EspeakSynth }>;
    return new (await init()).eSpeakNGWorker();
  })();
  const worker = await espeakPromise;
  worker.set_voice('en-us');
  worker.set_rate(wordsPerMinute);
  const chunks: Int16Array[] = [];
  worker.synthesize(words.join(', '), (samples) => {
    chunks.push(samples.slice());
    return false; // false: go on
  });
  const all = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) for (const x of c) all[at++] = x / 32768;
  const speech = resample(all, worker.get_samplerate(), SAMPLE_RATE);
  const pad = new Float32Array(Math.round(SAMPLE_RATE * 0.3));
  return concat([pad, speech, pad]);
}
