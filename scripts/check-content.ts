// `npm run content:check [-- FILE...]`: validates the word files and lists every problem.
import path from 'node:path';
import { checkWordFiles, readWordFiles, WORDS_DIR } from '../db/content/check.ts';

const only = process.argv.slice(2).map((f) => path.basename(f));
const files = readWordFiles(WORDS_DIR).filter((f) => only.length === 0 || only.includes(f.file));
const problems = checkWordFiles(files);
for (const p of problems) console.log(`${p.file}: ${p.word}: ${p.problem}`);
const words = files.reduce((n, f) => n + f.data.entries.length, 0);
console.log(`${files.length} files, ${words} entries, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
