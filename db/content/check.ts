/**
 * Content checks shared by `npm run content:check` and the content tests: the pack's files
 * parse, every sentence uses its word, and no sentence is a fill-in template of another.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookFile, LEVEL_CODES, wordFile, type BookFile, type WordFile } from './format.ts';
import { phoneticOf } from './phonetics.ts';

export const WORDS_DIR = fileURLToPath(new URL('./words', import.meta.url));
/** The real textbooks: one file per series (or part of one), read in file-name order. */
export const BOOKS_DIR = fileURLToPath(new URL('./books', import.meta.url));
/** The books that go with a word folder: its sibling `books` (none for a test fixture without one). */
export const booksDirFor = (wordsDir: string) => path.join(path.dirname(path.resolve(wordsDir)), 'books');

export function readWordFiles(dir = WORDS_DIR): { file: string; data: WordFile }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      const parsed = wordFile.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return { file, data: parsed.data };
    });
}

export type ParsedBookFile = { file: string; data?: BookFile; errors: string[] };

/** Every book file, parsed; a file that does not parse carries its first few errors instead. */
export function parseBookFiles(dir = BOOKS_DIR): ParsedBookFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file): ParsedBookFile => {
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      } catch (e) {
        return { file, errors: [`not JSON: ${(e as Error).message}`] };
      }
      const parsed = bookFile.safeParse(raw);
      if (parsed.success) return { file, data: parsed.data, errors: [] };
      return { file, errors: parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`) };
    });
}

/** The book files for the pack; throws on the first file that does not parse. */
export function readBookFiles(dir = BOOKS_DIR): { file: string; data: BookFile }[] {
  return parseBookFiles(dir).map(({ file, data, errors }) => {
    if (!data) throw new Error(`${file}: ${errors[0]}`);
    return { file, data };
  });
}

/**
 * Words a book's own vocabulary list gives in two units (book id → words). Anything else listed
 * twice in one book is a mistake in the file.
 */
export const BOOK_REPEATS: Record<string, string[]> = {
  // 5A lists house with Unit 5 (There is a big bed) and again with Unit 6 (In a nature park).
  PEP5A: ['house'],
  // Go for it! 7A lists these again where a later unit uses them with another meaning (watch 手表 /
  // 看, first 名 / 第一, well 嗯 / 好): as its file (pep-go-for-it-7.json) gives them.
  PEP7A: ['in', 'have', 'watch', 'well', 'first'],
  // 2024 7B lists instead with Unit 4 (Eat Well) and again with Unit 8 (Once upon a Time).
  PEP2024_7B: ['instead'],
  // Go for it! 8B lists these again with a second meaning: rock 岩石 (Unit 1) / 摇滚乐 (Unit 8), while
  // 当……的时候 (Unit 3) / 一段时间 (Unit 10), clear 清楚的 (Unit 4) / 清理 (Unit 10).
  PEP8B: ['rock', 'while', 'clear'],
  // Go for it! 9 lists these again in Unit 13 (after Units 4, 14 and 6: public places, a cruel method,
  // numbers dropping too low).
  PEP9: ['public', 'method', 'low'],
};

/**
 * The book checks: every unit word has a card with IPA, no word twice in one book (unless the
 * book repeats it, BOOK_REPEATS), no book id in two places.
 */
export function checkBookFiles(books: { file: string; data: BookFile }[], words: { file: string; data: WordFile }[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const cards = new Map<string, string>();
  for (const { data } of words) for (const e of data.entries) if (!cards.has(e.word.toLowerCase())) cards.set(e.word.toLowerCase(), e.word);
  const bookIds = new Map<string, string>();
  for (const { file, data } of books) {
    for (const book of data.books) {
      const other = bookIds.get(book.id);
      if (other) problems.push({ file, word: book.id, problem: `book id already used in ${other}` });
      bookIds.set(book.id, file);
      const units = new Map<string, string>();
      const allowed = new Set((BOOK_REPEATS[book.id] ?? []).map((w) => w.toLowerCase()));
      for (const unit of book.units) {
        for (const word of unit.words) {
          const key = word.toLowerCase();
          const where = `${book.id} unit ${unit.unitId}`;
          const first = units.get(key);
          if (first !== undefined && !allowed.has(key)) problems.push({ file, word, problem: `${where}: already in ${first === unit.unitId ? 'this unit' : `unit ${first}`} of this book` });
          if (first === undefined) units.set(key, unit.unitId);
          const card = cards.get(key);
          if (card === undefined) problems.push({ file, word, problem: `${where}: no word card` });
          else if (!phoneticOf(card)) problems.push({ file, word, problem: `${where}: no IPA (not in the CMU dictionary nor the team's IPA list)` });
        }
      }
    }
  }
  return problems;
}

/**
 * Cards for one word in two word files: the pack keeps the lowest level's (then the first file's)
 * silently, so the other is dead weight or, worse, a card someone edits in vain.
 */
export function checkDuplicateCards(files: { file: string; data: WordFile }[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const kept = new Map<string, string>();
  const byLevel = [...files].sort((a, b) => LEVEL_CODES.indexOf(a.data.level) - LEVEL_CODES.indexOf(b.data.level));
  for (const { file, data } of byLevel) {
    for (const e of data.entries) {
      const key = e.word.toLowerCase();
      const other = kept.get(key);
      if (other !== undefined && other !== file) problems.push({ file, word: e.word, problem: `duplicate card: the pack uses the one in ${other}` });
      if (other === undefined) kept.set(key, file);
    }
  }
  return problems;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the sentence contains the word or a regular inflection of it (cats, tried, making). */
function sentenceUsesWord(sentence: string, word: string): boolean {
  const lower = sentence.toLowerCase().replace(/’/g, "'");
  const w = word.toLowerCase().replace(/’/g, "'");
  if (w.includes(' ')) {
    // Phrases: every content word must appear in order, allowing inflection of each part.
    const parts = w.split(' ').map((p) => `${escape(p.replace(/e$|y$/, ''))}[a-z']*`);
    return new RegExp(`\\b${parts.join("[\\s\\w',]*?")}`).test(lower);
  }
  const stem = w.length > 3 ? w.replace(/(e|y)$/, '') : w;
  return new RegExp(`(^|[^a-z])${escape(stem)}[a-z]*`).test(lower);
}

/** The sentence with its word blanked out: two sentences with the same skeleton are a template. */
function skeleton(sentence: string, word: string): string {
  const w = word.toLowerCase();
  const stem = w.length > 3 && !w.includes(' ') ? w.replace(/(e|y)$/, '') : w;
  return sentence
    .toLowerCase()
    .replace(new RegExp(`\\b(an?|the)\\s+${escape(stem)}[a-z]*`, 'g'), ' X ')
    .replace(new RegExp(`\\b${escape(stem)}[a-z]*`, 'g'), ' X ')
    .replace(/[^a-z x]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export type ContentProblem = { file: string; word: string; problem: string };

export function checkWordFiles(files: { file: string; data: WordFile }[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const skeletons = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const { file, data } of files) {
    for (const entry of data.entries) {
      const key = entry.word.toLowerCase();
      if (seen.get(key) === file) problems.push({ file, word: entry.word, problem: 'listed twice in this file' });
      seen.set(key, file);
      const own = new Set<string>();
      for (const sentence of entry.sentences) {
        if (!sentenceUsesWord(sentence, entry.word)) problems.push({ file, word: entry.word, problem: `sentence does not use the word: "${sentence}"` });
        if (!/^[A-Z"'‘“(0-9]/.test(sentence) || !/[.!?"”')]$/.test(sentence)) {
          problems.push({ file, word: entry.word, problem: `sentence should start with a capital and end with punctuation: "${sentence}"` });
        }
        const sk = skeleton(sentence, entry.word);
        if (own.has(sk)) problems.push({ file, word: entry.word, problem: `two sentences are the same: "${sentence}"` });
        own.add(sk);
        const other = skeletons.get(sk);
        if (other && other !== key && sk.split(' ').length > 2) {
          problems.push({ file, word: entry.word, problem: `template sentence, same as for "${other}": "${sentence}"` });
        }
        skeletons.set(sk, key);
      }
      if (entry.definition.toLowerCase().split(/\W+/).includes(key) && !key.includes(' ')) {
        problems.push({ file, word: entry.word, problem: 'the definition uses the word itself' });
      }
    }
  }
  return problems;
}
