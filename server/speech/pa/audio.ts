/**
 * Recordings in, 16 kHz mono float samples out. Browsers record Opus: Chrome in WebM, Firefox in
 * Ogg; operators may also score WAV files. Containers are read with mediabunny (packets only, no
 * WebCodecs needed) and Opus frames decoded with opus-decoder (libopus as WebAssembly); WAV is
 * read directly. Everything is mixed to mono and resampled to the aligner's 16 kHz.
 */
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { OpusDecoder } from 'opus-decoder';
import { SAMPLE_RATE } from './aligner.ts';

export class AudioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioError';
  }
}

/** Longest recording accepted: a PA task shows at most a few dozen words. */
const MAX_SECONDS = 120;
/** Largest recording accepted: two minutes of Opus at 16 kbit/s is ~240 KB; WAV is larger. */
export const MAX_RECORDING_BYTES = 8 * 1024 * 1024;

export type Container = 'wav' | 'ogg' | 'webm';

export function sniffContainer(bytes: Uint8Array): Container | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  return null;
}

/** Decodes a recording (WAV, Ogg Opus or WebM Opus) to 16 kHz mono samples in [-1, 1]. */
export async function decodeRecording(bytes: Uint8Array): Promise<Float32Array> {
  const container = sniffContainer(bytes);
  if (!container) throw new AudioError('The recording is not WAV, Ogg Opus or WebM Opus audio');
  const { samples, sampleRate } = container === 'wav' ? readWav(bytes) : await readOpus(bytes);
  if (samples.length === 0) throw new AudioError('The recording is empty');
  if (samples.length / sampleRate > MAX_SECONDS) throw new AudioError(`The recording is longer than ${MAX_SECONDS} seconds`);
  return resample(samples, sampleRate, SAMPLE_RATE);
}

function readWav(bytes: Uint8Array): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format: { code: number; channels: number; rate: number; bits: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16) {
      if (body + 16 > bytes.length) break;
      format = {
        code: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) break;
      const { code, channels, rate, bits } = format;
      const pcm = code === 1 && bits === 16;
      const float = code === 3 && bits === 32;
      if (!(pcm || float) || channels < 1 || rate < 8000 || rate > 192_000) {
        throw new AudioError('WAV recordings must be 16-bit PCM or 32-bit float, 8–192 kHz');
      }
      const frameBytes = (bits / 8) * channels;
      const frames = Math.floor(Math.min(size, bytes.length - body) / frameBytes);
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const at = body + i * frameBytes + (c * bits) / 8;
          sum += pcm ? view.getInt16(at, true) / 32768 : view.getFloat32(at, true);
        }
        if (!Number.isFinite(sum)) throw new AudioError('The WAV recording holds samples that are not numbers (NaN or infinity)');
        // Float samples beyond full scale are clipped, as a sound card would.
        samples[i] = Math.max(-1, Math.min(1, sum / channels));
      }
      return { samples, sampleRate: rate };
    }
    offset = body + size + (size % 2);
  }
  throw new AudioError('The WAV recording has no audio data (its header is missing or cut short)');
}

async function readOpus(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  let track;
  try {
    track = await input.getPrimaryAudioTrack();
  } catch {
    throw new AudioError('The recording could not be read');
  }
  if (!track) throw new AudioError('The recording has no audio track');
  if (track.codec !== 'opus') throw new AudioError('The recording must use the Opus codec');
  const config = await track.getDecoderConfig();
  const channels = Math.min(track.numberOfChannels, 2);
  const preSkip = config?.description ? opusPreSkip(config.description) : 0;
  // libopus decodes straight to the aligner's rate (cheaper than 48 kHz and no resampling); the
  // pre-skip, counted at 48 kHz, is dropped here at that rate.
  const decoder = new OpusDecoder({ channels, preSkip: 0, sampleRate: SAMPLE_RATE });
  let skip = Math.round((preSkip * SAMPLE_RATE) / 48_000);
  await decoder.ready;
  try {
    const chunks: Float32Array[] = [];
    let total = 0;
    const batch: Uint8Array[] = [];
    const flush = () => {
      if (!batch.length) return;
      const { channelData, samplesDecoded } = decoder.decodeFrames(batch);
      batch.length = 0;
      const dropped = Math.min(skip, samplesDecoded);
      skip -= dropped;
      const mono = new Float32Array(samplesDecoded - dropped);
      for (const channel of channelData) for (let i = dropped; i < samplesDecoded; i++) mono[i - dropped]! += channel[i]! / channelData.length;
      chunks.push(mono);
      total += mono.length;
      if (total / SAMPLE_RATE > MAX_SECONDS) throw new AudioError(`The recording is longer than ${MAX_SECONDS} seconds`);
    };
    for await (const packet of new EncodedPacketSink(track).packets()) {
      batch.push(packet.data);
      if (batch.length >= 50) flush();
    }
    flush();
    const samples = new Float32Array(total);
    let at = 0;
    for (const chunk of chunks) {
      samples.set(chunk, at);
      at += chunk.length;
    }
    return { samples, sampleRate: SAMPLE_RATE };
  } catch (error) {
    if (error instanceof AudioError) throw error;
    throw new AudioError('The recording could not be decoded');
  } finally {
    decoder.free();
  }
}

/** Pre-skip from an OpusHead ("OpusHead", version, channels, pre-skip u16 LE, ...). */
function opusPreSkip(description: AllowSharedBufferSource): number {
  const head = ArrayBuffer.isView(description)
    ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
    : new Uint8Array(description);
  return head.length >= 12 ? head[10]! | (head[11]! << 8) : 0;
}

/**
 * Band-limited resampling: a Hann-windowed sinc low-pass at the lower Nyquist frequency, as a
 * polyphase filter (the kernel is tabulated for 64 fractional offsets, so no trigonometry runs per
 * sample; 48 kHz → 16 kHz hits offset 0 exactly).
 */
const PHASES = 64;
/**
 * Taps on each side of the kernel, in output samples. The recognizer's front end reads 130–3,700 Hz,
 * so the transition band near the new Nyquist frequency only has to keep aliases out of that range.
 */
const HALF_TAPS = 8;

export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input;
  const ratio = from / to;
  const out = new Float32Array(Math.floor(input.length / ratio));
  const cutoff = Math.min(1, to / from) * 0.95;
  const width = Math.ceil(HALF_TAPS * Math.max(1, ratio)); // taps on each side, in input samples
  const taps = 2 * width + 2;
  // table[phase][k]: weight of input sample (floor(centre) - width + k) when centre's fraction is phase/PHASES.
  const table = new Float32Array(PHASES * taps);
  for (let phase = 0; phase < PHASES; phase++) {
    const frac = phase / PHASES;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const d = k - width - frac;
      const x = d * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const w = Math.abs(d) > width + 1 ? 0 : sinc * (0.5 + 0.5 * Math.cos((Math.PI * d) / (width + 1)));
      table[phase * taps + k] = w;
      sum += w;
    }
    for (let k = 0; k < taps; k++) table[phase * taps + k]! /= sum || 1;
  }
  for (let i = 0; i < out.length; i++) {
    const centre = i * ratio;
    const base = Math.floor(centre);
    const row = Math.min(PHASES - 1, Math.round((centre - base) * PHASES)) * taps;
    const first = base - width;
    let acc = 0;
    if (first >= 0 && first + taps <= input.length) {
      for (let k = 0; k < taps; k++) acc += input[first + k]! * table[row + k]!;
    } else {
      for (let k = Math.max(0, -first); k < taps && first + k < input.length; k++) acc += input[first + k]! * table[row + k]!;
    }
    out[i] = acc;
  }
  return out;
}
