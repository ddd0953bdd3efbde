import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { answers, results, taskRows, users, vocabularyPasses, wordMemory, words } from '../../../db/schema.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';
import { drawBatch } from '../../../server/tasks/service.ts';

describe.each(DATABASES)('posting task results on %s', (kind) => {
  let server: TestServer;
  let teacher: Record<string, string>;
  let amy: Record<string, string>;
  let bob: Record<string, string>;
  let amyId: number;
  beforeAll(async () => {
    server = await startServer(kind);
    await server.post('/api/v1.0/username/signup', { username: 'mrsun', password: 'sun12', email: 'sun@school.cn', isTeacher: true });
    teacher = { 'x-access-token': (await server.login('mrsun', 'sun12')).accessToken };
    await server.post('/api/v1.0/userclasses/addclass', { className: '6A', schoolID: 'ES', pressID: 'PEP', students: 'amy11, bob22' }, teacher);
    for (const u of ['amy11', 'bob22']) {
      await server.post('/api/v1.0/username/signup', {
        username: u,
        password: 'pass',
        email: `${u}@home.cn`,
        isTeacher: false,
        teachername: 'mrsun',
        classname: '6A',
      });
    }
    amy = { 'x-access-token': (await server.login('amy11', 'pass')).accessToken };
    bob = { 'x-access-token': (await server.login('bob22', 'pass')).accessToken };
    amyId = (await server.app.deps.db.select().from(users).where(eq(users.usernameKey, 'amy11')))[0]!.id;
    await server.post('/api/v1.0/usertasks/assigntask', { className: '6A', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
    await server.post('/api/v1.0/userprofiles/assigntask', { className: '6A', bookUnitID: 'ES2022-R', Type: 'FM' }, teacher);
  });
  afterAll(() => server?.close());

  const tasksOf = async (who: Record<string, string>) => (await server.get('/api/v1.0/usertasks', who)).body.slice(0, -1) as any[];
  const taskIdOf = (t: any) => `${t.bookUnitID}-${t.TPID}-${t.Type}-mrsun`;
  /** Plays a task: `answer(word, i)` returns what is typed, or a status. */
  async function play(who: Record<string, string>, taskId: string, answer: (word: string, i: number) => { typed: string; status?: string }) {
    const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, who)).body;
    const taskWords: string[] = content.slice(1).map((item: any) => (typeof item === 'string' ? item.split(' -- ')[0] : item.word));
    let correct = 0;
    const rows = taskWords.map((word, i) => {
      const a = answer(word, i);
      const status = a.status ?? (a.typed.trim() === word ? 'v' : 'x');
      if (status === 'v') correct++;
      return [i + 1, word, a.typed, status, correct];
    });
    return { sbArr: [SBARR_HEADER, ...rows, `${taskId}-${Math.floor((100 * correct) / taskWords.length)}`], words: taskWords };
  }
  const counts = async () => {
    const db = server.app.deps.db;
    return {
      results: (await db.select().from(results)).length,
      answers: (await db.select().from(answers)).length,
      memory: (await db.select().from(wordMemory)).length,
      open: (await db.select().from(taskRows).where(eq(taskRows.status, 'open'))).length,
    };
  };

  it('stores a Spelling Bee result once, updates memory and vocabulary, and brings the next unit', async () => {
    const sb = (await tasksOf(amy)).find((t) => t.Type === 'SB');
    const { sbArr, words: taskWords } = await play(amy, taskIdOf(sb), (w, i) =>
      i === 1 ? { typed: 'blu' } : i === 2 ? { typed: '', status: 'timeout:64s' } : { typed: ` ${w} ` },
    );
    expect(taskWords.slice(0, 3)).toEqual(['red', 'blue', 'green']);
    const first = await server.post('/api/v1.0/userspelling', sbArr, amy);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ score: 75, correct: 6, total: 8, info: 'score 6 of 8 (75%) saved; next task: SB NS2022-MS1' });
    const after = await counts();
    const again = await server.post('/api/v1.0/userspelling', { sbArr }, amy);
    // The first reply lost, a retry still learns the next task.
    expect(again.body.info).toBe('score 6 of 8 (75%) was already saved; next task: SB NS2022-MS1');
    expect(await counts()).toEqual(after);

    const db = server.app.deps.db;
    const [result] = await db.select().from(results).where(eq(results.userId, amyId));
    expect(result).toMatchObject({ score: 75, correct: 6, total: 8 });
    const stored = await db.select().from(answers).where(eq(answers.taskRowId, result!.taskRowId));
    expect(stored.map((a) => a.status)).toEqual(['v', 'x', 'timeout:64s', 'v', 'v', 'v', 'v', 'v']);
    const passed = await db
      .select({ text: words.text })
      .from(vocabularyPasses)
      .innerJoin(words, eq(words.id, vocabularyPasses.wordId))
      .where(eq(vocabularyPasses.userId, amyId));
    expect(passed.map((p) => p.text).sort()).toEqual(['black', 'circle', 'red', 'square', 'white', 'yellow']);
    const memory = await db
      .select({ text: words.text, reps: wordMemory.reps, lapses: wordMemory.lapses, due: wordMemory.due })
      .from(wordMemory)
      .innerJoin(words, eq(words.id, wordMemory.wordId))
      .where(eq(wordMemory.userId, amyId));
    expect(memory).toHaveLength(8);
    const red = memory.find((m) => m.text === 'red')!;
    const blue = memory.find((m) => m.text === 'blue')!;
    expect(red.reps).toBe(1);
    expect(blue.due.getTime()).toBeLessThan(red.due.getTime());

    const list = await tasksOf(amy);
    expect(list.some((t) => t.bookUnitID === 'NS2022-ES3' && t.Type === 'SB')).toBe(false);
    expect(list.some((t) => t.bookUnitID === 'NS2022-MS1' && t.Type === 'SB')).toBe(true);
  });

  it('a Flashcard Master batch draws the words that are due first, then new ones', async () => {
    const fm = (await tasksOf(bob)).find((t) => t.Type === 'FM');
    const { sbArr, words: batch } = await play(bob, taskIdOf(fm), (w, i) => (i < 2 ? { typed: '', status: 'skipped' } : { typed: w }));
    expect(batch).toHaveLength(10);
    expect(batch.slice(0, 3)).toEqual(['cat', 'dog', 'bird']);
    const r = await server.post('/api/v1.0/userspelling', sbArr, bob);
    expect(r.body).toMatchObject({ score: 80, info: 'score 8 of 10 (80%) saved; next task: FM ES2022-R' });
    expect((await tasksOf(bob)).filter((t) => t.Type === 'FM')).toHaveLength(1);
    // Five minutes later the two skipped words (due after a minute) come first; words known (due after ten) do not.
    const bobId0 = (await server.app.deps.db.select().from(users).where(eq(users.usernameKey, 'bob22')))[0]!.id;
    const nextBatch = await drawBatch(server.app.deps, bobId0, 'ES', 10, new Date(Date.now() + 5 * 60_000));
    expect(nextBatch.slice(0, 2).sort()).toEqual(['cat', 'dog']);
    expect(nextBatch.slice(2)).not.toContain('bird');
    expect(nextBatch.slice(2, 4)).toEqual(['horse', 'sheep']);
    // Right now nothing is due yet, so a batch is all new words.
    expect(await drawBatch(server.app.deps, bobId0, 'ES', 3)).toEqual(['horse', 'sheep', 'apple']);
    // FM answers do not count for the vocabulary measure (only National standards SB do).
    const bobId = (await server.app.deps.db.select().from(users).where(eq(users.usernameKey, 'bob22')))[0]!.id;
    expect(await server.app.deps.db.select().from(vocabularyPasses).where(eq(vocabularyPasses.userId, bobId))).toEqual([]);
  });

  it("refuses another class's task, words that are not the task's, and a teacher's post — storing nothing", async () => {
    const before = await counts();
    const bobSb = (await tasksOf(bob)).find((t) => t.Type === 'SB');
    const { sbArr } = await play(bob, taskIdOf(bobSb), (w) => ({ typed: w }));
    const outsider = { 'x-access-token': (await server.login('demostudent')).accessToken };
    expect(await server.post('/api/v1.0/userspelling', sbArr, outsider)).toEqual({ status: 404, body: { info: 'This task is not in your task list' } });
    const tampered = structuredClone(sbArr) as any[];
    tampered[2][1] = 'banana';
    tampered[2][2] = 'banana';
    expect(await server.post('/api/v1.0/userspelling', tampered, bob)).toEqual({
      status: 400,
      body: { info: 'Answer 2 is for "banana", but the task\'s word 2 is "blue"' },
    });
    expect(await server.post('/api/v1.0/userspelling', sbArr, teacher)).toEqual({ status: 403, body: { info: 'Only students post task results' } });
    expect((await server.post('/api/v1.0/userspelling', sbArr)).status).toBe(401);
    expect((await server.post('/api/v1.0/userspelling', '{"sbArr": 5}', bob)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a different result for a finished task is refused', async () => {
    const bobSb = (await tasksOf(bob)).find((t) => t.Type === 'SB' && t.bookUnitID === 'NS2022-ES3');
    const { sbArr } = await play(bob, taskIdOf(bobSb), (w) => ({ typed: w }));
    expect((await server.post('/api/v1.0/userspelling', sbArr, bob)).status).toBe(200);
    const { sbArr: other } = await play(bob, taskIdOf(bobSb), () => ({ typed: '', status: 'skipped' })).catch(() => ({ sbArr: null as any }));
    expect(other).toBeNull();
    const changed = structuredClone(sbArr) as any[];
    changed[1] = [1, changed[1][1], 'wrong', 'x', 0];
    changed[changed.length - 1] = `${taskIdOf(bobSb)}-87`;
    expect(await server.post('/api/v1.0/userspelling', changed, bob)).toEqual({ status: 409, body: { info: 'This task already has a different result' } });
  });

  it('GraphQL records answers as they are given and submits the result', async () => {
    await server.post('/api/v1.0/usertasks/assigntask', { className: '6A', bookUnitID: 'NS2022-ES2', Type: 'SB' }, teacher);
    const sb = (await tasksOf(amy)).find((t) => t.bookUnitID === 'NS2022-ES2');
    const taskId = taskIdOf(sb);
    const content = await server.gql(
      `query ($id: String!) { taskContent(taskId: $id) { label type spellingTimeoutSec words { text sentences audioUrl sentenceAudioUrl pictureUrl } } }`,
      { id: taskId },
      amy['x-access-token'],
    );
    const data = content.body.data.taskContent;
    expect(data).toMatchObject({ label: taskId, type: 'SB', spellingTimeoutSec: 15 });
    expect(data.words[0]).toMatchObject({ text: 'apple', audioUrl: '/api/v1.0/tts/?text=apple' });
    const rec = await server.gql(
      `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on AnswerPayload { position status } ... on Error { message } } }`,
      { i: { taskId, position: 1, word: 'apple', typed: 'apple', status: 'v' } },
      amy['x-access-token'],
    );
    expect(rec.body.data.recordAnswer).toEqual({ __typename: 'AnswerPayload', position: 1, status: 'v' });
    const lie = await server.gql(
      `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on Error { message } } }`,
      { i: { taskId, position: 2, word: 'banana', typed: 'bananna', status: 'v' } },
      amy['x-access-token'],
    );
    expect(lie.body.data.recordAnswer).toEqual({ __typename: 'ValidationError', message: 'The status does not match the answer' });
    // An answer far longer than any word is refused whole (it was cut to 200 characters and kept), with the field named.
    const long = await server.gql(
      `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on ValidationError { message field } } }`,
      { i: { taskId, position: 2, word: 'banana', typed: 'b'.repeat(100_000), status: 'x' } },
      amy['x-access-token'],
    );
    expect(long.body.data.recordAnswer).toEqual({ __typename: 'ValidationError', message: 'An answer is at most 200 characters', field: 'typed' });
    const { sbArr } = await play(amy, taskId, (w) => ({ typed: w }));
    const submitted = await server.gql(
      `mutation ($s: JSON!) { submitResult(sbArr: $s) { __typename ... on ResultPayload { score correct total nextTask alreadyStored } ... on Error { message } } }`,
      { s: sbArr },
      amy['x-access-token'],
    );
    // ES3 is done already, so the next unit to do is MS1 — which is open already.
    expect(submitted.body.data.submitResult).toEqual({ __typename: 'ResultPayload', score: 100, correct: 10, total: 10, nextTask: null, alreadyStored: false });
    const [row] = await server.app.deps.db
      .select()
      .from(taskRows)
      .where(and(eq(taskRows.assignmentId, sb.TPID)));
    expect(row).toBeDefined();
  });
});
