/**
 * Forced alignment with soundswallower (PocketSphinx as WebAssembly, CMU US-English model in the
 * package). Runs inside a worker thread: every call blocks for the length of the decode.
 *
 * Goodness of pronunciation: the decoder is configured to score *all* senones in every frame
 * (`compallsen`), and PocketSphinx normalises each frame's senone scores by the best senone of
 * that frame. The Viterbi score that the state aligner keeps per phone is therefore the sum, over
 * the phone's frames, of (aligned senone − best competing senone) plus transition costs: 0 when
 * the phone is the best explanation of its frames, very negative when something else is. The
 * JSON result only prints these scores as probabilities rounded to three decimals, so the aligner
 * reads the alignment entries from the WebAssembly heap (struct layouts of soundswallower 0.6.3,
 * which package.json pins exactly; a self-check against the JSON result guards the layout).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';

export const SAMPLE_RATE = 16_000;
/** Frames per second of the acoustic front end. */
export const FRAME_RATE = 100;

interface AlignedPhone {
  phone: string;
  /** First frame. */
  start: number;
  /** Frames. */
  frames: number;
  /** Viterbi score (log domain, ≤ 0 is typical; 0 = best possible). */
  score: number;
}

export interface AlignedWord {
  /** The dictionary word, e.g. "tomato", or "<sil>" / "[NOISE]" for fillers. */
  word: string;
  /** Index in the target words, or -1 for silence and fillers. */
  target: number;
  start: number;
  frames: number;
  score: number;
  phones: AlignedPhone[];
}

export interface Alignment {
  frames: number;
  words: AlignedWord[];
}

/**
 * Beams, retried wider before giving up. Even the first is wide: a narrow beam prunes the paths
 * on which a word that was not said is squeezed in, and the path it keeps pushes the blame onto
 * the neighbours (on the learner sample, 1e-60 found the substituted word 70% of the time, 1e-200
 * 75%, 1e-300 no better), at no measurable cost for a forced alignment.
 */
const BEAMS = [
  { beam: 1e-200, pbeam: 1e-200, wbeam: 1e-160 },
  { beam: 1e-300, pbeam: 1e-300, wbeam: 1e-260 },
];

/**
 * Gaussians per codebook that score a senone (PocketSphinx's default is 4). Two are as good here
 * (600 substitutions on the learner sample, before the charges were refitted: the replaced word
 * found 72.8% of the time with 2, 73.5% with 4) and a 10-word recording scores ~20% faster: the
 * state-alignment pass scores every senone in every frame.
 */
const TOP_GAUSSIANS = 2;

// Struct layouts of soundswallower 0.6.3 (wasm32: 4-byte pointers and ints).
const DECODER_ALIGN = 36; // decoder_t.align (search_module_t *)
const STATE_ALIGN_AL = 64; // state_align_search_t.al (after the 60-byte search_module_t base)
const AL_WORD = 8; // alignment_t.word (alignment_vector_t: seq pointer, uint16 n_ent, uint16 n_alloc)
const AL_SSEQ = 16; // alignment_t.sseq (phones)
const ENTRY_SIZE = 28; // alignment_entry_t: start, duration, score, parent, child, id (8 bytes)
const ACMOD_COMPALLSEN = 73; // acmod_t.compallsen (uint8, after 18 pointer/int fields and `state`)

/** Marks the dictionary entries of `alignWithRoom` (target words never contain it). */
const ROOM_SUFFIX = '_room';

let modulePromise: Promise<SoundSwallowerModule> | undefined;

function loadModule(): Promise<SoundSwallowerModule> {
  if (!modulePromise) {
    const pkg = path.dirname(fileURLToPath(import.meta.resolve('soundswallower')));
    modulePromise = createModule({ modelBase: `${pkg}/model/` } as Partial<SoundSwallowerModule>);
  }
  return modulePromise;
}

export class AlignmentFailed extends Error {}

/** One decoder with the US-English model; reuse it for many recordings (not concurrently). */
export class Aligner {
  private constructor(
    private readonly ss: SoundSwallowerModule,
    private readonly decoder: Decoder,
    private readonly phoneNames: string[],
  ) {}

  static async create(): Promise<Aligner> {
    const ss = await loadModule();
    const decoder = new ss.Decoder({ loglevel: 'FATAL', samprate: SAMPLE_RATE, compallsen: true, topn: TOP_GAUSSIANS, ...BEAMS[0] });
    await decoder.initialize();
    const acmod = (decoder as unknown as { cacmod: number }).cacmod;
    if ((ss as unknown as { HEAPU8: Uint8Array }).HEAPU8[acmod + ACMOD_COMPALLSEN] !== 1) {
      throw new Error('soundswallower acoustic model layout check failed (is the pinned version installed?)');
    }
    const phoneset = (await ss.load_json(ss.get_model_path('en-us/phoneset.json'))) as Record<string, unknown>;
    return new Aligner(ss, decoder, phoneList(phoneset));
  }

  /** The pronunciation of a word in the model's dictionary ("K EY T"), or null. */
  lookup(word: string): string | null {
    return this.decoder.lookup_word(word.toLowerCase());
  }

  /** Adds words (lower case) with ARPAbet pronunciations to the dictionary. */
  addWords(entries: Array<[string, string]>): void {
    if (entries.length) this.decoder.add_words(...entries);
  }

  /**
   * Aligns 16 kHz mono audio to the words (each must be in the dictionary). Retries with wider
   * beams; throws AlignmentFailed when even the widest beam finds no path.
   */
  align(pcm: Float32Array, words: string[]): Alignment {
    const targets = words.map((w) => w.toLowerCase());
    for (const beams of BEAMS) {
      this.setBeams(beams);
      this.decoder.set_align_text(targets.join(' '));
      const alignment = this.decode(pcm, targets);
      if (alignment) return alignment;
    }
    // No path through every word (a partial recording): every word becomes optional, and the
    // words the decoder leaves out are the ones not said.
    this.setBeams(BEAMS[BEAMS.length - 1]!);
    this.decoder.set_grammar(`#JSGF V1.0;\ngrammar partial;\npublic <s> = ${targets.map((w) => `[${w}]`).join(' ')};\n`);
    const alignment = this.decode(pcm, targets);
    if (alignment && alignment.words.some((w) => w.target >= 0)) return alignment;
    throw new AlignmentFailed('no alignment path');
  }

  /**
   * Aligns like `align`, with the word at `index` given room: each of its phones takes at least
   * twice the model's minimum of three frames (the word is aligned with every phone doubled, and
   * each doubled pair is reported as the one phone). A word that the alignment squeezed into a few
   * frames, because a neighbour that was not said took its audio, gets that audio back this way;
   * a word that was not said scores no better for the room. Throws AlignmentFailed.
   */
  alignWithRoom(pcm: Float32Array, words: string[], index: number): Alignment {
    const word = words[index]!.toLowerCase();
    const alias = `${word}${ROOM_SUFFIX}`;
    if (!this.lookup(alias)) {
      const pronunciation = this.lookup(word);
      if (!pronunciation) throw new Error(`no pronunciation for ${word}`);
      this.addWords([
        [
          alias,
          pronunciation
            .split(' ')
            .flatMap((phone) => [phone, phone])
            .join(' '),
        ],
      ]);
    }
    const alignment = this.align(
      pcm,
      words.map((w, i) => (i === index ? alias : w)),
    );
    for (const w of alignment.words) {
      if (w.word !== alias) continue;
      w.word = word;
      w.phones = w.phones.flatMap((p, i, all) => {
        if (i % 2) return [];
        const twin = all[i + 1];
        return [twin ? { ...p, frames: p.frames + twin.frames, score: p.score + twin.score } : p];
      });
    }
    return alignment;
  }

  private setBeams(beams: (typeof BEAMS)[number]): void {
    // Beams are read when the search is (re)built, which set_align_text and set_grammar do.
    for (const [key, value] of Object.entries(beams)) this.decoder.set_config(key, value);
  }

  /**
   * The search pass needs only the active senones (pruning compares paths within a frame, so the
   * per-frame normalisation cancels out); the state-alignment pass, which yields the scores, needs
   * every senone for the best-competitor normalisation. Scoring all senones only there halves the
   * time of a recording.
   */
  private decode(pcm: Float32Array, targets: string[]): Alignment | null {
    this.scoreAllSenones(false);
    try {
      this.decoder.start();
      this.decoder.process_audio(pcm, false, true);
      this.decoder.stop();
      if (this.decoder.get_text() === '') return null;
      this.scoreAllSenones(true);
      return this.readAlignment(targets);
    } finally {
      this.scoreAllSenones(true);
    }
  }

  private scoreAllSenones(on: boolean): void {
    const acmod = (this.decoder as unknown as { cacmod: number }).cacmod;
    (this.ss as unknown as { HEAPU8: Uint8Array }).HEAPU8[acmod + ACMOD_COMPALLSEN] = on ? 1 : 0;
  }

  private readAlignment(targets: string[]): Alignment | null {
    let json: { d: number; w?: Array<{ t: string; b: number; d: number }> };
    try {
      json = this.decoder.get_alignment({ align_level: 1 }) as typeof json;
    } catch {
      return null; // the search reached no final state: no JSON
    }
    const { HEAP32, HEAPU16, HEAP16 } = this.ss as unknown as { HEAP32: Int32Array; HEAPU16: Uint16Array; HEAP16: Int16Array };
    const decoderPtr = (this.decoder as unknown as { cdecoder: number }).cdecoder;
    const search = HEAP32[(decoderPtr + DECODER_ALIGN) >> 2]!;
    if (!search) return null;
    const al = HEAP32[(search + STATE_ALIGN_AL) >> 2]!;
    const entries = (offset: number) => {
      const seq = HEAP32[(al + offset) >> 2]!;
      const n = HEAPU16[(al + offset + 4) >> 1]!;
      return Array.from({ length: n }, (_, i) => {
        const e = seq + i * ENTRY_SIZE;
        return {
          start: HEAP32[e >> 2]!,
          frames: HEAP32[(e + 4) >> 2]!,
          score: HEAP32[(e + 8) >> 2]!,
          parent: HEAP32[(e + 12) >> 2]!,
          cipid: HEAP16[(e + 20) >> 1]!,
        };
      });
    };
    const wordEntries = entries(AL_WORD);
    const phoneEntries = entries(AL_SSEQ);
    const jsonWords = json.w ?? [];
    if (wordEntries.length !== jsonWords.length || wordEntries.some((w, i) => Math.abs(w.start / FRAME_RATE - jsonWords[i]!.b) > 0.011)) {
      throw new Error('soundswallower alignment layout check failed (is the pinned version installed?)');
    }
    // Aligned words map to the targets in order (a partial alignment may skip some).
    let next = 0;
    const words: AlignedWord[] = wordEntries.map((w, i) => {
      const name = jsonWords[i]!.t.replace(/\(\d+\)$/, '');
      const found = targets.indexOf(name, next);
      if (found >= 0) next = found + 1;
      return { word: name, target: found, start: w.start, frames: w.frames, score: w.score, phones: [] };
    });
    for (const p of phoneEntries) {
      words[p.parent]?.phones.push({ phone: this.phoneNames[p.cipid] ?? '?', start: p.start, frames: p.frames, score: p.score });
    }
    return { frames: Math.round(json.d * FRAME_RATE), words };
  }
}

/** The model's phones in their id order: the model definition sorts them by name. */
function phoneList(phoneset: Record<string, unknown>): string[] {
  return Object.keys(phoneset).sort();
}
