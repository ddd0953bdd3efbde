/**
 * Pronunciations for words the acoustic model's dictionary lacks (names, new textbook words such
 * as "zongzi" or "mooncake"): eSpeak NG (WebAssembly, @echogarden/espeak-ng-emscripten) turns the
 * spelling into IPA in a US-English voice, and the IPA is mapped to the model's ARPAbet phones.
 * Hyphenated words are first tried part by part from the dictionary.
 */
// @ts-expect-error -- the package ships no types; the part used is typed below.
import initEspeak from '@echogarden/espeak-ng-emscripten';

interface EspeakWorker {
  set_voice(name: string): void;
  synthesize_ipa(text: string): { ipa: string };
}

let workerPromise: Promise<EspeakWorker> | undefined;

function espeak(): Promise<EspeakWorker> {
  workerPromise ??= (async () => {
    const module = await (initEspeak as () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }>)();
    const worker = new module.eSpeakNGWorker();
    worker.set_voice('en-us');
    return worker;
  })();
  return workerPromise;
}

/** IPA segments (as eSpeak NG writes them, without stress and length marks) to ARPAbet. */
const IPA_TO_ARPABET: Record<string, string> = {
  ɑ: 'AA',
  ɒ: 'AA',
  a: 'AA',
  æ: 'AE',
  ʌ: 'AH',
  ə: 'AH',
  ɐ: 'AH',
  ɔ: 'AO',
  aʊ: 'AW',
  aɪ: 'AY',
  ɛ: 'EH',
  e: 'EH',
  ɜ: 'ER',
  ɚ: 'ER',
  ɝ: 'ER',
  eɪ: 'EY',
  ɪ: 'IH',
  ᵻ: 'IH',
  i: 'IY',
  oʊ: 'OW',
  əʊ: 'OW',
  o: 'OW',
  ɔɪ: 'OY',
  ʊ: 'UH',
  u: 'UW',
  b: 'B',
  tʃ: 'CH',
  d: 'D',
  ð: 'DH',
  f: 'F',
  ɡ: 'G',
  g: 'G',
  h: 'HH',
  x: 'HH',
  dʒ: 'JH',
  k: 'K',
  l: 'L',
  ɫ: 'L',
  m: 'M',
  n: 'N',
  ŋ: 'NG',
  p: 'P',
  ɹ: 'R',
  r: 'R',
  s: 'S',
  ʃ: 'SH',
  t: 'T',
  ɾ: 'T',
  ʔ: 'T',
  θ: 'TH',
  v: 'V',
  w: 'W',
  j: 'Y',
  z: 'Z',
  ʒ: 'ZH',
  əl: 'AH L',
  n̩: 'AH N',
  l̩: 'AH L',
  ɪə: 'IH R',
  eə: 'EH R',
  ʊə: 'UH R',
  aɪə: 'AY ER',
  aʊə: 'AW ER',
};

/** Maps one eSpeak IPA segment to ARPAbet phones, or null when it has no counterpart. */
export function ipaSegmentToArpabet(segment: string): string | null {
  const bare = segment.replace(/[ˈˌːˑ'-]/g, '');
  if (!bare) return '';
  if (IPA_TO_ARPABET[bare]) return IPA_TO_ARPABET[bare]!;
  // r-coloured vowels ("ɔːɹ", "ɑːɹ"): the vowel, then R.
  if (bare.length > 1 && bare.endsWith('ɹ')) {
    const vowel = ipaSegmentToArpabet(bare.slice(0, -1));
    return vowel === null ? null : `${vowel} R`.trim();
  }
  return null;
}

/** ARPAbet for an English word (letters, apostrophes, hyphens) from its spelling. */
export async function graphemeToPhoneme(word: string): Promise<string> {
  const worker = await espeak();
  const { ipa } = worker.synthesize_ipa(word.replace(/-/g, ' '));
  const phones: string[] = [];
  for (const segment of ipa.split(/[_\s]+/)) {
    const arpabet = ipaSegmentToArpabet(segment);
    if (arpabet) phones.push(...arpabet.split(' '));
  }
  if (!phones.length) throw new Error(`no pronunciation for "${word}"`);
  return phones.join(' ');
}

/** A dictionary the aligner can consult and extend. */
export interface PronunciationDictionary {
  lookup(word: string): string | null;
  addWords(entries: Array<[string, string]>): void;
}

/**
 * Makes sure every word is in the dictionary: hyphenated words from their parts, others from
 * eSpeak NG. Returns the words that were added.
 */
export async function ensurePronunciations(dict: PronunciationDictionary, words: string[]): Promise<string[]> {
  const added: Array<[string, string]> = [];
  for (const word of new Set(words)) {
    if (dict.lookup(word)) continue;
    const parts = word.split('-').filter(Boolean);
    const fromParts = parts.length > 1 ? parts.map((p) => dict.lookup(p)) : [];
    const pron = fromParts.length && fromParts.every(Boolean) ? fromParts.join(' ') : await graphemeToPhoneme(word);
    added.push([word, pron]);
  }
  dict.addWords(added);
  return added.map(([w]) => w);
}
