/**
 * The pronunciation result, the same from the upload, the GraphQL mutation and `npm run pa:score`
 * (shaped after Azure Pronunciation Assessment): a total and its three parts, and per target word,
 * in the order of the text, its score, whether it was heard, its error type, its time span in
 * seconds and the scores of its phones.
 */
type WordError = 'none' | 'mispronounced' | 'omitted';

export interface PhoneScore {
  /** ARPAbet phone, e.g. "AE". */
  phone: string;
  /** 0–100. */
  score: number;
}

export interface WordScore {
  word: string;
  /** 0–100. */
  score: number;
  heard: boolean;
  error: WordError;
  /** Seconds from the start of the recording (0 when omitted). */
  start: number;
  end: number;
  phones: PhoneScore[];
}

export interface PaResult {
  /** 0–100: accuracy, fluency and completeness together. */
  total: number;
  /** 0–100: how well the words that were said were pronounced. */
  accuracy: number;
  /** 0–100: how smoothly they were said (pauses inside the text, speech rate). */
  fluency: number;
  /** 0–100: the share of the words that were heard. */
  completeness: number;
  words: WordScore[];
}

/** A result's words that were not said well (mispronounced or not heard), in text order, each once ("good" of "good morning" and "good night"). */
export const wordsToPractise = (result: PaResult): string[] => [...new Set(result.words.filter((w) => w.error !== 'none').map((w) => w.word.toLowerCase()))];
