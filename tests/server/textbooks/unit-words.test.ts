/**
 * GraphQL `Unit.words`: a teacher previews a unit's words (pack books and a school's own
 * imported book alike) before assigning it; they are the words the unit's task then asks, in
 * order, with the pictures the players show. Students cannot open the shelf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseBooksFile } from '../../../server/textbooks/import.ts';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const WORDS = 'words { text partOfSpeech phonetic definition pictureUrl }';
const SHELF = `query ($n: String!) { viewer { class(name: $n) { shelf { sources { id bookId } press { id bookId units { unitId title } } } } } }`;
const BOOK_UNIT = `query ($id: ID!, $u: String!) { node(id: $id) { ... on Book { bookId unit(unitId: $u) { unitId title ${WORDS} } } } }`;
const IMPORT = `mutation ($n: String!, $c: String!) { importTextbook(fileName: $n, content: $c) { __typename ... on Error { message } } }`;
const OWN_BOOK = `bookID,bookTitle,schoolID,pressID,unitID,unitTitle,word,partOfSpeech,definition,sentence1,sentence2
OWNW3A,Our Own Book 3A,ES,PEP,1,Hello!,panda,,,,
OWNW3A,,,,1,,cat,,,,
OWNW3A,,,,2,Toys,yo-yo,noun,a toy that goes up and down on a string,My yo-yo is red and white.,Can you do tricks with a yo-yo?
OWNW3A,,,,2,,apple,,,,
OWNW3A,,,,2,,ice cream,noun,a cold sweet food made from milk,We eat ice cream on hot days.,My ice cream is melting!
`;

type Word = { text: string; partOfSpeech: string; phonetic: string; definition: string; pictureUrl: string | null };

describe.each(DATABASES)('Unit.words on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let other: string;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = (await server.login('demoteacher')).accessToken;
    student = (await server.login('demostudent')).accessToken;
    await server.post('/api/v1.0/username/signup', { username: 'mrswu', password: 'wu123', email: 'wu@school.cn', isTeacher: true });
    other = (await server.login('mrswu', 'wu123')).accessToken;
    const imported = await server.gql(IMPORT, { n: 'own.csv', c: OWN_BOOK }, teacher);
    expect(imported.body.data.importTextbook.__typename).toBe('ImportTextbookPayload');
    // A server, three logins and an import: more than the default minute on a loaded machine.
  }, 180_000);
  afterAll(() => server?.close());

  const shelf = async (token: string) => {
    const r = await server.gql(SHELF, { n: 'Demo Class' }, token);
    expect(r.body.errors).toBeUndefined();
    return r.body.data.viewer.class?.shelf as
      { sources: { id: string; bookId: string }[]; press: { id: string; bookId: string; units: { unitId: string; title: string }[] }[] } | undefined;
  };
  /** A unit as the Textbooks preview reads it (the whole shelf with every unit's words would cost more than a user's budget). */
  const unitOf = async (bookId: string, unitId: string, token: string) => {
    const r = await server.gql(BOOK_UNIT, { id: bookId, u: unitId }, token);
    expect(r.body.errors).toBeUndefined();
    return r.body.data.node as { bookId: string; unit: { unitId: string; title: string; words: Word[] } | null } | null;
  };

  it("a pack unit's words are its task's words, in order, with the players' pictures; R units have none", async () => {
    const s = (await shelf(teacher))!;
    const pep = s.press.find((b) => b.bookId === 'PEP3A')!;
    const unit = (await unitOf(pep.id, pep.units[0]!.unitId, teacher))!.unit!;
    expect(unit.unitId).toBe(pep.units[0]!.unitId);
    expect(unit.words.length).toBeGreaterThan(0);
    for (const w of unit.words) {
      expect(w.text).not.toBe('');
      expect(w.definition).not.toBe('');
      if (w.pictureUrl) expect(w.pictureUrl).toMatch(/^\/avatars\/\S+$/);
    }
    expect(s.sources.length).toBeGreaterThan(0);
    for (const source of s.sources) expect((await unitOf(source.id, 'R', teacher))!.unit).toMatchObject({ unitId: 'R', words: [] });

    // Assign it; the student's Spelling Bee asks exactly these words, with the same pictures.
    const assigned = await server.gql(
      'mutation ($i: AssignTaskInput!) { assignTask(input: $i) { __typename ... on AssignTaskPayload { info } } }',
      { i: { className: 'Demo Class', bookUnitId: `PEP3A-${unit.unitId}`, type: 'SB' } },
      teacher,
    );
    expect(assigned.body.data.assignTask.info).toMatch(/^success/);
    const tasks = (await server.gql('{ viewer { tasks(first: 50) { edges { node { taskId bookUnitId } } } } }', {}, student)).body.data.viewer.tasks.edges;
    const taskId = tasks.map((e: any) => e.node).find((t: any) => t.bookUnitId === `PEP3A-${unit.unitId}`).taskId;
    const content = (await server.gql('query ($t: String!) { taskContent(taskId: $t) { words { text pictureUrl phonetic } } }', { t: taskId }, student)).body
      .data.taskContent;
    expect(content.words).toEqual(unit.words.map((w) => ({ text: w.text, pictureUrl: w.pictureUrl, phonetic: w.phonetic })));
  });

  it("an imported unit's words are the file's, in its order; one unit can be read alone", async () => {
    const s = (await shelf(teacher))!;
    const own = s.press.find((b) => b.bookId === 'OWNW3A')!;
    expect(own.units.map((u) => [u.unitId, u.title])).toEqual([
      ['1', 'Hello!'],
      ['2', 'Toys'],
    ]);
    expect((await unitOf(own.id, '1', teacher))!.unit!.words.map((w) => w.text)).toEqual(['panda', 'cat']);
    const toys = (await unitOf(own.id, '2', teacher))!.unit!;
    expect(toys.words.map((w) => w.text)).toEqual(['yo-yo', 'apple', 'ice cream']);
    expect(toys.words[0]).toMatchObject({ partOfSpeech: 'noun', definition: 'a toy that goes up and down on a string', pictureUrl: null });
    expect(toys.words[2]).toMatchObject({ partOfSpeech: 'noun', definition: 'a cold sweet food made from milk' });
    expect((await unitOf(own.id, '9', teacher))!.unit).toBeNull();
  });

  it("students cannot open the shelf or a book; another teacher sees the pack's books but not this teacher's own", async () => {
    const s = (await shelf(teacher))!;
    const own = s.press.find((b) => b.bookId === 'OWNW3A')!;
    const pep = s.press.find((b) => b.bookId === 'PEP3A')!;
    expect(await shelf(student)).toBeUndefined();
    for (const id of [own.id, pep.id]) {
      const r = await server.gql(BOOK_UNIT, { id, u: '1' }, student);
      expect(r.body).toMatchObject({ data: { node: null } });
      expect(JSON.stringify(r.body)).not.toContain('panda');
    }
    expect((await server.gql(BOOK_UNIT, { id: own.id, u: '1' }, other)).body.data.node).toBeNull();
    const pepUnit = pep.units[0]!.unitId;
    expect((await unitOf(pep.id, pepUnit, other))!.unit!.words).toEqual((await unitOf(pep.id, pepUnit, teacher))!.unit!.words);
  });
});

describe('the import example (docs/content.md and the Textbooks page)', () => {
  const file = (name: string) => readFileSync(new URL(`../../../client/public/examples/${name}`, import.meta.url), 'utf8');
  it('is one book of three titled units with phrases, the same in CSV and JSON, shown whole in the docs section', () => {
    const csv = parseBooksFile('school-book.csv', file('school-book.csv'));
    expect(parseBooksFile('school-book.json', file('school-book.json'))).toEqual(csv);
    expect(csv.map((b) => [b.bookId, b.units.map((u) => [u.unitId, u.title, u.words.length])])).toEqual([
      [
        'OURS3A',
        [
          ['1', 'Hello, friends!', 4],
          ['2', 'My school bag', 4],
          ['3', 'Colours around us', 4],
        ],
      ],
    ]);
    expect(csv[0]!.units.flatMap((u) => u.words.map((w) => w.word)).filter((w) => w.includes(' ')).length).toBeGreaterThanOrEqual(3);
    // Every word with its card, so the example imports anywhere.
    for (const w of csv[0]!.units.flatMap((u) => u.words))
      expect([w.word, Boolean(w.definition && w.partOfSpeech), w.sentences.length]).toEqual([w.word, true, 2]);
    const docs = readFileSync(new URL('../../../docs/content.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf("## Importing a school's own textbook"));
    expect(section).toContain('```csv\n' + file('school-book.csv') + '```');
    expect(section).toContain('```json\n' + file('school-book.json') + '```');
  });
});
