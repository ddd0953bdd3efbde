/**
 * Flashcard Master is recall (DESIGN, Decisions for the classroom): the card's sentences and
 * definition must not spell the word. Every form a child would spot is blanked, whatever its
 * case: the word, its plural and possessive (apples, Apple's, boxes, babies), its -ed/-ing/-er/-est
 * forms (liked, running, bigger) and -ly.
 */
export const BLANK = '____';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The stems an ending is added to: the word, without a final e or y, with its last consonant doubled. */
function formsPattern(word: string): string {
  const w = word.trim();
  const endings = "(?:s|es|ed|d|ing|er|ers|est|ly|ies|ied|ier|iest|ily)?(?:['’]s|(?<=s)['’])?";
  const stems = new Set([escape(w)]);
  if (/[ey]$/i.test(w) && w.length > 2) stems.add(escape(w.slice(0, -1)));
  if (/[^aeiou][aeiou][bdgklmnprtvz]$/i.test(w)) stems.add(escape(w + w.slice(-1)));
  // A phrase ('ice cream') matches with any spacing between its words.
  const alternatives = [...stems].sort((x, y) => y.length - x.length).map((s) => s.replace(/\\? +/g, '\\s+'));
  return `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})${endings}(?![\\p{L}\\p{N}])`;
}

/** The text with every form of the word replaced by a blank. */
export function blankWord(text: string, word: string): string {
  if (!word.trim()) return text;
  return text.replace(new RegExp(formsPattern(word), 'giu'), BLANK);
}

/** Whether the text still shows the word in some form (case-insensitive). */
export function showsWord(text: string, word: string): boolean {
  return word.trim() !== '' && new RegExp(formsPattern(word), 'iu').test(text);
}
