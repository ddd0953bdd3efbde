/**
 * `npm run content:import -- FILE [--teacher USERNAME]`: loads a school's own book(s) from CSV
 * or JSON into the database WordBee is configured for (DATABASE_URL, or PGlite in DATA_DIR —
 * stop the server first: PGlite allows one process). Prints every bad line and imports nothing
 * when there is one. See docs/content.md for the format.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { ImportError, importBooks, parseBooksFile } from '../server/textbooks/import.ts';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const teacherAt = args.indexOf('--teacher');
const teacher = teacherAt >= 0 ? args[teacherAt + 1] : undefined;
if (!file) {
  console.error('usage: npm run content:import -- FILE.csv|FILE.json [--teacher USERNAME]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` });
let code = 0;
try {
  let owner: number | null = null;
  if (teacher) {
    const [row] = await database.db.select().from(users).where(eq(users.usernameKey, teacher.toLowerCase()));
    if (!row?.isTeacher) throw new ImportError([`teacher ${teacher} not found`]);
    owner = row.id;
  }
  const result = await importBooks({ db: database.db }, parseBooksFile(file, readFileSync(file, 'utf8')), owner);
  console.log(`imported ${result.books} book(s), ${result.units} unit(s), ${result.words} word(s), ${result.newWords} new word card(s)`);
} catch (error) {
  if (!(error instanceof ImportError)) throw error;
  console.error('nothing was imported:');
  for (const p of error.problems) console.error(`  ${p}`);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
