/**
 * Frame features of the neural phone model (phone-net.ts): 40 log-mel energies per 10 ms frame
 * (25 ms Hamming window, pre-emphasis 0.97, 512-point FFT, 40 triangular mel filters 20–7,600 Hz),
 * framed as frameEnergies frames them (frame f starts at sample 160·f), with the mean over the
 * aligned speech span subtracted per dimension. The training script (scripts/pa/nn-gather.ts)
 * computes them with this very code, so training and scoring see the same numbers.
 */
import { FRAME_RATE, SAMPLE_RATE } from './aligner.ts';

export const MELS = 40;
const HOP = SAMPLE_RATE / FRAME_RATE;
const WIN = Math.round(SAMPLE_RATE * 0.025);
const NFFT = 512;

const hamming = Float32Array.from({ length: WIN }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WIN - 1)));
const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Filter k: [first bin, weights…]. */
const FILTERS: Array<{ first: number; weights: Float32Array }> = (() => {
  const lo = mel(20);
  const hi = mel(7600);
  const edges = Array.from({ length: MELS + 2 }, (_, i) => (hz(lo + ((hi - lo) * i) / (MELS + 1)) * NFFT) / SAMPLE_RATE);
  return Array.from({ length: MELS }, (_, k) => {
    const [a, b, c] = [edges[k]!, edges[k + 1]!, edges[k + 2]!];
    const first = Math.ceil(a);
    const last = Math.floor(c);
    const weights = new Float32Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) weights[bin - first] = bin <= b ? (bin - a) / (b - a) : (c - bin) / (c - b);
    return { first, weights };
  });
})();

const COS = Float64Array.from({ length: NFFT / 2 }, (_, i) => Math.cos((-2 * Math.PI * i) / NFFT));
const SIN = Float64Array.from({ length: NFFT / 2 }, (_, i) => Math.sin((-2 * Math.PI * i) / NFFT));
const REV = (() => {
  const bits = Math.log2(NFFT);
  return Uint16Array.from({ length: NFFT }, (_, i) => {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
  });
})();

/** In-place radix-2 FFT of (re, im), length NFFT. */
function fft(re: Float64Array, im: Float64Array): void {
  for (let i = 0; i < NFFT; i++) {
    const j = REV[i]!;
    if (j > i) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= NFFT; size <<= 1) {
    const half = size >> 1;
    const step = NFFT / size;
    for (let start = 0; start < NFFT; start += size) {
      for (let k = 0; k < half; k++) {
        const c = COS[k * step]!;
        const s = SIN[k * step]!;
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * c - im[b]! * s;
        const ti = re[b]! * s + im[b]! * c;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a]! += tr;
        im[a]! += ti;
      }
    }
  }
}

/**
 * Log-mel features of frames [from, to) of 16 kHz samples, mean-normalised over those frames:
 * a Float32Array of (to − from) × MELS, row by row.
 */
export function logMel(pcm: Float32Array, from: number, to: number): Float32Array {
  const n = Math.max(0, to - from);
  const out = new Float32Array(n * MELS);
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  for (let f = 0; f < n; f++) {
    re.fill(0);
    im.fill(0);
    const at = (from + f) * HOP;
    for (let i = 0; i < WIN; i++) {
      const x = pcm[at + i] ?? 0;
      const prev = i > 0 ? (pcm[at + i - 1] ?? 0) : at > 0 ? (pcm[at - 1] ?? 0) : 0;
      re[i] = (x - 0.97 * prev) * hamming[i]! * 32768;
    }
    fft(re, im);
    for (let k = 0; k < MELS; k++) {
      const { first, weights } = FILTERS[k]!;
      let e = 0;
      for (let j = 0; j < weights.length; j++) {
        const bin = first + j;
        e += weights[j]! * (re[bin]! * re[bin]! + im[bin]! * im[bin]!);
      }
      out[f * MELS + k] = Math.log(e + 1);
    }
  }
  if (n) {
    for (let k = 0; k < MELS; k++) {
      let mean = 0;
      for (let f = 0; f < n; f++) mean += out[f * MELS + k]!;
      mean /= n;
      for (let f = 0; f < n; f++) out[f * MELS + k]! -= mean;
    }
  }
  return out;
}
