/**
 * The neural phone model (docs/pa-experiments.md, session 23): an MLP over an 11-frame window of
 * log-mel features (features.ts; consecutive frames, or `stride` apart) that gives each 10 ms
 * frame a posterior over the model's 39 ARPAbet phones and silence (fillers and noise count as
 * silence). Trained by `npm run pa:train` (scripts/pa/phone_net.py) on the 2,300 training
 * recordings of speechocean762 (SpeechOcean and Xiaomi, CC BY 4.0), with frame labels from the
 * GMM aligner's forced alignment to each recording's own text; the weights are phone-net.json
 * beside this file (phone-net.LICENCE.md).
 *
 * Its evidence for a word is a DNN-GOP: per phone, the mean over the phone's aligned frames of
 * log posterior of that phone − the frame's best log posterior (0 when the phone is the network's
 * best guess); per word, the mean over its phones. The word model weighs it beside the GMM's GOP.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARPABET_IPA } from './phones.ts';
import { MELS, logMel } from './features.ts';

export const PHONE_CLASSES: readonly string[] = [...Object.keys(ARPABET_IPA).sort(), 'SIL'];
const CLASS = new Map(PHONE_CLASSES.map((p, i) => [p, i]));
const SIL = CLASS.get('SIL')!;

/** The class of an aligner phone (anything not one of the 39 phones is silence). */
export const phoneClass = (phone: string): number => CLASS.get(phone) ?? SIL;

interface Layer {
  rows: number;
  cols: number;
  w: Float32Array;
  b: Float32Array;
}

export interface PhoneNetWeights {
  classes: string[];
  context: number;
  /** Frames between the window's taps (session 30; absent in older files: 1). */
  stride?: number;
  mels: number;
  mean: number[];
  std: number[];
  layers: Array<{ rows: number; cols: number; w: number[]; b: number[] }>;
}

export class PhoneNet {
  private readonly layers: Layer[];
  private readonly mean: Float32Array;
  private readonly scale: Float32Array;
  readonly context: number;
  readonly stride: number;

  constructor(weights: PhoneNetWeights) {
    if (weights.mels !== MELS || weights.classes.join(' ') !== PHONE_CLASSES.join(' ')) throw new Error('phone-net.json does not match the engine');
    this.context = weights.context;
    this.stride = weights.stride ?? 1;
    this.mean = Float32Array.from(weights.mean);
    this.scale = Float32Array.from(weights.std, (s) => 1 / s);
    this.layers = weights.layers.map((l) => ({ rows: l.rows, cols: l.cols, w: Float32Array.from(l.w), b: Float32Array.from(l.b) }));
  }

  /**
   * Per frame of [from, to) of the samples, per class: log posterior − the frame's best log
   * posterior (≤ 0), as a Float32Array of (to − from) × classes.
   */
  gaps(pcm: Float32Array, from: number, to: number): Float32Array {
    const lazy = this.lazyGaps(pcm, from, to);
    lazy.ensure(0, lazy.frames);
    return lazy.all;
  }

  /**
   * The same gaps, each frame's computed when first asked for (`NetGaps.at`): the engine asks only
   * for the frames of the target words' phones, so the silences and the other words' frames cost
   * nothing (session 24). The features are those of the whole span, so the values are the same.
   */
  lazyGaps(pcm: Float32Array, from: number, to: number): NetGaps {
    return this.gapsOf(logMel(pcm, from, to), Math.max(0, to - from));
  }

  /**
   * lazyGaps over n frames of log-mel features `mel` (features.ts), which it takes over: they are
   * normalised in place (a copy per recording would cost ~112 KB on the scoring path).
   */
  gapsOf(mel: Float32Array, n: number): NetGaps {
    for (let f = 0; f < n; f++) for (let k = 0; k < MELS; k++) mel[f * MELS + k] = (mel[f * MELS + k]! - this.mean[k]!) * this.scale[k]!;
    return new NetGaps(n, (fs, k, out) => this.forward(mel, n, fs, k, out));
  }

  /**
   * Frames `fs` (one to FRAMES_AT_ONCE) of the n normalised frames `x`: their gaps written to
   * out[f × classes …]. Frames computed together read each weight once for all of them (the
   * first layer's 225 KB of weights dominate a frame's cost); each frame's sums are added in the
   * same order as alone, so its values are the same to the bit however it was grouped.
   */
  private forward(x: Float32Array, n: number, fs: ArrayLike<number>, k: number, out: Float32Array): void {
    const classes = PHONE_CLASSES.length;
    const width = (2 * this.context + 1) * MELS;
    // Buffers made once per network: a recording asks for hundreds of groups.
    const inputs = (this.inputs ??= Array.from({ length: FRAMES_AT_ONCE }, () => new Float32Array(width)));
    const hidden = (this.hidden ??= this.layers.map((l) => Array.from({ length: FRAMES_AT_ONCE }, () => new Float32Array(l.rows))));
    for (let j = 0; j < k; j++) {
      for (let o = -this.context; o <= this.context; o++) {
        const g = Math.min(n - 1, Math.max(0, fs[j]! + o * this.stride));
        inputs[j]!.set(x.subarray(g * MELS, (g + 1) * MELS), (o + this.context) * MELS);
      }
    }
    let vs: readonly Float32Array[] = inputs;
    for (let i = 0; i < this.layers.length; i++) {
      dense(this.layers[i]!, vs, hidden[i]!, k, i === this.layers.length - 1);
      vs = hidden[i]!;
    }
    // log softmax − max log softmax = logit − max logit.
    for (let j = 0; j < k; j++) {
      const v = vs[j]!;
      const at = fs[j]! * classes;
      let max = -Infinity;
      for (let c = 0; c < classes; c++) max = Math.max(max, v[c]!);
      for (let c = 0; c < classes; c++) out[at + c] = v[c]! - max;
    }
  }

  private inputs?: Float32Array[];
  /** Per layer, per frame of a group: the layer's outputs. */
  private hidden?: Float32Array[][];
}

/** How many frames the forward pass computes together at most. */
const FRAMES_AT_ONCE = 4;

/**
 * One layer for the first k (up to four) frames: out[j] = layer(v[j]), ReLU unless `last`. Each
 * output is b[r] + Σc w[r][c]·v[c] summed in c's order whatever the number of frames.
 */
function dense(l: Layer, v: readonly Float32Array[], out: readonly Float32Array[], k: number, last: boolean): void {
  const { w, b, rows, cols } = l;
  if (k === 4) {
    const [v0, v1, v2, v3] = v as [Float32Array, Float32Array, Float32Array, Float32Array];
    const [o0, o1, o2, o3] = out as [Float32Array, Float32Array, Float32Array, Float32Array];
    for (let r = 0; r < rows; r++) {
      let s0 = b[r]!;
      let s1 = s0;
      let s2 = s0;
      let s3 = s0;
      const at = r * cols;
      for (let c = 0; c < cols; c++) {
        const wc = w[at + c]!;
        s0 += wc * v0[c]!;
        s1 += wc * v1[c]!;
        s2 += wc * v2[c]!;
        s3 += wc * v3[c]!;
      }
      o0[r] = last || s0 > 0 ? s0 : 0;
      o1[r] = last || s1 > 0 ? s1 : 0;
      o2[r] = last || s2 > 0 ? s2 : 0;
      o3[r] = last || s3 > 0 ? s3 : 0;
    }
    return;
  }
  for (let j = 0; j < k; j++) {
    const vj = v[j]!;
    const oj = out[j]!;
    for (let r = 0; r < rows; r++) {
      let s = b[r]!;
      const at = r * cols;
      for (let c = 0; c < cols; c++) s += w[at + c]! * vj[c]!;
      oj[r] = last || s > 0 ? s : 0;
    }
  }
}

/** A span's frame gaps: per frame and class, log posterior − the frame's best log posterior. */
export interface FrameGaps {
  readonly frames: number;
  /** Frame f's gap for class k (computed when first asked for). */
  at(f: number, k: number): number;
  /** Computes the frames of [from, to) not computed yet, several at a time (cheaper than one by one). */
  ensure(from: number, to: number): void;
}

/** A span's frame gaps (`PhoneNet.lazyGaps`), each frame computed the first time it is asked for. */
export class NetGaps implements FrameGaps {
  /** Every frame's gaps, frames × classes; a frame's row is filled once it has been asked for. */
  readonly all: Float32Array;
  private readonly done: Uint8Array;
  /** The group of frames `ensure` is gathering. */
  private readonly pending = new Int32Array(FRAMES_AT_ONCE);

  constructor(
    readonly frames: number,
    /** Computes the first k frames of `frames` into out. */
    private readonly compute: (frames: ArrayLike<number>, k: number, out: Float32Array) => void,
  ) {
    this.all = new Float32Array(frames * PHONE_CLASSES.length);
    this.done = new Uint8Array(frames);
  }

  /** Frame f's log posterior of class k − its best log posterior. */
  at(f: number, k: number): number {
    if (!this.done[f]) {
      this.pending[0] = f;
      this.compute(this.pending, 1, this.all);
      this.done[f] = 1;
    }
    return this.all[f * PHONE_CLASSES.length + k]!;
  }

  /** Computes the frames of [from, to) not computed yet, several at a time (cheaper than one by one). */
  ensure(from: number, to: number): void {
    let k = 0;
    for (let f = Math.max(0, from); f < Math.min(this.frames, to); f++) {
      if (this.done[f]) continue;
      this.pending[k++] = f;
      this.done[f] = 1;
      if (k === FRAMES_AT_ONCE) {
        this.compute(this.pending, k, this.all);
        k = 0;
      }
    }
    if (k) this.compute(this.pending, k, this.all);
  }

  /** How many frames have been computed so far. */
  get computed(): number {
    return this.done.reduce((a, b) => a + b, 0);
  }
}

/**
 * Several networks as one (session 31): a frame's gap for a class is the mean of the networks'
 * gaps, so a phone's DNN-GOP is the mean of theirs (docs/pa-experiments.md, session 31).
 */
export class PhoneNetEnsemble {
  constructor(readonly nets: readonly PhoneNet[]) {
    if (!nets.length) throw new Error('an ensemble needs a network');
  }

  /** As `PhoneNet.lazyGaps`: the features are computed once for all the networks. */
  lazyGaps(pcm: Float32Array, from: number, to: number): FrameGaps {
    const n = Math.max(0, to - from);
    const mel = logMel(pcm, from, to);
    // Each network normalises the features in place: all but the last get a copy.
    const last = this.nets.length - 1;
    const each = this.nets.map((net, i) => net.gapsOf(i === last ? mel : mel.slice(), n));
    if (each.length === 1) return each[0]!;
    const share = 1 / each.length;
    return {
      frames: n,
      at: (f, k) => each.reduce((sum, g) => sum + g.at(f, k), 0) * share,
      ensure: (from, to) => each.forEach((g) => g.ensure(from, to)),
    };
  }
}

/**
 * The floor of a word's DNN-GOP. The network knows learners' speech only: a word said clearly by
 * another kind of voice (the project's synthesized ones) can sit far below every learner's, and
 * without a floor it alone made such words 'not heard'. With it, on the speaker folds, the replaced
 * word was found more often too (85.1% against 84.4%).
 */
export const WORD_GOP_FLOOR = -3;

/**
 * The floor of one phone's DNN-GOP where the word model weighs each phone's on its own (session 34
 * of docs/pa-experiments.md): a phone given no frames counts −10 in the word's mean, and −6 here.
 */
export const PHONE_GOP_FLOOR = -6;

type Span = { phone: string; start: number; frames: number };

/** Each phone's DNN-GOP: the mean gap over its frames (`PhoneNet.lazyGaps`, counted as the phones' starts are); −10 with none. */
export function phoneGops(gaps: FrameGaps, frames: number, phones: ReadonlyArray<Span>): number[] {
  return phones.map((p) => {
    const k = phoneClass(p.phone);
    let s = 0;
    let count = 0;
    gaps.ensure(p.start, p.start + p.frames);
    for (let f = Math.max(0, p.start); f < Math.min(frames, p.start + p.frames); f++, count++) s += gaps.at(f, k);
    return count ? s / count : -10;
  });
}

/** A word's DNN-GOP from its phones' (`phoneGops`): their mean, floored. */
export const wordGopOf = (gops: readonly number[]): number => (gops.length ? Math.max(WORD_GOP_FLOOR, gops.reduce((a, b) => a + b, 0) / gops.length) : 0);

/** A word's DNN-GOP from frame gaps, floored. */
export const wordGop = (gaps: FrameGaps, frames: number, phones: ReadonlyArray<Span>): number => wordGopOf(phoneGops(gaps, frames, phones));

const WEIGHTS = fileURLToPath(new URL('./phone-net.json', import.meta.url));
let loaded: PhoneNetEnsemble | null | undefined;

/** phone-net.json: one network's weights, or several networks' (`ensemble`) whose gaps are averaged. */
export type PhoneNetFile = PhoneNetWeights | { ensemble: PhoneNetWeights[] };

export const readPhoneNets = (file: PhoneNetFile): PhoneNetEnsemble =>
  new PhoneNetEnsemble(('ensemble' in file ? file.ensemble : [file]).map((w) => new PhoneNet(w)));

/** The shipped networks, or null when there are none (the word model then has no weight for them). */
export function phoneNet(): PhoneNetEnsemble | null {
  if (loaded === undefined) loaded = existsSync(WEIGHTS) ? readPhoneNets(JSON.parse(readFileSync(WEIGHTS, 'utf8')) as PhoneNetFile) : null;
  return loaded;
}
