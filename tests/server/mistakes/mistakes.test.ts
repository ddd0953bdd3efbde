/** My mistakes (我的错题本): derived from the answers of finished tasks and the memory model. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { reportsDone } from '../../helpers/results.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { addClass, assign, playSpellingTask, signupStudent, signupTeacher, snapshot, taskIds, type Answer, type Auth } from '../hardening/fixtures.ts';

/** Tables the mail worker changes by itself. */
const BACKGROUND = ['mail_outbox', 'worker_leases'];
const MISTAKES = 'query { myMistakes { word { text definition pictureUrl audioUrl } timesMissed lastWrongSpelling rightSince } }';
const LAST_TASK = 'query { myLastTask { taskId correct total missed } }';
const PRACTISE = `mutation ($answers: [PracticeAnswerInput!]!) { practiseMistakes(answers: $answers) {
  __typename ... on PracticePayload { correct total remaining { word { text } rightSince } } ... on ValidationError { message } ... on ForbiddenError { message } } }`;

describe.each(DATABASES)('my mistakes on %s', (kind) => {
  let server: TestServer;
  let teacher: Auth;
  let amy: Auth;
  let bob: Auth;
  const token = (who: Auth) => who['x-access-token']!;
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = await signupTeacher(server, 'mrsmistake');
    await addClass(server, teacher, '4B', ['amy44', 'bob44']);
    amy = await signupStudent(server, 'amy44', 'mrsmistake', '4B');
    bob = await signupStudent(server, 'bob44', 'mrsmistake', '4B');
    await assign(server, teacher, '4B', 'NS2022-ES3', 'SB');
  });
  afterAll(() => server?.close());

  /** Plays the student's open NS2022-ES3 task as `answer` says. */
  const playEs3 = async (who: Auth, answer: (word: string) => Answer) =>
    playSpellingTask(
      server,
      who,
      (await taskIds(server, who, 'mrsmistake')).find((t) => t.startsWith('NS2022-ES3-'))!,
      answer,
    );
  const mistakes = async (who: Auth) => {
    const r = await server.gql(MISTAKES, {}, token(who));
    expect(r.body.errors).toBeUndefined();
    return r.body.data.myMistakes as {
      word: { text: string; definition: string; pictureUrl: string | null; audioUrl: string };
      timesMissed: number;
      lastWrongSpelling: string;
      rightSince: number;
    }[];
  };
  const practise = async (who: Auth, answers: { word: string; typed: string; status: string }[]) =>
    (await server.gql(PRACTISE, { answers }, token(who))).body.data.practiseMistakes;

  it('lists every word a student missed (wrong, timed out, slow, skipped) with the last wrong spelling, and their last task; nobody else sees them', async () => {
    const missed: Record<string, { typed: string; status?: string }> = {
      blue: { typed: 'bleu' },
      green: { typed: 'gren', status: 'timeout:61s' },
      yellow: { typed: 'yellow', status: 'timeout:62s' },
      circle: { typed: '', status: 'skipped' },
      square: { typed: 'sq', status: 'canceled' },
    };
    await playEs3(amy, (w) => missed[w] ?? { typed: w });
    const list = await mistakes(amy);
    expect(list.map((m) => m.word.text).sort()).toEqual(['blue', 'circle', 'green', 'yellow']);
    const blue = list.find((m) => m.word.text === 'blue')!;
    expect(blue).toMatchObject({ timesMissed: 1, lastWrongSpelling: 'bleu', rightSince: 0 });
    expect(blue.word.definition).not.toBe('');
    expect(blue.word.audioUrl).toContain('text=blue');
    expect(list.find((m) => m.word.text === 'green')!.lastWrongSpelling).toBe('gren');
    expect(list.find((m) => m.word.text === 'circle')!.lastWrongSpelling).toBe('');
    const last = (await server.gql(LAST_TASK, {}, token(amy))).body.data.myLastTask;
    expect(last).toMatchObject({ correct: 3, total: 8, missed: ['blue', 'green', 'yellow', 'circle'] });
    expect(last.taskId).toMatch(/^NS2022-ES3-\d+-SB-mrsmistake$/);
    // A classmate and the teacher have none of them.
    expect(await mistakes(bob)).toEqual([]);
    expect((await server.gql(LAST_TASK, {}, token(bob))).body.data.myLastTask).toBeNull();
    expect(await mistakes(teacher)).toEqual([]);
  });

  it('a word leaves the list after two right reviews since the miss, a wrong practice keeps it until two right ones follow', async () => {
    // Practice: blue right once (stays), green wrong then right once (stays). The earlier
    // tasks' reports are made first (jobs after their results), so only practice could change.
    await reportsDone(server);
    const before = await snapshot(server, BACKGROUND.concat('word_memory'));
    const round = await practise(amy, [
      { word: 'blue', typed: 'blue', status: 'v' },
      { word: 'green', typed: 'grean', status: 'x' },
      { word: 'green', typed: 'green', status: 'v' },
    ]);
    expect(round).toMatchObject({ __typename: 'PracticePayload', correct: 2, total: 3 });
    const list = await mistakes(amy);
    expect(list.find((m) => m.word.text === 'blue')).toMatchObject({ rightSince: 1 });
    expect(list.map((m) => m.word.text)).toContain('green');
    // Practice is not a task: no task row, answer, result, report or e-mail came of it.
    expect(await snapshot(server, BACKGROUND.concat('word_memory'))).toEqual(before);

    // A second right review: blue leaves; two right reviews after the wrong one: green leaves too.
    await practise(amy, [{ word: 'blue', typed: 'blue', status: 'v' }]);
    expect((await mistakes(amy)).map((m) => m.word.text)).not.toContain('blue');
    expect((await mistakes(amy)).map((m) => m.word.text)).toContain('green');
    await practise(amy, [{ word: 'green', typed: 'green', status: 'v' }]);
    expect((await mistakes(amy)).map((m) => m.word.text)).not.toContain('green');
    expect((await mistakes(amy)).map((m) => m.word.text).sort()).toEqual(['circle', 'yellow']);
  });

  it('practice takes only the student’s own mistakes and honest answers, and changes nothing when refused', async () => {
    await reportsDone(server);
    const before = await snapshot(server, BACKGROUND);
    const refused = [
      { who: amy, answers: [{ word: 'red', typed: 'red', status: 'v' }], type: 'ValidationError', says: 'not one of your mistakes' },
      { who: bob, answers: [{ word: 'circle', typed: 'circle', status: 'v' }], type: 'ValidationError', says: 'not one of your mistakes' },
      { who: amy, answers: [{ word: 'circle', typed: 'cicle', status: 'v' }], type: 'ValidationError', says: 'marked right but is not' },
      { who: amy, answers: [{ word: 'circle', typed: 'circle', status: 'timeout:5s' }], type: 'ValidationError', says: 'unknown status' },
      { who: amy, answers: [], type: 'ValidationError', says: 'at least one answer' },
      { who: teacher, answers: [{ word: 'circle', typed: 'circle', status: 'v' }], type: 'ForbiddenError', says: 'a teacher has none' },
    ];
    for (const r of refused) {
      const reply = await practise(r.who, r.answers);
      expect(reply.__typename).toBe(r.type);
      expect(reply.message).toContain(r.says);
    }
    expect(await snapshot(server, BACKGROUND)).toEqual(before);
  });
});
