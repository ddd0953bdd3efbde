/**
 * Target text to the words the engine scores, shared with the browser (the Record screen groups
 * the scored words back into the task's items): no dependencies.
 */

/** Normalises target text to dictionary words: lower case, letters, apostrophes and hyphens. */
export function targetWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z'-]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
}

/**
 * The words (indices into `targetWords(text)`) that punctuation follows: a comma, the end of a
 * sentence, the end of one item of a word list ("hello, good morning, goodbye"). A pause there
 * is where a reader should pause, not a hesitation.
 */
export function phraseEnds(text: string): Set<number> {
  const ends = new Set<number>();
  // Split keeping the separators: words at even places, what stands between them at odd ones.
  const parts = text.toLowerCase().replace(/[’‘]/g, "'").split(/([^a-z'-]+)/);
  let index = -1;
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part.replace(/^['-]+|['-]+$/g, '')) index++;
    } else if (index >= 0 && /[,.;:!?]/.test(part)) ends.add(index);
  });
  return ends;
}
