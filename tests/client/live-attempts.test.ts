import { describe, expect, it } from 'vitest';
import { lastAttempt } from '../../client/screens/Dashboard/attempts.ts';

const answer = (taskId: string, position: number, word: string) => ({ taskId, position, word });

describe("the live view's chips of a student's attempt", () => {
  it('are in word order, one per word, from the latest restart, for the task asked', () => {
    const events = [
      answer('T1', 1, 'red'),
      answer('T1', 2, 'blue'),
      answer('T2', 1, 'cat'),
      // (Re)Begin: word 1 again; then word 3's answer overtakes word 2's on the way.
      answer('T1', 1, 'red'),
      answer('T1', 3, 'green'),
      answer('T1', 2, 'bleu'),
      answer('T1', 2, 'blue'),
    ];
    expect(lastAttempt(events, 'T1').map((a) => `${a.position} ${a.word}`)).toEqual(['1 red', '2 blue', '3 green']);
    expect(lastAttempt(events, 'T2').map((a) => a.word)).toEqual(['cat']);
    expect(lastAttempt(events, 'T3')).toEqual([]);
  });
});
