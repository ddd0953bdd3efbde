import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { books, unitWords, words } from '../../../db/schema.ts';
import { parseBooksFile, parseCsvBooks } from '../../../server/textbooks/import.ts';

const GOOD_CSV = `bookID,bookTitle,schoolID,pressID,unitID,unitTitle,word,partOfSpeech,definition,sentence1,sentence2
SCH3A,Our School Book 3A,ES,PEP,1,At the zoo,cat,,,,
SCH3A,,,,1,,panda,,,,
SCH3A,,,,2,Toys,yo-yo,noun,a toy that goes up and down on a string,My yo-yo is red and white.,Can you do tricks with a yo-yo?
SCH3A,,,,2,,kite,noun,a toy that flies in the wind on a string,We fly a kite in the park.,The kite is stuck in the tree!
`;

describe('parsing import files', () => {
  it('groups CSV rows into a book and its units', () => {
    const [book] = parseCsvBooks(GOOD_CSV);
    expect(book).toMatchObject({ bookId: 'SCH3A', title: 'Our School Book 3A', schoolId: 'ES', pressId: 'PEP' });
    expect(book!.units.map((u) => [u.unitId, u.title, u.words.map((w) => w.word)])).toEqual([
      ['1', 'At the zoo', ['cat', 'panda']],
      ['2', 'Toys', ['yo-yo', 'kite']],
    ]);
  });

  it('names every bad line', () => {
    const bad = 'bookID,unitID,word\nGOOD1,1,cat\nBAD-ID,1,dog\nGOOD1,,bird\nGOOD1,2,b@d word\n';
    expect(() => parseCsvBooks(bad)).toThrow(/line 3: bookID "BAD-ID" must be .*; line 4: unitID "" must be .*; line 5: word "b@d word" letters, spaces/);
    expect(() => parseCsvBooks('title,words\nx,y\n')).toThrow('line 1: the header must name the columns');
  });

  it('holds CSV and JSON to the same limits: lengths, school levels, the reserved unit R, words per unit', () => {
    const csv = `bookID,bookTitle,schoolID,pressID,unitID,word\nBIG1,${'t'.repeat(121)},XX,${'p'.repeat(31)},R,cat\n${Array.from({ length: 61 }, () => 'BIG1,,,,2,cat').join('\n')}\n`;
    const problems = [
      'book BIG1: the title is longer than 120 characters',
      'book BIG1: pressID is longer than 30 characters',
      'book BIG1: schoolID "XX" must be one of K-12, ES, MS, HS',
      'book BIG1, unit R: unitID "R" is kept for Flashcard Master review batches; choose another',
      "book BIG1, unit 2: a unit has at most 60 words, one task's worth (this one has 61)",
    ];
    expect(() => parseBooksFile('big.csv', csv)).toThrow(`The file has 5 problems: ${problems.join('; ')}`);
    const json = JSON.stringify({
      books: [
        {
          bookID: 'BIG1',
          title: 't'.repeat(121),
          schoolID: 'XX',
          pressID: 'p'.repeat(31),
          units: [
            { unitID: 'R', words: ['cat'] },
            { unitID: '2', words: Array(61).fill('cat') },
          ],
        },
      ],
    });
    expect(() => parseBooksFile('big.json', json)).toThrow(`The file has 5 problems: ${problems.join('; ')}`);
    const many = JSON.stringify({ books: Array.from({ length: 21 }, (_, i) => ({ bookID: `B${i}`, units: [{ unitID: '1', words: ['cat'] }] })) });
    expect(() => parseBooksFile('many.json', many)).toThrow('a file holds at most 20 books (this one has 21)');
  });
});

describe.each(DATABASES)('importing a school book on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = (await server.login('demoteacher')).accessToken;
  });
  afterAll(() => server?.close());

  const IMPORT = `mutation ($n: String!, $c: String!) { importTextbook(fileName: $n, content: $c) { __typename ... on ImportTextbookPayload { books units words newWords } ... on Error { message } } }`;
  const bookRows = async () => server.app.deps.db.select().from(unitWords).where(eq(unitWords.bookId, 'SCH3A'));

  it('imports a good file; the book shows on the class shelf and can be assigned', async () => {
    const r = await server.gql(IMPORT, { n: 'school.csv', c: GOOD_CSV }, teacher);
    expect(r.body.data.importTextbook).toEqual({ __typename: 'ImportTextbookPayload', books: 1, units: 2, words: 4, newWords: 2 });
    expect((await bookRows()).length).toBe(4);
    const [yoyo] = await server.app.deps.db.select().from(words).where(eq(words.textKey, 'yo-yo'));
    expect(yoyo).toMatchObject({
      definition: 'a toy that goes up and down on a string',
      sentences: ['My yo-yo is red and white.', 'Can you do tricks with a yo-yo?'],
    });
    const shelf = await server.get('/api/v1.0/textbooks/?cn=Demo%20Class', { 'x-access-token': teacher });
    expect(shelf.body).toBe('ES,PEP,PEP3A-1-1,PEP3B-1-1,SCH3A-1-2');
    const assigned = await server.post(
      '/api/v1.0/usertasks/assigntask',
      { className: 'Demo Class', bookUnitID: 'SCH3A-2', Type: 'SB' },
      { 'x-access-token': teacher },
    );
    expect(assigned.body).toMatch(/^success: SB SCH3A-2 assigned/);
  });

  it('a file with bad rows imports nothing and names every bad line', async () => {
    const before = (await server.app.deps.db.select().from(words)).length;
    const bad = `bookID,unitID,word,definition,sentence1,sentence2\nSCH9,1,cat,,,\nSCH9,1,zebra crossing,,,\nSCH9-X,2,dog,,,\n`;
    const r = await server.gql(IMPORT, { n: 'bad.csv', c: bad }, teacher);
    expect(r.body.data.importTextbook.__typename).toBe('ValidationError');
    expect(r.body.data.importTextbook.message).toBe('The file has 1 problem: line 4: bookID "SCH9-X" must be 1–30 letters, digits, "_" or "." (no "-")');
    const newWord = await server.gql(IMPORT, { n: 'bad.csv', c: `bookID,unitID,word\nSCH9,1,cat\nSCH9,1,zebra crossing\n` }, teacher);
    expect(newWord.body.data.importTextbook.message).toBe(
      'The file has 1 problem: word "zebra crossing" is new to WordBee: give its definition and at least two sentences',
    );
    expect((await server.app.deps.db.select().from(books).where(eq(books.id, 'SCH9'))).length).toBe(0);
    expect((await server.app.deps.db.select().from(words)).length).toBe(before);
  });

  it('a re-import updates the book instead of duplicating it', async () => {
    const json = JSON.stringify({
      books: [
        { bookID: 'SCH3A', title: 'Our School Book 3A (2nd edition)', schoolID: 'ES', units: [{ unitID: '1', title: 'Pets', words: ['cat', 'dog', 'kite'] }] },
      ],
    });
    const r = await server.gql(IMPORT, { n: 'school.json', c: json }, teacher);
    expect(r.body.data.importTextbook).toMatchObject({ books: 1, units: 1, words: 3, newWords: 0 });
    expect((await bookRows()).length).toBe(3);
    const all = await server.app.deps.db.select().from(books).where(eq(books.id, 'SCH3A'));
    expect(all).toHaveLength(1);
    expect(all[0]!.title).toBe('Our School Book 3A (2nd edition)');
  });

  it("refuses pack book ids, another teacher's book, and students", async () => {
    const nsTry = await server.gql(IMPORT, { n: 'x.csv', c: 'bookID,unitID,word\nNS2022,1,cat\n' }, teacher);
    expect(nsTry.body.data.importTextbook.message).toBe("The file has 1 problem: book NS2022: this id belongs to WordBee's own content; choose another bookID");
    await server.post('/api/v1.0/username/signup', { username: 'mrqian', password: 'qian1', email: 'q@school.cn', isTeacher: true });
    const other = (await server.login('mrqian', 'qian1')).accessToken;
    const steal = await server.gql(IMPORT, { n: 'x.csv', c: 'bookID,unitID,word\nSCH3A,1,cat\n' }, other);
    expect(steal.body.data.importTextbook.message).toMatch(/already used by another school book/);
    const student = (await server.login('demostudent')).accessToken;
    expect((await server.gql(IMPORT, { n: 'x.csv', c: GOOD_CSV }, student)).body.data.importTextbook.__typename).toBe('ForbiddenError');
  });
});

describe('the content:import command', () => {
  it('reports every bad line and imports nothing, then imports a good file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-import-'));
    const good = path.join(dir, 'book.csv');
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(
      good,
      'bookID,bookTitle,unitID,word,definition,sentence1,sentence2\nCLI1,Command line book,1,owl,a bird that hunts at night,An owl hoots in the dark.,Owls have big round eyes.\n',
    );
    writeFileSync(bad, 'bookID,unitID,word\nCLI2,1,cat\nCLI2,1,qwertyuiop\n');
    const env = { ...process.env, DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), DATABASE_URL: '' };
    // The first run creates the embedded database (migrations, no seed: words come from the file check).
    const first = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-content.ts', bad], { env, encoding: 'utf8', timeout: 60_000 });
    expect(first.status).toBe(1);
    expect(first.stderr).toContain('nothing was imported:');
    expect(first.stderr).toContain('word "cat" is new to WordBee');
    expect(first.stderr).toContain('word "qwertyuiop" is new to WordBee');
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-content.ts', good], { env, encoding: 'utf8', timeout: 60_000 });
    expect(second.stdout).toContain('imported 1 book(s), 1 unit(s), 1 word(s), 1 new word card(s)');
    expect(second.status).toBe(0);
    // Two processes, each allowed a minute: each starts tsx and PGlite from nothing.
  }, 150_000);
});
