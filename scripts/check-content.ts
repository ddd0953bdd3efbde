// `npm run content:check [-- FILE...]`: validates the word files and the book files and lists
// every problem: sentences, book words without a card or IPA, cards in two files, a word twice
// in one book. With FILE arguments, only the problems of those files (word or book files).
import path from 'node:path';
import { pictureCoverage } from '../db/content/avatars.ts';
import {
  BOOKS_DIR,
  checkBookFiles,
  checkDuplicateCards,
  checkWordFiles,
  parseBookFiles,
  readWordFiles,
  WORDS_DIR,
  type ContentProblem,
} from '../db/content/check.ts';

const only = process.argv.slice(2).map((f) => path.basename(f));
const mine = (file: string) => only.length === 0 || only.includes(file);
const wordFiles = readWordFiles(WORDS_DIR);
const parsedBooks = parseBookFiles(BOOKS_DIR);
const bookFiles = parsedBooks.flatMap(({ file, data }) => (data ? [{ file, data }] : []));

const problems: ContentProblem[] = [
  ...checkWordFiles(wordFiles),
  ...checkDuplicateCards(wordFiles),
  ...parsedBooks.flatMap(({ file, errors }) => errors.map((problem) => ({ file, word: '(file)', problem }))),
  ...checkBookFiles(bookFiles, wordFiles),
].filter((p) => mine(p.file));
// Pictures: the concrete words of the primary books (schoolId ES), each word once.
const cards = new Map<string, (typeof wordFiles)[number]['data']['entries'][number]>();
for (const f of wordFiles) for (const e of f.data.entries) if (!cards.has(e.word.toLowerCase())) cards.set(e.word.toLowerCase(), e);
const primaryWords = new Set(
  bookFiles.filter((f) => f.data.schoolId === 'ES').flatMap((f) => f.data.books.flatMap((b) => b.units.flatMap((u) => u.words.map((w) => w.toLowerCase())))),
);
const coverage = pictureCoverage([...primaryWords].flatMap((w) => cards.get(w) ?? []));
const percent = coverage.concrete ? (100 * coverage.withPicture) / coverage.concrete : 100;
if (percent < 90) problems.push({ file: 'avatars.txt', word: '(coverage)', problem: `picture coverage ${percent.toFixed(1)}% is below 90%` });

for (const p of problems) console.log(`${p.file}: ${p.word}: ${p.problem}`);

const entries = wordFiles.filter((f) => mine(f.file)).reduce((n, f) => n + f.data.entries.length, 0);
const books = bookFiles.filter((f) => mine(f.file)).flatMap((f) => f.data.books);
for (const b of books) console.log(`book ${b.id}: ${b.units.length} units, ${b.units.reduce((n, u) => n + u.words.length, 0)} words`);
if (coverage.missing.length) console.log(`concrete primary words without a picture: ${coverage.missing.join(', ')}`);
console.log(`pictures: ${coverage.withPicture} of ${coverage.concrete} concrete primary-book words (${percent.toFixed(1)}%, at least 90% required)`);
console.log(
  `${wordFiles.filter((f) => mine(f.file)).length} word files, ${entries} entries; ` +
    `${parsedBooks.filter((f) => mine(f.file)).length} book files, ${books.length} books; ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
