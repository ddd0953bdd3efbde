/** How a result is put for people: score bands, sounds to practise, words to practise. */
import { describe, expect, it } from 'vitest';
import { scoreBand, weakSounds } from '../../../server/speech/pa/phones.ts';
import { wordsToPractise, type PaResult, type WordScore } from '../../../server/speech/pa/result.ts';

const word = (w: string, score: number, error: WordScore['error']): WordScore => ({
  word: w,
  score,
  heard: error !== 'omitted',
  error,
  start: 0,
  end: 0,
  phones: [],
});

describe('a result for people', () => {
  it('bands scores at 80 and 60', () => {
    expect([100, 80, 79, 60, 59, 0].map(scoreBand)).toEqual(['good', 'good', 'fair', 'fair', 'weak', 'weak']);
  });

  it('names weak sounds in IPA, each once, with AH as a schwa after the first vowel', () => {
    // pencil: P EH N S AH L, its last vowel and L said badly; L twice below 60 counts once.
    const pencil = [
      ['P', 90],
      ['EH', 85],
      ['N', 40],
      ['S', 70],
      ['AH', 30],
      ['L', 50],
    ] as const;
    expect(weakSounds(pencil.map(([phone, score]) => ({ phone, score })))).toEqual(['/n/', '/ə/', '/l/']);
    expect(
      weakSounds([
        { phone: 'AH', score: 10 },
        { phone: 'TH', score: 20 },
        { phone: 'TH', score: 30 },
      ]),
    ).toEqual(['/ʌ/', '/θ/']);
  });

  it('lists the words to practise once each, in text order', () => {
    const result: PaResult = {
      total: 50,
      accuracy: 50,
      fluency: 50,
      completeness: 80,
      words: [
        word('Good', 40, 'mispronounced'),
        word('morning', 90, 'none'),
        word('good', 0, 'omitted'),
        word('night', 55, 'mispronounced'),
        word('hi', 85, 'none'),
      ],
    };
    expect(wordsToPractise(result)).toEqual(['good', 'night']);
  });
});
