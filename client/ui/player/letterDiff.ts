/**
 * Which letters of an answer are wrong, for the players' corrections (`elephent → elephant`):
 * the answer and the word are aligned letter by letter with the fewest edits (Levenshtein), so a
 * letter left out or put in marks only that place, not every letter after it. Case counts, as it
 * does for right or wrong (`isCorrect`: exact after trimming).
 */
export type Letter = { ch: string; wrong: boolean };
/** A place in the answer where a letter of the word is missing: shown as a marked gap. */
export const MISSING = '_';

export type LetterDiff = {
  /** The answer's letters, each wrong one marked; a missing letter is a marked `_`. */
  typed: Letter[];
  /** The word's letters, marked where the answer had another letter or none. */
  word: Letter[];
  /** The answer is the word. */
  right: boolean;
};

export function letterDiff(answer: string, word: string): LetterDiff {
  const a = [...answer.trim()];
  const w = [...word];
  // cost[i][j]: edits turning the first i letters of the answer into the first j of the word.
  const cost: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: w.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= w.length; j++) {
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + (a[i - 1] === w[j - 1] ? 0 : 1), cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const typed: Letter[] = [];
  const marked: Letter[] = [];
  let i = a.length;
  let j = w.length;
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0 && here === cost[i - 1]![j - 1]! + (a[i - 1] === w[j - 1] ? 0 : 1)) {
      const same = a[i - 1] === w[j - 1];
      typed.unshift({ ch: a[i - 1]!, wrong: !same });
      marked.unshift({ ch: w[j - 1]!, wrong: !same });
      i--;
      j--;
    } else if (i > 0 && here === cost[i - 1]![j]! + 1) {
      // A letter too many in the answer.
      typed.unshift({ ch: a[i - 1]!, wrong: true });
      i--;
    } else {
      // A letter of the word the answer left out.
      typed.unshift({ ch: MISSING, wrong: true });
      marked.unshift({ ch: w[j - 1]!, wrong: true });
      j--;
    }
  }
  return { typed, word: marked, right: a.join('') === word };
}
