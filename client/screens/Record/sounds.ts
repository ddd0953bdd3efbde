/**
 * The sounds the scoring engine reports (server/speech/pa: ARPAbet phones), for a child: the
 * letters that usually spell the sound and a word to hear it in. How to make each sound, in
 * Chinese and English, is in the catalogue (`sounds.<PHONE>`, i18n/messages/record.ts); the IPA
 * is a detail beside it.
 */
import { WEAK_SOUND_BELOW } from '../../../server/speech/pa/phones';
import type { MessageKey } from '../../i18n';

/** AX: AH said weakly, after a word's first vowel (the engine's dictionary marks no stress). */
export type Sound = keyof typeof SOUNDS;

export const SOUNDS = {
  AA: { letters: 'o', example: 'hot', ipa: 'ɑ' },
  AE: { letters: 'a', example: 'cat', ipa: 'æ' },
  AH: { letters: 'u', example: 'cup', ipa: 'ʌ' },
  AX: { letters: 'a', example: 'banana', ipa: 'ə' },
  AO: { letters: 'aw', example: 'saw', ipa: 'ɔ' },
  AW: { letters: 'ow', example: 'cow', ipa: 'aʊ' },
  AY: { letters: 'i', example: 'five', ipa: 'aɪ' },
  B: { letters: 'b', example: 'bag', ipa: 'b' },
  CH: { letters: 'ch', example: 'chair', ipa: 'tʃ' },
  D: { letters: 'd', example: 'dog', ipa: 'd' },
  DH: { letters: 'th', example: 'this', ipa: 'ð' },
  EH: { letters: 'e', example: 'bed', ipa: 'ɛ' },
  ER: { letters: 'er', example: 'her', ipa: 'ɜ˞' },
  EY: { letters: 'a', example: 'cake', ipa: 'eɪ' },
  F: { letters: 'f', example: 'fish', ipa: 'f' },
  G: { letters: 'g', example: 'go', ipa: 'ɡ' },
  HH: { letters: 'h', example: 'hat', ipa: 'h' },
  IH: { letters: 'i', example: 'sit', ipa: 'ɪ' },
  IY: { letters: 'ee', example: 'see', ipa: 'iː' },
  JH: { letters: 'j', example: 'jump', ipa: 'dʒ' },
  K: { letters: 'k', example: 'kite', ipa: 'k' },
  L: { letters: 'l', example: 'leg', ipa: 'l' },
  M: { letters: 'm', example: 'man', ipa: 'm' },
  N: { letters: 'n', example: 'nose', ipa: 'n' },
  NG: { letters: 'ng', example: 'sing', ipa: 'ŋ' },
  OW: { letters: 'o', example: 'go', ipa: 'oʊ' },
  OY: { letters: 'oy', example: 'boy', ipa: 'ɔɪ' },
  P: { letters: 'p', example: 'pen', ipa: 'p' },
  R: { letters: 'r', example: 'red', ipa: 'ɹ' },
  S: { letters: 's', example: 'sun', ipa: 's' },
  SH: { letters: 'sh', example: 'ship', ipa: 'ʃ' },
  T: { letters: 't', example: 'top', ipa: 't' },
  TH: { letters: 'th', example: 'three', ipa: 'θ' },
  UH: { letters: 'oo', example: 'book', ipa: 'ʊ' },
  UW: { letters: 'oo', example: 'food', ipa: 'u' },
  V: { letters: 'v', example: 'van', ipa: 'v' },
  W: { letters: 'w', example: 'we', ipa: 'w' },
  Y: { letters: 'y', example: 'yes', ipa: 'j' },
  Z: { letters: 'z', example: 'zoo', ipa: 'z' },
  ZH: { letters: 's', example: 'television', ipa: 'ʒ' },
} as const;

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/** The catalogue entry that says how to make the sound. */
export const howTo = (sound: Sound): MessageKey => `sounds.${sound}`;

/**
 * A word's sounds to practise, each once, in the order said (the same choice as the report's
 * weakSounds: below WEAK_SOUND_BELOW; AH after the first vowel is the weak AX).
 */
export function weakSoundsOf(phones: readonly { phone: string; score: number }[]): Sound[] {
  const out: Sound[] = [];
  let vowels = 0;
  for (const { phone, score } of phones) {
    const sound = (phone === 'AH' && vowels > 0 ? 'AX' : phone) as Sound;
    if (VOWELS.has(phone)) vowels++;
    if (score < WEAK_SOUND_BELOW && sound in SOUNDS && !out.includes(sound)) out.push(sound);
  }
  return out;
}
