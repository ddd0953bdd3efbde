import { describe, expect, it } from 'vitest';
import { specWord } from '../../client/screens/Classes/labels.ts';
import { answerStatusOf, specStatus } from '../../client/ui/player/result.ts';

// The client reads the API's enums but shows and stores the spec's words, as it did before.
describe("the API's enum values in the spec's words", () => {
  it.each([
    ['K12', 'K-12'],
    ['ES', 'ES'],
    ['MS', 'MS'],
    ['HS', 'HS'],
    ['PA_SB', 'PA+SB'],
    ['PA', 'PA'],
    ['SB', 'SB'],
  ])('%s reads %s', (value, word) => {
    expect(specWord(value)).toBe(word);
  });

  it.each(['v', 'x', 'canceled', 'skipped', 'timeout:75s'])('the live view shows an answer sent as %s as it was sent', (status) => {
    const { answerStatus, timeoutSec } = answerStatusOf(status);
    expect(specStatus(answerStatus, timeoutSec ?? null)).toBe(status);
  });

  it('an event without an answer has no status', () => {
    expect(specStatus(null, null)).toBeNull();
  });
});
