/** A class's weak words (班级易错词): one aggregation over the class's missed answers, and assigning them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { answers, classes, rosterEntries, taskRows, users } from '../../../db/schema.ts';
import { periodStart, weakWordsOfClass } from '../../../server/mistakes/class.ts';
import { addClass, assign, perfectSbArr, playSpellingTask, signupStudent, signupTeacher, taskIds, type Answer, type Auth } from '../hardening/fixtures.ts';

const WEAK = `query ($c: String!, $p: WeakWordsPeriod!) { viewer { class(name: $c) { weakWords(period: $p) { period since words {
  text card { definition } studentCount timesMissed wrongSpellings { spelling count } students { name displayName timesMissed } } } } } }`;
const ASSIGN = `mutation ($input: AssignWordsInput!) { assignWords(input: $input) {
  __typename ... on AssignWordsPayload { info bookUnitId } ... on Error { message } } }`;
const ZONE = 'Asia/Shanghai';

describe('the periods', () => {
  it('this week begins on Monday 00:00 and this term on 1 September or 1 February, in the school time zone', () => {
    // Thursday 26 November 2026, noon in Beijing.
    const thursday = new Date('2026-11-26T04:00:00Z');
    expect(periodStart('week', thursday, ZONE).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(periodStart('term', thursday, ZONE).toISOString()).toBe('2026-08-31T16:00:00.000Z');
    expect(periodStart('week', thursday, 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Sunday 23:30 in Beijing is still the week before; Monday 00:30 is the new week.
    expect(periodStart('week', new Date('2026-11-22T15:30:00Z'), ZONE).toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-22T16:30:00Z'), ZONE).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    // January is still the autumn term; from February the spring term.
    expect(periodStart('term', new Date('2027-01-15T04:00:00Z'), ZONE).toISOString()).toBe('2026-08-31T16:00:00.000Z');
    expect(periodStart('term', new Date('2027-03-10T04:00:00Z'), ZONE).toISOString()).toBe('2027-01-31T16:00:00.000Z');
  });
});

describe.each(DATABASES)('weak words on %s', (kind) => {
  let server: TestServer;
  let teacher: Auth;
  let other: Auth;
  const kids: Record<string, Auth> = {};
  const token = (who: Auth) => who['x-access-token']!;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = await signupTeacher(server, 'mrsweak');
    other = await signupTeacher(server, 'mrother');
    await addClass(server, teacher, 'W3', ['ann55', 'ben55', 'cat55']);
    await addClass(server, teacher, 'P3', ['dan55']);
    await addClass(server, other, 'O3', ['oto55']);
    await assign(server, teacher, 'W3', 'NS2022-ES3', 'SB');
    await assign(server, teacher, 'P3', 'NS2022-ES3', 'SB');
    for (const name of ['ann55', 'ben55', 'cat55']) kids[name] = await signupStudent(server, name, 'mrsweak', 'W3');
    kids.dan55 = await signupStudent(server, 'dan55', 'mrsweak', 'P3');
    kids.oto55 = await signupStudent(server, 'oto55', 'mrother', 'O3');
  });
  afterAll(() => server?.close());

  /** Plays the student's open NS2022-ES3 task as `answer` says. */
  const playEs3 = async (who: Auth, answer: (word: string) => Answer) =>
    playSpellingTask(
      server,
      who,
      (await taskIds(server, who, 'mrsweak')).find((t) => t.startsWith('NS2022-ES3-'))!,
      answer,
    );
  const weak = async (who: Auth, className: string, period = 'WEEK') => {
    const r = await server.gql(WEAK, { c: className, p: period }, token(who));
    expect(r.body.errors).toBeUndefined();
    const klass = r.body.data.viewer.class;
    // Another teacher's class, or a student asking: no class at all.
    return (klass === null ? null : klass.weakWords) as {
      since: string;
      words: {
        text: string;
        card: { definition: string } | null;
        studentCount: number;
        timesMissed: number;
        wrongSpellings: { spelling: string; count: number }[];
        students: { name: string; displayName: string; timesMissed: number }[];
      }[];
    } | null;
  };
  const classId = async (name: string) => (await server.app.deps.db.select().from(classes).where(eq(classes.name, name)))[0]!.id;

  it('counts the words the class missed: students, answers, the common wrong spellings and who; a canceled word is not a miss', async () => {
    await playEs3(kids.ann55!, (w) => ({ blue: { typed: 'bleu' }, green: { typed: '', status: 'skipped' } })[w] ?? { typed: w });
    await playEs3(kids.ben55!, (w) => ({ blue: { typed: 'blu' }, circle: { typed: 'circl', status: 'timeout:61s' } })[w] ?? { typed: w });
    await playEs3(kids.cat55!, (w) => ({ blue: { typed: 'bleu' }, square: { typed: 'sq', status: 'canceled' } })[w] ?? { typed: w });
    const list = (await weak(teacher, 'W3'))!;
    expect(list.words.map((w) => [w.text, w.studentCount, w.timesMissed])).toEqual([
      ['blue', 3, 3],
      ['circle', 1, 1],
      ['green', 1, 1],
    ]);
    const blue = list.words[0]!;
    expect(blue.wrongSpellings).toEqual([
      { spelling: 'bleu', count: 2 },
      { spelling: 'blu', count: 1 },
    ]);
    expect(blue.students.map((s) => s.name).sort()).toEqual(['ann55', 'ben55', 'cat55']);
    expect(blue.card?.definition).toBeTruthy();
    // Skipped: no spelling typed; time ran out: what was typed.
    expect(list.words.find((w) => w.text === 'green')!.wrongSpellings).toEqual([]);
    expect(list.words.find((w) => w.text === 'circle')!.wrongSpellings).toEqual([{ spelling: 'circl', count: 1 }]);
    // This term holds this week.
    expect((await weak(teacher, 'W3', 'TERM'))!.words.map((w) => w.text)).toEqual(['blue', 'circle', 'green']);
    // Another class of the same teacher has its own list.
    expect((await weak(teacher, 'P3'))!.words).toEqual([]);
  });

  it('counts only answers in the period: this week since Monday, this term since 1 September', async () => {
    await playEs3(kids.dan55!, (w) => ({ red: { typed: 'rad' }, yellow: { typed: 'yelow' }, square: { typed: 'sqare' } })[w] ?? { typed: w });
    const db = server.app.deps.db;
    const [dan] = await db.select().from(users).where(eq(users.usernameKey, 'dan55'));
    const rows = await db
      .select({ id: answers.id, word: answers.word })
      .from(answers)
      .innerJoin(taskRows, eq(taskRows.id, answers.taskRowId))
      .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
      .where(eq(rosterEntries.userId, dan!.id));
    const at = async (word: string, when: string) => {
      const ids = rows.filter((r) => r.word === word).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      await db
        .update(answers)
        .set({ answeredAt: new Date(when) })
        .where(inArray(answers.id, ids));
    };
    // Thursday 26 November 2026 at noon in Beijing is "now": the week began Monday 23 at 00:00 (+08).
    await at('red', '2026-11-23T01:00:00Z'); // Monday 09:00: this week
    await at('yellow', '2026-11-22T15:30:00Z'); // Sunday 23:30: last week, this term
    await at('square', '2026-08-31T15:00:00Z'); // 31 August 23:00: last term
    await db
      .update(answers)
      .set({ answeredAt: new Date('2026-11-24T01:00:00Z') })
      .where(
        and(
          inArray(
            answers.id,
            rows.map((r) => r.id),
          ),
          sql`${answers.word} not in ('red', 'yellow', 'square')`,
        ),
      );
    const now = new Date('2026-11-26T04:00:00Z');
    const id = await classId('P3');
    const week = await weakWordsOfClass(server.app.deps, id, 'week', ZONE, now);
    expect(week.since.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(week.sinceDay).toBe('2026-11-23');
    expect(week.words.map((w) => w.text)).toEqual(['red']);
    const term = await weakWordsOfClass(server.app.deps, id, 'term', ZONE, now);
    expect(term.words.map((w) => w.text).sort()).toEqual(['red', 'yellow']);
    expect(term.words.find((w) => w.text === 'yellow')!.wrongSpellings).toEqual([{ spelling: 'yelow', count: 1 }]);
  });

  it('assigns the words to every student of the class as a unit of its weak-words book; a word WordBee does not know is refused', async () => {
    const refused = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['blue', 'blorptastic'], type: 'SB' } }, token(teacher))).body.data
      .assignWords;
    expect(refused.__typename).toBe('ValidationError');
    expect(refused.message).toBe('This word is not in WordBee\'s word list, so it cannot be assigned: "blorptastic"');
    const tooMany = (await server.gql(ASSIGN, { input: { className: 'W3', words: Array.from({ length: 21 }, (_, i) => `w${i}`) } }, token(teacher))).body.data
      .assignWords;
    expect(tooMany).toMatchObject({ __typename: 'ValidationError', message: 'At most 20 words can be assigned at once' });

    const done = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['blue', 'circle', 'green'], type: 'SB' } }, token(teacher))).body.data
      .assignWords;
    expect(done.__typename).toBe('AssignWordsPayload');
    const id = await classId('W3');
    expect(done.bookUnitId).toBe(`WEAK.${id}-1`);
    expect(done.info).toMatch(new RegExp(`^success: SB WEAK\\.${id}-1 assigned to 3 students of W3 \\(TPID \\d+\\)$`));
    for (const name of ['ann55', 'ben55', 'cat55']) {
      const task = (await taskIds(server, kids[name]!, 'mrsweak')).find((t) => t.startsWith(`WEAK.${id}-1-`));
      expect(task).toMatch(/-SB-mrsweak$/);
      const content = (await server.get(`/api/v1.0/usertasks/${task}`, kids[name]!)).body as string[];
      expect(content.slice(1).map((line) => line.split(' -- ')[0])).toEqual(['blue', 'circle', 'green']);
    }
    // The same words again: the same unit, already assigned, nothing duplicated.
    const again = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['Blue', 'circle', 'green'], type: 'SB' } }, token(teacher))).body.data
      .assignWords;
    expect(again.bookUnitId).toBe(`WEAK.${id}-1`);
    expect(again.info).toContain('is already assigned');
    // Other words: the book's next unit, with the class's own task kind (PA+SB) by default.
    const next = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['blue'] } }, token(teacher))).body.data.assignWords;
    expect(next.bookUnitId).toBe(`WEAK.${id}-2`);
    expect(next.info).toMatch(/PA WEAK\.\d+-2 assigned to 3 students.*SB WEAK\.\d+-2 assigned to 3 students/);
    // The task is finished like any task: the result is stored.
    const ann = (await taskIds(server, kids.ann55!, 'mrsweak')).find((t) => t.startsWith(`WEAK.${id}-1-`))!;
    expect((await server.post('/api/v1.0/userspelling', await perfectSbArr(server, kids.ann55!, ann), kids.ann55!)).status).toBe(200);
    // The book is the teacher's own: nobody can import over it.
    const imported = await server.post('/api/v1.0/textbooks/import', { fileName: 'w.csv', content: `bookID,unitID,word\nWEAK.${id},1,cat\n` }, other);
    expect(imported.status).toBe(400);
    expect(JSON.stringify(imported.body)).toContain('kept for a class');
  });

  it('another teacher neither sees nor assigns to the class; a student cannot', async () => {
    expect(await weak(other, 'W3')).toBeNull();
    expect(await weak(kids.ann55!, 'W3')).toBeNull();
    const byOther = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['blue'] } }, token(other))).body.data.assignWords;
    expect(byOther).toMatchObject({ __typename: 'NotFoundError', message: 'Class W3 not found' });
    const byStudent = (await server.gql(ASSIGN, { input: { className: 'W3', words: ['blue'] } }, token(kids.ann55!))).body.data.assignWords;
    expect(byStudent.__typename).toBe('ForbiddenError');
    // The other teacher's own class has none of these words.
    expect((await weak(other, 'O3'))!.words).toEqual([]);
  });

  it('a deleted student drops out of the counts', async () => {
    const db = server.app.deps.db;
    await db.delete(users).where(eq(users.usernameKey, 'ben55'));
    const list = (await weak(teacher, 'W3'))!;
    expect(list.words.map((w) => [w.text, w.studentCount, w.timesMissed])).toEqual([
      ['blue', 2, 2],
      ['green', 1, 1],
    ]);
    expect(list.words[0]!.wrongSpellings).toEqual([{ spelling: 'bleu', count: 2 }]);
    expect(list.words[0]!.students.map((s) => s.name).sort()).toEqual(['ann55', 'cat55']);
  });
});
