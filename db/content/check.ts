/**
 * Content checks shared by `npm run content:check` and the content tests: the pack's files
 * parse, every sentence uses its word, and no sentence is a fill-in template of another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wordFile, type WordFile } from './format.ts';

export const WORDS_DIR = fileURLToPath(new URL('./words', import.meta.url));

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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the sentence contains the word or a regular inflection of it (cats, tried, making). */
export function sentenceUsesWord(sentence: string, word: string): boolean {
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
export function skeleton(sentence: string, word: string): string {
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
