/** The players' corrections: which letters of an answer are wrong, and the word blanked on a card. */
import { describe, expect, it } from 'vitest';
import { letterDiff, MISSING } from '../../client/ui/player/letterDiff.ts';
import { BLANK, blankWord, showsWord } from '../../client/ui/player/blankWord.ts';

const marks = (letters: { ch: string; wrong: boolean }[]) => letters.map((l) => (l.wrong ? `[${l.ch}]` : l.ch)).join('');

describe('letterDiff', () => {
  it('marks the one wrong letter of elephent and the right one in elephant', () => {
    const d = letterDiff('elephent', 'elephant');
    expect(marks(d.typed)).toBe('eleph[e]nt');
    expect(marks(d.word)).toBe('eleph[a]nt');
    expect(d.right).toBe(false);
  });

  it('marks only the place of a letter left out or put in, not every letter after it', () => {
    expect(marks(letterDiff('elepant', 'elephant').typed)).toBe(`elep[${MISSING}]ant`);
    expect(marks(letterDiff('elepant', 'elephant').word)).toBe('elep[h]ant');
    expect(marks(letterDiff('bluee', 'blue').typed)).toMatch(/^(blue\[e\]|blu\[e\]e)$/);
    expect(marks(letterDiff('bluee', 'blue').word)).toBe('blue');
  });

  it('a right answer has nothing marked (spaces around it do not count), a wrong case does', () => {
    const right = letterDiff(' cat ', 'cat');
    expect(right.right).toBe(true);
    expect(marks(right.typed)).toBe('cat');
    expect(marks(letterDiff('Cat', 'cat').typed)).toBe('[C]at');
  });

  it('an empty answer (skipped, time up) is the word with every letter missing', () => {
    const d = letterDiff('', 'dog');
    expect(marks(d.typed)).toBe('[_][_][_]');
    expect(marks(d.word)).toBe('[d][o][g]');
  });
});

describe('blankWord', () => {
  it('blanks the word whatever its case, and the forms a child would spot', () => {
    expect(blankWord('I have an apple. Apples are red. The Apple’s skin is thin.', 'apple')).toBe(
      `I have an ${BLANK}. ${BLANK} are red. The ${BLANK} skin is thin.`,
    );
    expect(blankWord("The apple's seeds and the apples' colour.", 'apple')).toBe(`The ${BLANK} seeds and the ${BLANK} colour.`);
    expect(blankWord('Two boxes and a box.', 'box')).toBe(`Two ${BLANK} and a ${BLANK}.`);
    expect(blankWord('The babies smile at the baby.', 'baby')).toBe(`The ${BLANK} smile at the ${BLANK}.`);
    expect(blankWord('She is running; he runs; they run.', 'run')).toBe(`She is ${BLANK}; he ${BLANK}; they ${BLANK}.`);
    expect(blankWord('We liked it and we are making a cake we like.', 'like')).toBe(`We ${BLANK} it and we are making a cake we ${BLANK}.`);
    expect(blankWord('My ice  cream is cold.', 'ice cream')).toBe(`My ${BLANK} is cold.`);
  });

  it('leaves other words that only contain it alone', () => {
    expect(blankWord('The category has a cat.', 'cat')).toBe(`The category has a ${BLANK}.`);
    expect(blankWord('Scatter the seeds.', 'cat')).toBe('Scatter the seeds.');
  });

  it('showsWord finds any form, and none is left after blanking', () => {
    const text = 'Apples! An APPLE a day. apple-pie';
    expect(showsWord(text, 'apple')).toBe(true);
    expect(showsWord(blankWord(text, 'apple'), 'apple')).toBe(false);
  });
});
