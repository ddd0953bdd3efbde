/** The acoustic model's ARPAbet phones written in IPA (as its phoneset.json gives them), for people. */
export const ARPABET_IPA: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  EH: 'ɛ',
  ER: 'ɜ˞',
  EY: 'eɪ',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  IH: 'ɪ',
  IY: 'iː',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  OW: 'oʊ',
  OY: 'ɔɪ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  UH: 'ʊ',
  UW: 'u',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

const ipaOf = (phone: string) => `/${ARPABET_IPA[phone] ?? phone.toLowerCase()}/`;

/** A word's score as people read it, the same on the Record screen and in the PDF report. */
export type ScoreBand = 'good' | 'fair' | 'weak';
export const scoreBand = (score: number): ScoreBand => (score >= 80 ? 'good' : score >= 60 ? 'fair' : 'weak');
/** A sound scoring below this is one to practise. */
export const WEAK_SOUND_BELOW = 60;

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/**
 * A word's sounds to practise, in IPA, each once, in the order said. The dictionary marks no
 * stress, so AH is written /ʌ/ in the word's first vowel (cup, mother, Monday) and /ə/ after it,
 * where English words mostly have their weak syllables (pencil, people, banana's last).
 */
export function weakSounds(phones: readonly { phone: string; score: number }[]): string[] {
  const out: string[] = [];
  let vowels = 0;
  for (const { phone, score } of phones) {
    const ipa = phone === 'AH' && vowels > 0 ? '/ə/' : ipaOf(phone);
    if (VOWELS.has(phone)) vowels++;
    if (score < WEAK_SOUND_BELOW && !out.includes(ipa)) out.push(ipa);
  }
  return out;
}
