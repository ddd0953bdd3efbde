/**
 * Phonetic transcriptions for word cards: the CMU pronouncing dictionary (public domain, US
 * English, ARPAbet) turned into IPA with stress marks placed before the syllable's onset.
 */
import { dictionary } from 'cmu-pronouncing-dictionary';

const VOWELS: Record<string, string> = {
  AA: 'ɑ', AE: 'æ', AH: 'ʌ', AO: 'ɔ', AW: 'aʊ', AY: 'aɪ', EH: 'ɛ', ER: 'ɝ', EY: 'eɪ',
  IH: 'ɪ', IY: 'i', OW: 'oʊ', OY: 'ɔɪ', UH: 'ʊ', UW: 'u',
};
const CONSONANTS: Record<string, string> = {
  B: 'b', CH: 'tʃ', D: 'd', DH: 'ð', F: 'f', G: 'ɡ', HH: 'h', JH: 'dʒ', K: 'k', L: 'l', M: 'm',
  N: 'n', NG: 'ŋ', P: 'p', R: 'r', S: 's', SH: 'ʃ', T: 't', TH: 'θ', V: 'v', W: 'w', Y: 'j',
  Z: 'z', ZH: 'ʒ',
};
/** English syllable onsets of two or three consonants (ARPAbet), for placing stress marks. */
const ONSETS = new Set(
  [
    'P L', 'P R', 'B L', 'B R', 'T R', 'D R', 'K L', 'K R', 'G L', 'G R', 'F L', 'F R', 'TH R', 'SH R',
    'S P', 'S T', 'S K', 'S M', 'S N', 'S L', 'S W', 'T W', 'D W', 'K W', 'G W', 'P Y', 'B Y', 'K Y',
    'F Y', 'M Y', 'HH Y', 'V Y', 'S P L', 'S P R', 'S T R', 'S K R', 'S K W', 'S K Y',
  ],
);

function arpabetToIpa(phones: string): string {
  const list = phones.trim().split(/\s+/);
  const out: string[] = [];
  let consonantRun: string[] = [];
  const flush = (mark: string) => {
    let onset = consonantRun.length ? 1 : 0;
    for (let n = Math.min(3, consonantRun.length); n >= 2; n--) {
      if (ONSETS.has(consonantRun.slice(-n).join(' '))) {
        onset = n;
        break;
      }
    }
    const coda = consonantRun.slice(0, consonantRun.length - onset).map((c) => CONSONANTS[c] ?? '');
    const start = consonantRun.slice(consonantRun.length - onset).map((c) => CONSONANTS[c] ?? '');
    out.push(...coda, mark, ...start);
    consonantRun = [];
  };
  for (const phone of list) {
    const match = /^([A-Z]+)([012])?$/.exec(phone);
    if (!match) continue;
    const [, base, stress] = match;
    if (stress === undefined) {
      consonantRun.push(base!);
      continue;
    }
    flush(stress === '1' ? 'ˈ' : stress === '2' ? 'ˌ' : '');
    let vowel = VOWELS[base!] ?? '';
    if (stress === '0' && base === 'AH') vowel = 'ə';
    if (stress === '0' && base === 'ER') vowel = 'ɚ';
    out.push(vowel);
  }
  out.push(...consonantRun.map((c) => CONSONANTS[c] ?? ''));
  const ipa = out.join('');
  // A single-syllable word needs no stress mark.
  return (ipa.match(/[ˈˌ]/g)?.length ?? 0) === 1 && list.filter((p) => /\d$/.test(p)).length === 1 ? ipa.replace(/[ˈˌ]/, '') : ipa;
}

/** The ARPAbet pronunciation of one word, or undefined when the dictionary lacks it. */
function cmuPhones(word: string): string | undefined {
  return dictionary[word.toLowerCase().replace(/’/g, "'")];
}

/** British spellings the US dictionary lists under their American form. */
const US_SPELLINGS: [RegExp, string][] = [
  [/our$/, 'or'],
  [/ours$/, 'ors'],
  [/yse$/, 'yze'],
  [/ise$/, 'ize'],
  [/isation$/, 'ization'],
  [/iser$/, 'izer'],
  [/tre$/, 'ter'],
  [/ogue$/, 'og'],
];

/** A word missing from the dictionary: its US spelling, or two known words (schoolbag = school + bag). */
function phonesOf(word: string): string | undefined {
  const direct = cmuPhones(word) ?? (word.includes('-') && word.split('-').every(cmuPhones) ? word.split('-').map(cmuPhones).join(' ') : undefined);
  if (direct) return direct;
  if (word === 'maths') return `${cmuPhones('math')} S`;
  for (const [pattern, us] of US_SPELLINGS) {
    if (pattern.test(word)) {
      const found = cmuPhones(word.replace(pattern, us));
      if (found) return found;
    }
  }
  for (let i = 3; i <= word.length - 3; i++) {
    const head = cmuPhones(word.slice(0, i));
    const tail = cmuPhones(word.slice(i));
    if (head && tail) return `${head} ${tail.replace(/1/g, '2')}`;
  }
  return undefined;
}

/**
 * IPA written by the team (US pronunciation, like the rest of the pack) for textbook words the CMU
 * dictionary lacks and for those where its first pronunciation misleads a learner. An entry wins
 * over the dictionary: a key with a dot or a space is a whole card word (`a.m.`, `ID card`), any
 * other key also stands for that word inside a phrase (`read` in `read a newspaper`). Keep it small.
 */
const TEAM_IPA: Record<string, string> = {
  pe: 'ˌpiˈi', // PE class (PEP 4B), P.E. (Go for it! 7A)
  pipa: 'ˈpipɑ', // play the pipa (PEP 5A): the Chinese lute
  uncrowded: 'ʌnˈkraʊdɪd', // PEP9 Unit 3
  colourful: 'ˈkʌlɚfəl', // 2024 7B Unit 5 (the dictionary has only colorful)
  ginkgo: 'ˈɡɪŋkoʊ', // 2024 8A Unit 4
  healthily: 'ˈhɛlθəli', // 2024 8A Unit 6
  simile: 'ˈsɪməli', // PEP senior 必修第二册 Unit 5
  artemisinin: 'ˌɑrtəˈmɪsɪnɪn', // PEP senior 选择性必修第一册 Unit 1
  chilli: 'ˈtʃɪli', // 选择性必修第二册 Unit 3 (the dictionary has chili)
  enrol: 'ɪnˈroʊl', // 选择性必修第二册 Unit 4 (the dictionary has enroll)
  cinquain: 'sɪŋˈkeɪn', // 选择性必修第三册 Unit 5: a five-line poem
  gramme: 'ɡræm', // 选择性必修第四册 (the dictionary has gram)
  didgeridoo: 'ˌdɪdʒəriˈdu',
  sulphuric: 'sʌlˈfjʊrɪk', // in sulphuric pool (the dictionary has sulfuric)
  manuka: 'ˈmɑnəkə', // in manuka honey
  // Read letter by letter, not as the word 'am' or 'us' (the dictionary's reading once the dots go).
  'a.m.': 'ˌeɪˈɛm',
  'p.m.': 'ˌpiˈɛm',
  'the u.s.': 'ðə ˌjuˈɛs',
  'id card': 'ˌaɪˈdi kɑrd',
  // The dictionary lists the past tense /rɛd/ first; a card's verb is the present /rid/.
  read: 'rid',
  // The dictionary lists the verb (subJECT) first; the school subject is the noun.
  subject: 'ˈsʌbdʒɛkt',
};

/** `/ˈæpəl/` for a word or phrase (the team's list first); '' when any part is missing from both. */
export function phoneticOf(text: string): string {
  const whole = TEAM_IPA[text.trim().toLowerCase().replace(/’/g, "'")];
  if (whole) return `/${whole}/`;
  const parts = text
    .toLowerCase()
    .replace(/[.!?,]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const ipa = parts.map((p) => {
    if (TEAM_IPA[p]) return TEAM_IPA[p];
    const phones = phonesOf(p);
    return phones ? arpabetToIpa(phones) : undefined;
  });
  return ipa.every(Boolean) ? `/${ipa.join(' ')}/` : '';
}
