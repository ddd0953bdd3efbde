import { describe, expect, it } from 'vitest';
import { ARPABET_IPA } from '../../server/speech/pa/phones.ts';
import { SOUNDS, weakSoundsOf } from '../../client/screens/Record/sounds.ts';
import { sounds } from '../../client/i18n/messages/record.ts';

const CJK = /[\u3400-\u9fff]/;

describe('the sounds a child is told to practise', () => {
  it.each(Object.keys(ARPABET_IPA))('%s, a sound the engine reports, has letters, an example word and a plain description in Chinese and English', (phone) => {
    const sound = SOUNDS[phone as keyof typeof SOUNDS];
    expect(sound.example).toMatch(/^[a-z]+$/);
    expect(sound.example).toMatch(new RegExp(sound.letters));
    const how = sounds[phone as keyof typeof sounds];
    expect(how.zh).toMatch(CJK);
    expect(how.en).not.toMatch(CJK);
  });

  it('names the weak sounds of a word once each, in order, the weak AH after the first vowel as its own sound', () => {
    // banana: B AH N AE N AH — the last AH is weak (ə), the first is ʌ.
    const phones = [
      { phone: 'B', score: 90 },
      { phone: 'AH', score: 40 },
      { phone: 'N', score: 30 },
      { phone: 'AE', score: 85 },
      { phone: 'N', score: 20 },
      { phone: 'AH', score: 10 },
    ];
    expect(weakSoundsOf(phones)).toEqual(['AH', 'N', 'AX']);
    expect(
      weakSoundsOf([
        { phone: 'TH', score: 59 },
        { phone: 'IH', score: 60 },
      ]),
    ).toEqual(['TH']);
  });
});
