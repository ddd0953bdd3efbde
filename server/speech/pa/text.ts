/**
 * Target text to the words the engine scores, and the Record screen's pace: shared with the
 * browser (which groups the scored words back into the task's items, and shows the items at this
 * pace), so both ends agree. No dependencies.
 */

/** The Record screen shows each item 500 ms + 160 ms per character, the last 300 ms longer (spec). */
const WORD_BASE_MS = 500;
const WORD_PER_CHAR_MS = 160;
const LAST_WORD_EXTRA_MS = 300;

/** How long each item is shown (spec constants). */
export function wordDurations(items: readonly string[]): number[] {
  return items.map((w, i) => WORD_BASE_MS + WORD_PER_CHAR_MS * w.length + (i === items.length - 1 ? LAST_WORD_EXTRA_MS : 0));
}

/** When each item is on screen, in seconds from the start of the recording. */
export function itemSchedule(items: readonly string[]): { start: number; end: number }[] {
  let at = 0;
  return wordDurations(items).map((ms) => ({ start: at / 1000, end: (at += ms) / 1000 }));
}

/** Normalises target text to dictionary words: lower case, letters, apostrophes and hyphens. */
export function targetWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z'-]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
}

/** The most words one recording is scored on (a phrase counts its words). */
export const MAX_READING_WORDS = 60;

/**
 * What one reading asks of a list of items: the items in order while their words fit in
 * MAX_READING_WORDS. A Pronunciation Assessment task on a long unit (a senior unit lists 60 to
 * 100 items) reads its first items: a minute or two at the Record screen's pace.
 */
export function oneReading<T extends { text: string }>(items: readonly T[]): T[] {
  let words = 0;
  const out: T[] = [];
  for (const item of items) {
    words += targetWords(item.text).length;
    if (words > MAX_READING_WORDS) break;
    out.push(item);
  }
  return out;
}

/**
 * The words (indices into `targetWords(text)`) that punctuation follows: a comma, the end of a
 * sentence, the end of one item of a word list ("hello, good morning, goodbye"). A pause there
 * is where a reader should pause, not a hesitation.
 */
export function phraseEnds(text: string): Set<number> {
  const ends = new Set<number>();
  // Split keeping the separators: words at even places, what stands between them at odd ones.
  const parts = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/([^a-z'-]+)/);
  let index = -1;
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part.replace(/^['-]+|['-]+$/g, '')) index++;
    } else if (index >= 0 && /[,.;:!?]/.test(part)) ends.add(index);
  });
  return ends;
}
