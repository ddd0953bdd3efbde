import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { checkAgainstTask, finalScore, parseSbArr, SBARR_HEADER } from '../../../server/results/sbarr.ts';
import { ratingFor } from '../../../server/results/memory.ts';

const label = 'NS2022-ES1-7-SB-mrwang';
const sbArr = (rows: unknown[][], pct: number) => [SBARR_HEADER, ...rows, `${label}-${pct}`];

describe('the sbArr result array', () => {
  it('parses header, rows and the label-percentage item', () => {
    const parsed = parseSbArr(
      sbArr(
        [
          [1, 'cat', 'cat', 'v', 1],
          ['2', 'dog', 'dgo', 'x', 1],
        ],
        50,
      ),
    );
    expect(parsed.label).toBe(label);
    expect(parsed.percentage).toBe(50);
    expect(parsed.rows).toEqual([
      { position: 1, word: 'cat', typed: 'cat', status: 'v' },
      { position: 2, word: 'dog', typed: 'dgo', status: 'x' },
    ]);
    expect(parseSbArr({ sbArr: sbArr([[1, 'cat', 'cat', 'v', 1]], 100) }).rows).toHaveLength(1);
  });

  it.each([
    [{}, 'The result must be the sbArr array (or {"sbArr": [...]})'],
    [[SBARR_HEADER, `${label}-0`], 'The result has no answers'],
    [['header', [1, 'cat', 'cat', 'v', 1], `${label}-100`], 'The first row of the result must be its header'],
    [
      [['word no', 'test word', 'input word', 'status', { zz: 1, aa: 2 }], [1, 'cat', 'cat', 'v', 1], `${label}-100`],
      'The first row of the result must be its header: five column names',
    ],
    [[SBARR_HEADER, [1, 'cat', 'cat', 'v', 1], 100], "The last item of the result must be '{task label}-{percentage}'"],
    [[SBARR_HEADER, [1, 'cat', 'cat', 'v', 1], `${label}-abc`], "The last item of the result must be '{task label}-{percentage}'"],
    [[SBARR_HEADER, [1, 'cat', 'cat', 'great', 1], `${label}-100`], 'Answer 1 has an unknown status "great"'],
    [[SBARR_HEADER, [1, 'cat', 'cat', 'timeout:soon', 1], `${label}-100`], 'Answer 1 has an unknown status "timeout:soon"'],
    [[SBARR_HEADER, [1, 'cat'], `${label}-100`], 'Answer 1 must be [index, word, typed, status, score]'],
    [[SBARR_HEADER, [2, 'cat', 'cat', 'v', 1], `${label}-100`], 'Answer 1 is numbered 2'],
  ])('refuses %j: %s', (body, message) => {
    expect(() => parseSbArr(body)).toThrow(message);
  });

  it('recomputes the score from the answers and the task words', () => {
    const words = ['cat', 'dog', 'Monday'];
    const ok = parseSbArr(
      sbArr(
        [
          [1, 'cat', ' cat ', 'v', 1],
          [2, 'dog', 'dog', 'timeout:61s', 1],
          [3, 'Monday', 'monday', 'x', 1],
        ],
        33,
      ),
    );
    expect(checkAgainstTask(ok, words)).toEqual({ correct: 1, score: 33 });
    const wrongWord = parseSbArr(
      sbArr(
        [
          [1, 'cat', 'cat', 'v', 1],
          [2, 'bird', 'bird', 'v', 2],
          [3, 'Monday', 'Monday', 'v', 3],
        ],
        100,
      ),
    );
    expect(() => checkAgainstTask(wrongWord, words)).toThrow('Answer 2 is for "bird", but the task\'s word 2 is "dog"');
    const claimed = parseSbArr(
      sbArr(
        [
          [1, 'cat', 'cta', 'v', 1],
          [2, 'dog', 'dog', 'v', 2],
          [3, 'Monday', 'Monday', 'v', 3],
        ],
        100,
      ),
    );
    expect(() => checkAgainstTask(claimed, words)).toThrow('Answer 1 is marked right but "cta" is not "cat"');
    const caseMatters = parseSbArr(
      sbArr(
        [
          [1, 'cat', 'cat', 'v', 1],
          [2, 'dog', 'dog', 'v', 2],
          [3, 'Monday', 'monday', 'v', 3],
        ],
        100,
      ),
    );
    expect(() => checkAgainstTask(caseMatters, words)).toThrow('Answer 3 is marked right but "monday" is not "Monday"');
    const inflated = parseSbArr(
      sbArr(
        [
          [1, 'cat', 'cat', 'v', 1],
          [2, 'dog', 'dg', 'x', 1],
          [3, 'Monday', 'Monday', 'v', 2],
        ],
        100,
      ),
    );
    expect(() => checkAgainstTask(inflated, words)).toThrow('The result says 100% but its answers score 66%');
    const short = parseSbArr(sbArr([[1, 'cat', 'cat', 'v', 1]], 100));
    expect(() => checkAgainstTask(short, words)).toThrow('The task has 3 words but the result answers 1');
    const quickTimeout = parseSbArr(
      sbArr(
        [
          [1, 'cat', '', 'timeout:20s', 0],
          [2, 'dog', 'dog', 'v', 1],
          [3, 'Monday', 'Monday', 'v', 2],
        ],
        66,
      ),
    );
    expect(() => checkAgainstTask(quickTimeout, words)).toThrow('Answer 1: a timeout is 60 seconds or more');
  });

  it('scores floor(100 × correct / words)', () => {
    expect(finalScore(2, 3)).toBe(66);
    expect(finalScore(3, 3)).toBe(100);
    expect(finalScore(0, 12)).toBe(0);
    expect(finalScore(7, 12)).toBe(58);
  });
});

describe('the memory model rating of each answer', () => {
  it.each([
    ['v', 'cat', Rating.Good],
    ['x', 'cta', Rating.Again],
    ['skipped', '', Rating.Again],
    ['timeout:75s', 'cat', Rating.Hard],
    ['timeout:75s', 'ca', Rating.Again],
    ['canceled', '', null],
  ])('%s typed "%s" → %s', (status, typed, rating) => {
    expect(ratingFor(status, typed, 'cat')).toBe(rating);
  });
});
