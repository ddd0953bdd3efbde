/**
 * The rest of the contract's types (issue 37): a dashboard record's stable id, the code lists as
 * enums beside the deprecated strings, the token's expiry as a DateTime, `className` spelled one
 * way, and class mutations by the class's global id. What is deprecated keeps working until its day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask, finishUnit } from '../../helpers/results.ts';
import { subscribe, until } from '../../helpers/live.ts';

const ADD_CLASS =
  'mutation($i: AddClassInput!) { addClass(input: $i) { __typename ... on ClassPayload { class { id name schoolId schoolLevel tbTaskType textbookTaskType } } ... on ValidationError { message field } } }';
const SELECT =
  'mutation($i: ClassNameInput!) { selectClass(input: $i) { __typename ... on ClassPayload { class { name } } ... on Error { message } ... on ValidationError { field } } }';
const ANSWER =
  'mutation($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on AnswerPayload { position status answerStatus timeoutSec } ... on Error { message } ... on ValidationError { field } } }';
const PRACTISE =
  'mutation($a: [PracticeAnswerInput!]!) { practiseMistakes(answers: $a) { __typename ... on PracticePayload { correct total } ... on Error { message } } }';

describe('the types an integrator stores and sends', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let classId: string;
  beforeAll(async () => {
    server = await startServer();
    const done = await finishTask(server);
    teacher = done.teacher['x-access-token']!;
    student = done.student['x-access-token']!;
    classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
  });
  afterAll(() => server?.close());

  const gql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const r = await server.gql(query, variables, token);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  it('gives each dashboard record a stable id that only its student can fetch again', async () => {
    const DASH = '{ viewer { dashboard { finishedTasks(first: 10) { edges { node { id testId currentScore } } } records { id } } } }';
    const first = (await gql(DASH, {}, student)).viewer.dashboard;
    expect(first.finishedTasks.edges).toHaveLength(1);
    const record = first.finishedTasks.edges[0].node;
    expect(first.records).toEqual([{ id: record.id }]);
    const NODE = 'query($id: ID!) { node(id: $id) { __typename id ... on DashboardRecord { testId currentScore } } }';
    expect((await gql(NODE, { id: record.id }, student)).node).toEqual({ __typename: 'DashboardRecord', ...record });
    // A dashboard is its student's own: not the teacher's, nor another user's.
    expect((await gql(NODE, { id: record.id }, teacher)).node).toBeNull();
    await server.post('/api/v1.0/username/signup', { username: 'mrsding', password: 'ding1', email: 'ding@school.cn', isTeacher: true });
    expect((await gql(NODE, { id: record.id }, (await server.login('mrsding', 'ding1')).accessToken)).node).toBeNull();

    // Another finished task adds a record with its own id; the first keeps its id.
    await finishUnit(
      server,
      { teacher: { 'x-access-token': teacher }, student: { 'x-access-token': student }, className: 'Demo Class', teacherName: 'demoteacher' },
      'NS2022-ES1',
    );
    const after = (await gql(DASH, {}, student)).viewer.dashboard.finishedTasks.edges.map((e: any) => e.node);
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(record);
    expect(after[1].id).not.toBe(record.id);
  });

  it('gives school levels, textbook task types, book kinds and vocabulary levels as enums, the same as the deprecated strings', async () => {
    const data = await gql(
      `{ pressOptions { schoolId schoolLevel }
         viewer { class(name: "Demo Class") { schoolId schoolLevel tbTaskType textbookTaskType
           shelf { schoolId schoolLevel national { kind bookKind level vocabularyLevel } sources { kind bookKind level vocabularyLevel } press { kind bookKind level vocabularyLevel } } } } }`,
      {},
      teacher,
    );
    const levelOf = (s: string) => (s === 'K-12' ? 'K12' : s);
    expect(data.pressOptions.map((p: any) => p.schoolLevel)).toEqual(data.pressOptions.map((p: any) => levelOf(p.schoolId)));
    expect(data.pressOptions.map((p: any) => p.schoolLevel)).toContain('K12');
    const klass = data.viewer.class;
    expect(klass).toMatchObject({ schoolId: 'ES', schoolLevel: 'ES', tbTaskType: 'PA+SB', textbookTaskType: 'PA_SB' });
    expect(klass.shelf).toMatchObject({ schoolId: 'ES', schoolLevel: 'ES' });
    const books = [klass.shelf.national, ...klass.shelf.sources, ...klass.shelf.press];
    expect(books.map((b: any) => b.bookKind)).toEqual(books.map((b: any) => b.kind.toUpperCase()));
    expect(books.map((b: any) => b.vocabularyLevel)).toEqual(books.map((b: any) => b.level));
    expect(klass.shelf.sources.map((b: any) => b.vocabularyLevel)).toEqual(['FC', 'ES', 'MS', 'HM', 'HSM']);
    expect(klass.shelf.national.bookKind).toBe('NATIONAL');

    const vocabulary = (await gql('{ viewer { dashboard { vocabulary { level vocabularyLevel } } } }', {}, student)).viewer.dashboard.vocabulary;
    expect(vocabulary.map((v: any) => v.vocabularyLevel)).toEqual(['FC', 'ES', 'MS', 'HM', 'HSM']);
    expect(vocabulary.map((v: any) => v.vocabularyLevel)).toEqual(vocabulary.map((v: any) => v.level));
  });

  it('adds a class with the enums or the deprecated strings, and refuses two that differ', async () => {
    const k12 = (await gql('{ pressOptions { schoolLevel pressId } }', {}, teacher)).pressOptions.find((p: any) => p.schoolLevel === 'K12');
    const byEnum = (
      await gql(ADD_CLASS, { i: { className: 'Enum 1', schoolLevel: 'K12', pressId: k12.pressId, students: 'kid a', textbookTaskType: 'SB' } }, teacher)
    ).addClass;
    expect(byEnum.class).toMatchObject({ name: 'Enum 1', schoolId: 'K-12', schoolLevel: 'K12', tbTaskType: 'SB', textbookTaskType: 'SB' });
    const byString = (await gql(ADD_CLASS, { i: { className: 'String 1', schoolId: 'MS', pressId: 'PEP', students: 'kid b', tbTaskType: 'PA' } }, teacher))
      .addClass;
    expect(byString.class).toMatchObject({ schoolId: 'MS', schoolLevel: 'MS', tbTaskType: 'PA', textbookTaskType: 'PA' });
    const both = (await gql(ADD_CLASS, { i: { className: 'Both 1', schoolLevel: 'HS', schoolId: 'ES', pressId: 'PEP', students: 'kid c' } }, teacher)).addClass;
    expect(both).toEqual({ __typename: 'ValidationError', message: 'Give schoolLevel or schoolId, not two different values', field: 'schoolLevel' });
    expect((await gql('{ viewer { class(name: "Both 1") { id } } }', {}, teacher)).viewer.class).toBeNull();
  });

  it('records an answer by AnswerStatus (a timeout with its seconds) or by the deprecated status, and the live view says both', async () => {
    const tasks = (await gql('{ viewer { tasks(first: 20) { edges { node { taskId taskType } } } } }', {}, student)).viewer.tasks.edges.map((e: any) => e.node);
    const { taskId } = tasks.find((t: any) => t.taskType === 'SB');
    const words: string[] = (await gql('query($t: String!) { taskContent(taskId: $t) { words { text } } }', { t: taskId }, student)).taskContent.words.map(
      (w: any) => w.text,
    );
    const live = subscribe(
      server.url,
      teacher,
      'subscription($id: ID!) { classActivity(classId: $id) { eventKind taskId position status answerStatus timeoutSec } }',
      { id: classId },
    );
    try {
      const answer = async (i: Record<string, unknown>) => (await gql(ANSWER, { i: { taskId, ...i } }, student)).recordAnswer;
      expect(await answer({ position: 1, word: words[0], typed: words[0], answerStatus: 'CORRECT' })).toEqual({
        __typename: 'AnswerPayload',
        position: 1,
        status: 'v',
        answerStatus: 'CORRECT',
        timeoutSec: null,
      });
      expect(await answer({ position: 2, word: words[1], typed: '', answerStatus: 'TIMEOUT', timeoutSec: 75 })).toEqual({
        __typename: 'AnswerPayload',
        position: 2,
        status: 'timeout:75s',
        answerStatus: 'TIMEOUT',
        timeoutSec: 75,
      });
      expect(await answer({ position: 3, word: words[2], typed: '', status: 'skipped' })).toMatchObject({ status: 'skipped', answerStatus: 'SKIPPED' });
      expect(await answer({ position: 4, word: words[3], typed: '', answerStatus: 'TIMEOUT' })).toEqual({
        __typename: 'ValidationError',
        message: 'A TIMEOUT answer needs timeoutSec',
        field: 'timeoutSec',
      });
      expect(await answer({ position: 4, word: words[3], typed: 'zz', answerStatus: 'WRONG', timeoutSec: 61 })).toMatchObject({
        __typename: 'ValidationError',
        field: 'timeoutSec',
      });
      expect(await answer({ position: 4, word: words[3], typed: 'zz', answerStatus: 'WRONG', status: 'v' })).toMatchObject({
        __typename: 'ValidationError',
        message: 'Give answerStatus or status, not two different values',
      });
      expect(await answer({ position: 4, word: words[3], typed: 'zz' })).toMatchObject({ __typename: 'ValidationError', message: 'answerStatus is required' });

      const ours = () => live.events.map((e) => e.classActivity).filter((e) => e.taskId === taskId && e.eventKind === 'ANSWER');
      await until(() => ours().length === 3);
      expect(ours().map(({ position, status, answerStatus, timeoutSec }) => ({ position, status, answerStatus, timeoutSec }))).toEqual([
        { position: 1, status: 'v', answerStatus: 'CORRECT', timeoutSec: null },
        { position: 2, status: 'timeout:75s', answerStatus: 'TIMEOUT', timeoutSec: 75 },
        { position: 3, status: 'skipped', answerStatus: 'SKIPPED', timeoutSec: null },
      ]);
      const finished = live.events.map((e) => e.classActivity).find((e) => e.eventKind === 'FINISHED');
      expect(finished).toMatchObject({ answerStatus: null, timeoutSec: null });
    } finally {
      await live.close();
    }
  });

  it('practises mistakes with AnswerStatus or the deprecated status', async () => {
    // finishTask left 'blue' spelled wrong: it is one of the student's mistakes.
    expect((await gql(PRACTISE, { a: [{ word: 'blue', typed: 'blue', answerStatus: 'CORRECT' }] }, student)).practiseMistakes).toEqual({
      __typename: 'PracticePayload',
      correct: 1,
      total: 1,
    });
    expect((await gql(PRACTISE, { a: [{ word: 'blue', typed: 'bleu', status: 'x' }] }, student)).practiseMistakes).toEqual({
      __typename: 'PracticePayload',
      correct: 0,
      total: 1,
    });
    expect((await gql(PRACTISE, { a: [{ word: 'blue', typed: 'blue' }] }, student)).practiseMistakes).toEqual({
      __typename: 'ValidationError',
      message: 'Answer 1 needs answerStatus',
    });
  });

  it("gives the token's expiry as a DateTime beside the deprecated epoch seconds, and null for an integration token", async () => {
    const login = (
      await gql(
        'mutation { login(input: {username: "demoteacher", password: "demoteacher"}) { ... on LoginPayload { accessToken tokenExpAt tokenExpiresAt } } }',
        {},
        '',
      )
    ).login;
    expect(Date.parse(login.tokenExpiresAt)).toBe(login.tokenExpAt * 1000);
    expect(login.tokenExpAt * 1000).toBeGreaterThan(Date.now());
    const viewer = (await gql('{ viewer { tokenExpAt tokenExpiresAt } }', {}, login.accessToken)).viewer;
    expect(viewer).toEqual({ tokenExpAt: login.tokenExpAt, tokenExpiresAt: login.tokenExpiresAt });

    const created = await gql(
      'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES'], classIds: [classId] } },
      teacher,
    );
    expect((await gql('{ viewer { tokenExpAt tokenExpiresAt } }', {}, created.createIntegrationToken.token)).viewer).toEqual({
      tokenExpAt: 0,
      tokenExpiresAt: null,
    });
  });

  it('takes className at signup and in signupRoster; the old classname still works, and two different names are refused', async () => {
    const ROSTER = 'query($c: String, $old: String) { signupRoster(teachername: "demoteacher", className: $c, classname: $old) { className names } }';
    const roster = (await gql(ROSTER, { c: 'demo class' }, '')).signupRoster;
    expect(roster.className).toBe('Demo Class');
    expect((await gql(ROSTER, { old: 'Demo Class' }, '')).signupRoster).toEqual(roster);
    const neither = await server.gql(ROSTER, {}, '');
    expect(neither.body.errors[0]).toMatchObject({ message: 'className is required', extensions: { code: 'BAD_USER_INPUT' } });

    const SIGNUP = 'mutation($i: SignupInput!) { signup(input: $i) { __typename ... on SignupPayload { username } ... on Error { message } } }';
    const kid = (username: string, names: Record<string, string>) => ({
      username,
      password: 'pass1',
      email: `${username}@home.cn`,
      isTeacher: false,
      teachername: 'demoteacher',
      ...names,
    });
    expect((await gql(SIGNUP, { i: kid('adam01', { className: 'Demo Class', rostername: 'Adam' }) }, '')).signup).toEqual({
      __typename: 'SignupPayload',
      username: 'adam01',
    });
    expect((await gql(SIGNUP, { i: kid('lily01', { classname: 'Demo Class', rostername: 'Lily' }) }, '')).signup).toEqual({
      __typename: 'SignupPayload',
      username: 'lily01',
    });
    expect((await gql(SIGNUP, { i: kid('juliet01', { className: 'Demo Class', classname: 'Enum 1', rostername: 'Juliet' }) }, '')).signup).toEqual({
      __typename: 'ValidationError',
      message: 'Give className or classname, not two different values',
    });
    expect((await gql(ROSTER, { c: 'Demo Class' }, '')).signupRoster.names).toEqual(roster.names.filter((n: string) => n !== 'Adam' && n !== 'Lily'));
  });

  it("takes the class's global id in class mutations: another teacher's class is not found, and an id with another class's name is refused", async () => {
    expect((await gql(SELECT, { i: { classId } }, teacher)).selectClass).toEqual({ __typename: 'ClassPayload', class: { name: 'Demo Class' } });
    expect((await gql(SELECT, { i: { className: 'Demo Class' } }, teacher)).selectClass.__typename).toBe('ClassPayload');
    expect((await gql(SELECT, { i: { classId, className: 'String 1' } }, teacher)).selectClass).toEqual({
      __typename: 'ValidationError',
      message: 'Give classId or className, not two different classes',
      field: 'classId',
    });
    expect((await gql(SELECT, { i: {} }, teacher)).selectClass).toEqual({ __typename: 'ValidationError', message: 'classId is required', field: 'classId' });
    await server.post('/api/v1.0/username/signup', { username: 'mrsfang', password: 'fang1', email: 'fang@school.cn', isTeacher: true });
    const stranger = (await server.login('mrsfang', 'fang1')).accessToken;
    expect((await gql(SELECT, { i: { classId } }, stranger)).selectClass).toEqual({ __typename: 'NotFoundError', message: 'Class not found' });
    expect((await gql(SELECT, { i: { classId: 'not-an-id' } }, teacher)).selectClass).toEqual({ __typename: 'NotFoundError', message: 'Class not found' });

    const join = 'mutation($i: JoinWithoutRosterInput!) { setJoinWithoutRoster(input: $i) { ... on ClassPayload { class { joinWithoutRoster } } } }';
    expect((await gql(join, { i: { classId, allowed: false } }, teacher)).setJoinWithoutRoster.class.joinWithoutRoster).toBe(false);
    expect((await gql(join, { i: { classId, allowed: true } }, teacher)).setJoinWithoutRoster.class.joinWithoutRoster).toBe(true);
    const release = 'mutation($i: ReleaseRosterNameInput!) { releaseRosterName(input: $i) { __typename ... on Error { message } } }';
    expect((await gql(release, { i: { classId, name: 'Nobody Here' } }, teacher)).releaseRosterName.__typename).toBe('NotFoundError');
    const remove = 'mutation($i: RemoveStudentInput!) { removeStudent(input: $i) { __typename ... on RemoveStudentPayload { removed } } }';
    expect((await gql(remove, { i: { classId, student: 'Juliet', deleteData: false } }, teacher)).removeStudent).toEqual({
      __typename: 'RemoveStudentPayload',
      removed: 'Juliet',
    });

    const assign = 'mutation($i: AssignTaskInput!) { assignTask(input: $i) { __typename ... on AssignTaskPayload { info } ... on Error { message } } }';
    expect((await gql(assign, { i: { classId, bookUnitId: 'NS2022-ES2', taskType: 'SB' } }, teacher)).assignTask.info).toMatch(/^success/);
    const words = 'mutation($i: AssignWordsInput!) { assignWords(input: $i) { __typename ... on AssignWordsPayload { bookUnitId } ... on Error { message } } }';
    expect((await gql(words, { i: { classId, words: ['red', 'blue'], taskType: 'SB' } }, teacher)).assignWords.__typename).toBe('AssignWordsPayload');
    const open = (await gql('{ viewer { tasks(first: 100) { edges { node { bookUnitId taskType } } } } }', {}, student)).viewer.tasks.edges.map(
      (e: any) => e.node,
    );
    expect(open).toContainEqual({ bookUnitId: 'NS2022-ES2', taskType: 'SB' });
    // The task list filters by the class's id as by its name; an id of no class of theirs gives nothing.
    const TASKS = 'query($c: ID, $n: String) { viewer { tasks(first: 100, classId: $c, className: $n) { edges { node { taskId } } } } }';
    const byId = (await gql(TASKS, { c: classId }, teacher)).viewer.tasks.edges;
    expect(byId.length).toBeGreaterThan(0);
    expect(byId).toEqual((await gql(TASKS, { n: 'Demo Class' }, teacher)).viewer.tasks.edges);
    expect((await gql(TASKS, { c: classId }, stranger)).viewer.tasks.edges).toEqual([]);

    // A token for another class cannot reach this one by its id.
    const spare = (await gql(ADD_CLASS, { i: { className: 'Spare 1', schoolLevel: 'ES', pressId: 'PEP', students: 'kid d' } }, teacher)).addClass.class;
    const token = (
      await gql(
        'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
        { i: { name: 'Planner', scopes: ['ASSIGN_TASKS'], classIds: [spare.id] } },
        teacher,
      )
    ).createIntegrationToken.token;
    expect((await gql(assign, { i: { classId, bookUnitId: 'NS2022-ES1', taskType: 'SB' } }, token)).assignTask).toEqual({
      __typename: 'NotFoundError',
      message: 'Class not found',
    });
    expect((await gql(assign, { i: { classId: spare.id, bookUnitId: 'NS2022-ES1', taskType: 'SB' } }, token)).assignTask).toMatchObject({
      info: expect.stringMatching(/^success/),
    });

    const del = 'mutation($i: ClassNameInput!) { deleteClass(input: $i) { __typename ... on DeleteClassPayload { className deletedClassId } } }';
    expect((await gql(del, { i: { classId: spare.id } }, teacher)).deleteClass).toEqual({
      __typename: 'DeleteClassPayload',
      className: 'Spare 1',
      deletedClassId: spare.id,
    });
  });
});
