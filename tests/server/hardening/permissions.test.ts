/**
 * The permission matrix: every GraphQL operation and every /api/v1.0 call, tried by each kind
 * of caller. Each cell's expected outcome is written down below; a refused call must change
 * nothing (every table is compared before and after), and no reply to anyone but the class's
 * teacher may mention a classmate (`mtxkid2`).
 *
 * To add a call (e.g. POST /api/v1.0/upload or a GraphQL upload mutation), add one entry to
 * OPERATIONS: a name, `run` (make the request as `who`; `f` holds the fixtures) and `expect`
 * (one outcome per caller; start from a preset such as `teacherOfClass('notFound')`). Entries
 * run in order, refused callers first, so a call that succeeds may use up its fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { classes, reports, results, users } from '../../../db/schema.ts';
import { createTokenIssuer } from '../../../server/users/tokens.ts';
import { schema } from '../../../server/graphql/schema.ts';
import { browserRecording, speak, wavBytes } from '../../../scripts/pa/synth.ts';
import { reportsDone } from '../../helpers/results.ts';
import { addClass, assign, perfectSbArr, signupStudent, signupTeacher, snapshot, taskIds, tokenHeader } from './fixtures.ts';

const CALLERS = ['visitor', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'expired', 'forged'] as const;
type Caller = (typeof CALLERS)[number];
/** ok: done or shown · none: nothing to show (null) · auth 401 · forbidden 403 · notFound 404 · invalid 400 */
type Outcome = 'ok' | 'none' | 'auth' | 'forbidden' | 'notFound' | 'invalid';
type Expectations = Record<Caller, Outcome>;

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
/** A classmate's name: only the class's teacher may ever see it. */
const CLASSMATE = 'mtxkid2';

// ---------------------------------------------------------------- presets

const refusedWithoutLogin = { visitor: 'auth', expired: 'auth', forged: 'auth' } as const;
/** A call for the class's teacher only; another teacher gets `other` (the class is not theirs). */
const teacherOfClass = (other: Outcome = 'notFound'): Expectations => ({
  ...refusedWithoutLogin,
  student: 'forbidden',
  otherStudent: 'forbidden',
  teacher: 'ok',
  otherTeacher: other,
});
/** Any teacher, on their own things. */
const anyTeacher: Expectations = { ...refusedWithoutLogin, student: 'forbidden', otherStudent: 'forbidden', teacher: 'ok', otherTeacher: 'ok' };
/** Anyone logged in, each seeing their own. */
const anyUser: Expectations = { ...refusedWithoutLogin, student: 'ok', otherStudent: 'ok', teacher: 'ok', otherTeacher: 'ok' };
/** The class's student on their own task. */
const studentOfTask = (teacher: Outcome, otherTeacher: Outcome, otherStudent: Outcome = 'notFound'): Expectations => ({
  ...refusedWithoutLogin,
  student: 'ok',
  otherStudent,
  teacher,
  otherTeacher,
});
const everyone: Expectations = { visitor: 'ok', student: 'ok', otherStudent: 'ok', teacher: 'ok', otherTeacher: 'ok', expired: 'ok', forged: 'ok' };
/** GraphQL: a visitor sees null rather than an error; a refused token is a 401 (docs/api.md). */
const viewerField = (e: Expectations): Expectations => ({ ...e, visitor: 'none', expired: 'auth', forged: 'auth' });
/** GraphQL under `viewer`: only the class's teacher sees the class; other users and visitors get null. */
const viewersClass: Expectations = {
  visitor: 'none',
  expired: 'auth',
  forged: 'auth',
  student: 'none',
  otherStudent: 'none',
  teacher: 'ok',
  otherTeacher: 'none',
};

// ---------------------------------------------------------------- fixtures

type Fixtures = {
  server: TestServer;
  tokens: Record<Caller, string | undefined>;
  classGlobalId: string;
  studentGlobalId: string;
  bookGlobalId: string;
  /** The classmate's finished task and its report (ClassResult, Report). */
  resultGlobalId: string;
  reportGlobalId: string;
  /** The classmate's finished task as a class event (ClassEvent). */
  eventGlobalId: string;
  /** The student's own finished task (their PA recording) as a record of their dashboard (DashboardRecord). */
  dashboardRecordGlobalId: string;
  /** A pack book (PEP3A): any teacher may open it, no student. */
  packBookGlobalId: string;
  /** The student's open tasks, by unit. */
  tasks: Record<'ES1' | 'ES3', string>;
  classmateTask: { ES3: { TPID: number }; MS1: { TPID: number } };
  reportFile: string;
  /** The student's PA task (HM1) with a stored recording. */
  recordedTask: string;
  sbArr: Record<'ES1' | 'ES3', unknown[]>;
};

type Reply =
  | { transport: 'rest'; status: number; body: any }
  | { transport: 'graphql'; field: string; status: number; body: any }
  | { transport: 'ws'; outcome: Outcome | string; text: string };
/** `namesClassmate`: the request itself names the classmate, so a refusal may repeat the name. */
type Operation = { name: string; run: (f: Fixtures, who: Caller) => Promise<Reply>; expect: Expectations; namesClassmate?: boolean };

const headersOf = (f: Fixtures, who: Caller) => (f.tokens[who] ? tokenHeader(f.tokens[who]!) : {});
const rest =
  (method: 'GET' | 'POST', path: string, body?: (f: Fixtures, who: Caller) => unknown) =>
  async (f: Fixtures, who: Caller): Promise<Reply> => {
    const r =
      method === 'GET'
        ? await f.server.get(`/api/v1.0${path}`, headersOf(f, who))
        : await f.server.post(`/api/v1.0${path}`, body?.(f, who) ?? {}, headersOf(f, who));
    return { transport: 'rest', ...r };
  };
const gql =
  (field: string, query: string, variables: (f: Fixtures, who: Caller) => Record<string, unknown> = () => ({})) =>
  async (f: Fixtures, who: Caller): Promise<Reply> => {
    const r = await f.server.gql(query, variables(f, who), f.tokens[who]);
    return { transport: 'graphql', field, ...r };
  };
/** A tiny valid WAV (0.1 s of silence): enough to pass the format check before the permission ones. */
const TINY_WAV = wavBytes(new Float32Array(1600));
/** A recording for `label` as multipart: POST /upload (field upl), or the submitRecording mutation. */
const recordingUpload =
  (transport: 'rest' | 'graphql') =>
  async (f: Fixtures, who: Caller): Promise<Reply> => {
    const form = new FormData();
    const file = new File([TINY_WAV as Uint8Array<ArrayBuffer>], `${f.tasks.ES1}.wav`, { type: 'audio/wav' });
    if (transport === 'rest') form.append('upl', file);
    else {
      form.append(
        'operations',
        JSON.stringify({
          query: `mutation ($t: String!, $r: File!) { submitRecording(taskId: $t, recording: $r) { ${ERR} } }`,
          variables: { t: f.tasks.ES1, r: null },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.r'] }));
      form.append('0', file);
    }
    const response = await fetch(`${f.server.url}${transport === 'rest' ? '/api/v1.0/upload' : '/graphql'}`, {
      method: 'POST',
      body: form,
      headers: headersOf(f, who),
    });
    const text = await response.text();
    const body = (() => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    })();
    return transport === 'rest' ? { transport, status: response.status, body } : { transport, field: 'submitRecording', status: response.status, body };
  };
const uniqueName = (prefix: string, who: Caller) => `${prefix}${CALLERS.indexOf(who)}${Date.now() % 100000}`;
const ERR = '__typename ... on Error { message }';

// ---------------------------------------------------------------- the matrix

const OPERATIONS: Operation[] = [
  // Accounts (public calls).
  { name: 'POST /username/login', run: rest('POST', '/username/login', () => ({ username: 'mtxkid', password: 'mtxkid-pw' })), expect: everyone },
  {
    name: 'POST /username/signup',
    run: rest('POST', '/username/signup', (_f, who) => ({ username: uniqueName('newt', who), password: 'abcd', email: 'n@school.cn', isTeacher: true })),
    expect: everyone,
  },
  { name: 'GraphQL login', run: gql('login', `mutation { login(input: {username: "mtxkid", password: "mtxkid-pw"}) { ${ERR} } }`), expect: everyone },
  { name: 'GraphQL renewLogin', run: gql('renewLogin', `mutation { renewLogin { ${ERR} } }`), expect: anyUser },
  // The account's life: a wrong password is 'invalid' for anyone logged in (and changes nothing).
  {
    name: 'GraphQL changePassword',
    run: gql('changePassword', `mutation { changePassword(input: {oldPassword: "not-the-password", newPassword: "whatever1"}) { ${ERR} } }`),
    expect: { ...anyUser, student: 'invalid', otherStudent: 'invalid', teacher: 'invalid', otherTeacher: 'invalid' },
  },
  {
    name: 'GraphQL deleteAccount',
    run: gql('deleteAccount', `mutation { deleteAccount(input: {password: "not-the-password"}) { ${ERR} } }`),
    expect: { ...anyUser, student: 'invalid', otherStudent: 'invalid', teacher: 'invalid', otherTeacher: 'invalid' },
  },
  // Logout ends only the login it is sent with: here a fresh one, so the callers' tokens go on.
  {
    name: 'GraphQL logout',
    run: async (f, who) =>
      gql('logout', `mutation { logout { ${ERR} } }`)({ ...f, tokens: { ...f.tokens, [who]: (await freshLogin(f, who)) ?? f.tokens[who] } }, who),
    expect: anyUser,
  },
  {
    name: 'GraphQL signup',
    run: gql(
      'signup',
      `mutation ($u: String!) { signup(input: {username: $u, password: "abcd", email: "n@school.cn", isTeacher: true}) { ${ERR} } }`,
      (_f, who) => ({ u: uniqueName('newg', who) }),
    ),
    expect: everyone,
  },
  { name: 'GraphQL viewer', run: gql('viewer', '{ viewer { username } }'), expect: viewerField(anyUser) },

  // Classes.
  { name: 'GET /userclasses', run: rest('GET', '/userclasses'), expect: anyTeacher },
  { name: 'GET /userclasses/pressoptions', run: rest('GET', '/userclasses/pressoptions'), expect: anyTeacher },
  { name: 'GraphQL pressOptions', run: gql('pressOptions', '{ pressOptions { schoolId } }'), expect: anyTeacher },
  {
    name: 'POST /userclasses/addclass',
    run: rest('POST', '/userclasses/addclass', (_f, who) => ({ className: uniqueName('R', who), schoolID: 'ES', pressID: 'PEP', students: 'somekid' })),
    expect: anyTeacher,
  },
  {
    name: 'GraphQL addClass',
    run: gql(
      'addClass',
      `mutation ($n: String!) { addClass(input: {className: $n, schoolId: "ES", pressId: "PEP", students: "somekid"}) { ${ERR} } }`,
      (_f, who) => ({ n: uniqueName('G', who) }),
    ),
    expect: anyTeacher,
  },
  { name: 'POST /userclasses/selectclass', run: rest('POST', '/userclasses/selectclass', () => ({ className: 'M1' })), expect: teacherOfClass() },
  {
    name: 'GraphQL selectClass',
    run: gql('selectClass', `mutation { selectClass(input: {className: "M1"}) { ${ERR} ... on ClassPayload { class { students } } } }`),
    expect: teacherOfClass(),
  },
  // Class mutations by the class's global id: the same permissions as by its name.
  {
    name: 'GraphQL selectClass by classId',
    run: gql('selectClass', `mutation ($c: ID!) { selectClass(input: {classId: $c}) { ${ERR} ... on ClassPayload { class { students } } } }`, (f) => ({
      c: f.classGlobalId,
    })),
    expect: teacherOfClass(),
  },
  { name: 'GraphQL viewer.classes', run: gql('viewer', '{ viewer { classes { edges { node { name students } } } } }'), expect: viewerField(anyUser) },
  { name: 'GraphQL viewer.class(name)', run: gql('viewer', '{ viewer { class(name: "M1") { students } } }'), expect: viewersClass },
  {
    name: 'GraphQL node(Class)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on Class { students } } }', (f) => ({ id: f.classGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL nodes(Class, User)',
    run: gql('nodes', 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Class { students } ... on User { username } } }', (f) => ({
      ids: [f.classGlobalId, f.studentGlobalId],
    })),
    expect: { ...refusedWithoutLogin, student: 'ok', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL node(User)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on User { username email } } }', (f) => ({ id: f.studentGlobalId })),
    expect: { ...viewerField(anyUser), otherStudent: 'none', teacher: 'none', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL viewer.class(name).roster',
    run: gql('viewer', '{ viewer { class(name: "M1") { roster { name username displayName } joinWithoutRoster } } }'),
    expect: viewersClass,
  },
  // The other teacher has one class: it is their selected class from the start.
  { name: 'GraphQL viewer.selectedClass', run: gql('viewer', '{ viewer { selectedClass { name } } }'), expect: { ...viewersClass, otherTeacher: 'ok' } },
  // Public, for the signup form: the unclaimed names of a class (M1spare lists no classmate).
  {
    name: 'GraphQL signupRoster',
    run: gql('signupRoster', '{ signupRoster(teachername: "mtxteach", classname: "M1spare") { names joinWithoutRoster } }'),
    expect: { ...everyone, expired: 'auth', forged: 'auth' },
  },
  {
    name: 'GraphQL setJoinWithoutRoster',
    run: gql('setJoinWithoutRoster', `mutation { setJoinWithoutRoster(input: {className: "M1", allowed: true}) { ${ERR} } }`),
    expect: teacherOfClass(),
  },
  // The class's teacher is told the name is not on the roster; nobody else learns anything.
  {
    name: 'GraphQL releaseRosterName',
    run: gql('releaseRosterName', `mutation { releaseRosterName(input: {className: "M1", name: "Nobody Here"}) { ${ERR} } }`),
    expect: { ...teacherOfClass(), teacher: 'notFound' },
  },
  {
    name: 'GraphQL removeStudent',
    run: gql('removeStudent', `mutation { removeStudent(input: {className: "M1", student: "Nobody Here", deleteData: true}) { ${ERR} } }`),
    expect: { ...teacherOfClass(), teacher: 'notFound' },
  },
  { name: 'GET /userclasses/export', run: rest('GET', '/userclasses/export?className=M1'), expect: teacherOfClass() },

  // Textbooks.
  { name: 'GET /textbooks', run: rest('GET', '/textbooks?cn=M1'), expect: teacherOfClass() },
  {
    name: 'GraphQL Class.shelf (via viewer.class)',
    run: gql('viewer', '{ viewer { class(name: "M1") { shelf { press { bookId } } } } }'),
    expect: viewersClass,
  },
  {
    name: 'GraphQL node(ClassResult)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on ClassResult { student score } } }', (f) => ({ id: f.resultGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL node(ClassEvent)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on ClassEvent { student kind score } } }', (f) => ({ id: f.eventGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  // A dashboard record is its student's own, as the dashboard is: nobody else, not even the teacher.
  {
    name: 'GraphQL node(DashboardRecord)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on DashboardRecord { testId currentScore } } }', (f) => ({ id: f.dashboardRecordGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'ok', otherStudent: 'none', teacher: 'none', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL node(Report)',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on Report { student fileName } } }', (f) => ({ id: f.reportGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL node(Book) of a teacher',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on Book { bookId title } } }', (f) => ({ id: f.bookGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL node(Book).unit.words of a pack book',
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on Book { units { words { text pictureUrl } } } } }', (f) => ({ id: f.packBookGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'ok' },
  },
  {
    name: "GraphQL node(Book).unit.words of a teacher's own book",
    run: gql('node', 'query ($id: ID!) { node(id: $id) { ... on Book { unit(unitId: "1") { words { text } } } } }', (f) => ({ id: f.bookGlobalId })),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'ok', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL Class.shelf book unit words (via viewer.class)',
    run: gql('viewer', '{ viewer { class(name: "M1") { shelf { national { unit(unitId: "ES1") { words { text } } } } } } }'),
    expect: viewersClass,
  },
  {
    name: 'POST /textbooks/import',
    run: rest('POST', '/textbooks/import', (_f, who) => ({ fileName: 'b.csv', content: `bookID,unitID,word\nMTXR${CALLERS.indexOf(who)},1,cat\n` })),
    expect: anyTeacher,
  },
  {
    name: 'GraphQL importTextbook',
    run: gql('importTextbook', `mutation ($c: String!) { importTextbook(fileName: "b.csv", content: $c) { ${ERR} } }`, (_f, who) => ({
      c: `bookID,unitID,word\nMTXG${CALLERS.indexOf(who)},1,cat\n`,
    })),
    expect: anyTeacher,
  },

  // Tasks.
  { name: 'GET /usertasks', run: rest('GET', '/usertasks'), expect: anyUser },
  { name: 'GraphQL viewer.tasks', run: gql('viewer', '{ viewer { tasks(first: 50) { edges { node { student taskId } } } } }'), expect: viewerField(anyUser) },
  {
    name: 'GraphQL viewer.tasks(className)',
    run: gql('viewer', '{ viewer { tasks(className: "M1", first: 50) { edges { node { student } } } } }'),
    expect: viewerField(anyUser),
  },
  { name: 'GET /usertasks/{taskId}', run: (f, who) => rest('GET', `/usertasks/${f.tasks.ES1}`)(f, who), expect: studentOfTask('ok', 'notFound') },
  {
    name: 'GraphQL taskContent',
    run: gql('taskContent', 'query ($t: String!) { taskContent(taskId: $t) { label } }', (f) => ({ t: f.tasks.ES1 })),
    expect: studentOfTask('ok', 'notFound'),
  },
  {
    name: 'POST /usertasks/assigntask',
    run: rest('POST', '/usertasks/assigntask', () => ({ className: 'M1', bookUnitID: 'NS2022-ES2', Type: 'SB' })),
    expect: teacherOfClass(),
  },
  {
    name: 'GraphQL assignTask',
    run: gql('assignTask', `mutation { assignTask(input: {className: "M1", bookUnitId: "NS2022-HSM1", type: "SB"}) { ${ERR} } }`),
    expect: teacherOfClass(),
  },
  {
    name: 'GraphQL assignTask by classId',
    run: gql('assignTask', `mutation ($c: ID!) { assignTask(input: {classId: $c, bookUnitId: "NS2022-HSM1", taskType: SB}) { ${ERR} } }`, (f) => ({
      c: f.classGlobalId,
    })),
    expect: teacherOfClass(),
  },
  {
    name: 'POST /userprofiles/assigntask',
    run: rest('POST', '/userprofiles/assigntask', () => ({ className: 'M1', bookUnitID: 'ES2022-R', Type: 'FM' })),
    expect: teacherOfClass(),
  },
  {
    name: 'POST /usertasks/removetask',
    run: rest('POST', '/usertasks/removetask', (f) => ({ student: CLASSMATE, bookUnitID: 'NS2022-ES3', TPID: f.classmateTask.ES3.TPID, Type: 'SB' })),
    expect: teacherOfClass(),
    namesClassmate: true,
  },
  {
    name: 'GraphQL removeTask',
    run: gql(
      'removeTask',
      `mutation ($tpid: Int!) { removeTask(input: {student: "${CLASSMATE}", bookUnitId: "NS2022-MS1", tpid: $tpid, type: "SB"}) { ${ERR} } }`,
      (f) => ({ tpid: f.classmateTask.MS1.TPID }),
    ),
    expect: teacherOfClass(),
    namesClassmate: true,
  },
  {
    name: 'GraphQL restoreTask',
    run: gql(
      'restoreTask',
      `mutation ($tpid: Int!) { restoreTask(input: {student: "${CLASSMATE}", bookUnitId: "NS2022-MS1", tpid: $tpid, type: "SB"}) { ${ERR} } }`,
      (f) => ({ tpid: f.classmateTask.MS1.TPID }),
    ),
    expect: teacherOfClass(),
    namesClassmate: true,
  },

  // Results.
  {
    name: 'GraphQL recordAnswer',
    run: gql(
      'recordAnswer',
      `mutation ($t: String!) { recordAnswer(input: {taskId: $t, position: 1, word: "red", typed: "red", status: "v"}) { ${ERR} } }`,
      (f) => ({ t: f.tasks.ES3 }),
    ),
    expect: studentOfTask('forbidden', 'forbidden'),
  },
  { name: 'POST /userspelling', run: rest('POST', '/userspelling', (f) => f.sbArr.ES1), expect: studentOfTask('forbidden', 'forbidden') },
  // Pronunciation recordings: the student's ES1 task is a Spelling Bee task, so even its owner is
  // refused (400) — after the checks that it is theirs (404 for anyone else) and they are a student.
  {
    name: 'POST /upload',
    run: recordingUpload('rest'),
    expect: { ...refusedWithoutLogin, student: 'invalid', otherStudent: 'notFound', teacher: 'forbidden', otherTeacher: 'forbidden' },
  },
  {
    name: 'GraphQL submitRecording',
    run: recordingUpload('graphql'),
    expect: { ...refusedWithoutLogin, student: 'invalid', otherStudent: 'notFound', teacher: 'forbidden', otherTeacher: 'forbidden' },
  },
  // The stored recording: the student's own, or the named student's for the class's teacher.
  {
    name: 'GET /userrecordings/{taskId}',
    run: (f, who) => rest('GET', `/userrecordings/${f.recordedTask}?student=mtxkid`)(f, who),
    expect: studentOfTask('ok', 'notFound'),
  },

  // Integrations (tokens and webhooks of the class's teacher).
  {
    name: 'GraphQL createIntegrationToken',
    run: gql(
      'createIntegrationToken',
      `mutation ($c: ID!) { createIntegrationToken(input: {name: "gradebook", classIds: [$c], scopes: [READ_RESULTS]}) { ${ERR} } }`,
      (f) => ({ c: f.classGlobalId }),
    ),
    expect: teacherOfClass(),
  },
  {
    name: 'GraphQL revokeIntegrationToken',
    run: gql('revokeIntegrationToken', `mutation { revokeIntegrationToken(input: {id: "SW50ZWdyYXRpb25Ub2tlbjo5OTk5OTk="}) { ${ERR} } }`),
    expect: { ...teacherOfClass(), teacher: 'notFound' },
  },
  {
    name: 'GraphQL createWebhook',
    run: gql(
      'createWebhook',
      `mutation ($c: ID!) { createWebhook(input: {classId: $c, url: "http://127.0.0.1:9/hook", events: [TASK_FINISHED]}) { ${ERR} } }`,
      (f) => ({ c: f.classGlobalId }),
    ),
    expect: teacherOfClass(),
  },
  {
    name: 'GraphQL redeliverWebhookDelivery',
    run: gql('redeliverWebhookDelivery', `mutation { redeliverWebhookDelivery(input: {id: "V2ViaG9va0RlbGl2ZXJ5Ojk5OTk5OQ=="}) { ${ERR} } }`),
    expect: { ...teacherOfClass(), teacher: 'notFound' },
  },
  {
    name: 'GraphQL deleteWebhook',
    run: gql('deleteWebhook', `mutation { deleteWebhook(input: {id: "V2ViaG9vazo5OTk5OTk="}) { ${ERR} } }`),
    expect: { ...teacherOfClass(), teacher: 'notFound' },
  },
  {
    name: 'GraphQL submitResult',
    run: gql('submitResult', `mutation ($s: JSON!) { submitResult(sbArr: $s) { ${ERR} } }`, (f) => ({ s: f.sbArr.ES3 })),
    expect: studentOfTask('forbidden', 'forbidden'),
  },
  { name: 'GET /userdash', run: rest('GET', '/userdash'), expect: anyUser },
  // My mistakes are always the viewer's own (no argument names anyone); this student and the teachers have none.
  {
    name: 'GraphQL myMistakes',
    run: gql('myMistakes', '{ myMistakes { word { text } timesMissed } }'),
    expect: { ...refusedWithoutLogin, student: 'none', otherStudent: 'none', teacher: 'none', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL myLastTask',
    run: gql('myLastTask', '{ myLastTask { taskId missed } }'),
    expect: { ...refusedWithoutLogin, student: 'ok', otherStudent: 'none', teacher: 'none', otherTeacher: 'none' },
  },
  {
    name: 'GraphQL practiseMistakes',
    run: gql('practiseMistakes', `mutation { practiseMistakes(answers: [{word: "red", typed: "red", status: "v"}]) { ${ERR} } }`),
    expect: { ...refusedWithoutLogin, student: 'invalid', otherStudent: 'invalid', teacher: 'forbidden', otherTeacher: 'forbidden' },
  },
  // The class's weak words: its teacher's only (another teacher's or a student's `class` is null; assigning is refused).
  {
    name: 'GraphQL Class.weakWords (via viewer.class)',
    run: gql('viewer', '{ viewer { class(name: "M1") { weakWords(period: TERM) { since words { text studentCount students { displayName } } } } } }'),
    expect: viewersClass,
  },
  {
    name: 'GraphQL assignWords',
    run: gql('assignWords', `mutation { assignWords(input: {className: "M1", words: ["red", "blue"], type: "SB"}) { ${ERR} } }`),
    expect: teacherOfClass(),
  },
  {
    name: 'GraphQL viewer.dashboard',
    run: gql('viewer', '{ viewer { dashboard { records { testId currentScore averageScore } vocabulary { level passed } } } }'),
    expect: viewerField(anyUser),
  },

  // Reports.
  { name: 'GET /userreports', run: rest('GET', '/userreports'), expect: anyTeacher },
  { name: 'GraphQL setReportDigest', run: gql('setReportDigest', `mutation { setReportDigest(enabled: false) { ${ERR} } }`), expect: anyTeacher },
  { name: 'GraphQL setReportMail', run: gql('setReportMail', `mutation { setReportMail(enabled: true) { ${ERR} } }`), expect: anyTeacher },
  { name: 'GraphQL viewer.reports', run: gql('viewer', '{ viewer { reports { fileName student } } }'), expect: viewerField(anyUser) },
  {
    name: 'GET /userreports/{fileName}',
    run: (f, who) => rest('GET', `/userreports/${encodeURIComponent(f.reportFile)}`)(f, who),
    expect: teacherOfClass(),
    namesClassmate: true,
  },

  // Speech (public).
  { name: 'GET /tts', run: rest('GET', '/tts?text=hello'), expect: everyone },

  // Live class view (graphql-ws).
  { name: 'subscription classActivity', run: subscribeOutcome, expect: teacherOfClass() },

  // Destructive last: deleting the spare classes.
  { name: 'POST /userclasses/deleteclass', run: rest('POST', '/userclasses/deleteclass', () => ({ className: 'M1spare' })), expect: teacherOfClass() },
  { name: 'GraphQL deleteClass', run: gql('deleteClass', `mutation { deleteClass(input: {className: "M1spare2"}) { ${ERR} } }`), expect: teacherOfClass() },
  // Last of all: it ends every login of each caller who may call it.
  { name: 'GraphQL logoutEverywhere', run: gql('logoutEverywhere', `mutation { logoutEverywhere { ${ERR} } }`), expect: anyUser },
];

const USERNAMES: Partial<Record<Caller, string>> = { student: 'mtxkid', otherStudent: 'othkid', teacher: 'mtxteach', otherTeacher: 'mtxother' };
/** A new login of the caller's account (undefined for callers without one). */
async function freshLogin(f: Fixtures, who: Caller): Promise<string | undefined> {
  const name = USERNAMES[who];
  return name ? (await f.server.login(name, `${name}-pw`)).accessToken : undefined;
}

/** Subscribes to the class's activity; ok when events arrive, else the refusal. */
async function subscribeOutcome(f: Fixtures, who: Caller): Promise<Reply> {
  const client = createClient({
    url: `${f.server.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: f.tokens[who] ? { accessToken: f.tokens[who] } : {},
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
  });
  try {
    return await new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => resolve({ transport: 'ws', outcome: 'no event', text: '' }), 5000);
      client.subscribe(
        { query: 'subscription ($id: ID!) { classActivity(classId: $id) { kind student } }', variables: { id: f.classGlobalId } },
        {
          next: (v) => {
            clearTimeout(timer);
            const text = JSON.stringify(v);
            resolve({ transport: 'ws', outcome: v.errors ? outcomeOfCode(v.errors[0]?.extensions?.code, String(v.errors[0]?.message)) : 'ok', text });
          },
          error: (e) => {
            clearTimeout(timer);
            // A refused token closes the socket at connection_init with 4403 (graphql-ws): a 401's worth.
            if ((e as { code?: number } | null)?.code === 4403) return resolve({ transport: 'ws', outcome: 'auth', text: 'closed 4403' });
            const first = Array.isArray(e) ? e[0] : e;
            resolve({ transport: 'ws', outcome: outcomeOfCode(first?.extensions?.code, first?.message ?? String(e)), text: JSON.stringify(first ?? e) });
          },
          complete: () => {},
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

/** An outcome from a top-level `extensions.code` (one SCREAMING_SNAKE vocabulary, docs/api.md). */
function outcomeOfCode(code: unknown, message: string): Outcome | string {
  const byCode: Record<string, Outcome> = { UNAUTHENTICATED: 'auth', FORBIDDEN: 'forbidden', NOT_FOUND: 'notFound', BAD_USER_INPUT: 'invalid' };
  return byCode[String(code)] ?? `error: ${message}`;
}

/** An outcome from a mutation's typed error, by its `__typename`. */
function outcomeOfType(typename: string, message: string): Outcome | string {
  const byType: Record<string, Outcome> = { AuthenticationError: 'auth', ForbiddenError: 'forbidden', NotFoundError: 'notFound', ValidationError: 'invalid' };
  return byType[typename] ?? `error: ${message}`;
}

function outcomeOf(reply: Reply): Outcome | string {
  if (reply.transport === 'ws') return reply.outcome;
  if (reply.transport === 'rest') {
    const byStatus: Record<number, Outcome> = { 401: 'auth', 403: 'forbidden', 404: 'notFound', 400: 'invalid' };
    return reply.status < 300 ? 'ok' : (byStatus[reply.status] ?? `status ${reply.status}`);
  }
  const { body, field } = reply;
  if (body.errors?.length) return outcomeOfCode(body.errors[0].extensions?.code, body.errors[0].message);
  const value = body.data?.[field];
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.every((v) => v === null) ? 'none' : 'ok';
  const typename: string = value.__typename ?? '';
  if (typename.endsWith('Error')) return outcomeOfType(typename, value.message);
  // `viewer { class(name) }` and friends: null inside means nothing to show.
  if (field === 'viewer' && Object.values(value).every((v) => v === null)) return 'none';
  return 'ok';
}

describe.each(DATABASES)('the permission matrix on %s', (kind) => {
  let f: Fixtures;
  beforeAll(async () => {
    // The mail and webhook workers would change their queues in the background; they are not callers.
    // createWebhook's row names a loopback URL: allowed here, as an operator may.
    const server = await startServer(kind, {
      env: { PA_WORKERS: '1', WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' },
      app: { mailWorker: false, webhookWorker: false },
    });
    const teacher = await signupTeacher(server, 'mtxteach');
    const otherTeacher = await signupTeacher(server, 'mtxother');
    await server.post('/api/v1.0/textbooks/import', { fileName: 'own.csv', content: 'bookID,unitID,word\nMTXOWN,1,cat\n' }, teacher);
    await addClass(server, teacher, 'M1', ['mtxkid', CLASSMATE]);
    await addClass(server, teacher, 'M1spare', ['sparekid']);
    await addClass(server, teacher, 'M1spare2', ['sparekid']);
    await addClass(server, otherTeacher, 'O1', ['othkid']);
    await assign(server, teacher, 'M1', 'NS2022-ES1');
    await assign(server, teacher, 'M1', 'NS2022-ES3');
    await assign(server, teacher, 'M1', 'NS2022-MS1');
    await assign(server, teacher, 'M1', 'NS2022-HM1', 'PA');
    await assign(server, otherTeacher, 'O1', 'NS2022-ES1');
    const student = await signupStudent(server, 'mtxkid', 'mtxteach', 'M1');
    const classmate = await signupStudent(server, CLASSMATE, 'mtxteach', 'M1');
    const otherStudent = await signupStudent(server, 'othkid', 'mtxother', 'O1');
    // The classmate finishes a task: a report, and activity for the live view.
    const classmateFirst = (await taskIds(server, classmate, 'mtxteach')).find((t) => t.startsWith('NS2022-ES1-'))!;
    expect((await server.post('/api/v1.0/userspelling', await perfectSbArr(server, classmate, classmateFirst), classmate)).status).toBe(200);
    await reportsDone(server);
    const reportFile = (await server.get('/api/v1.0/userreports', teacher)).body[0].fileName as string;
    // The classmate's open tasks, for the teacher to remove.
    const open = (await server.get('/api/v1.0/usertasks', classmate)).body.slice(0, -1) as { bookUnitID: string; TPID: number }[];
    const classmateTask = { ES3: open.find((t) => t.bookUnitID === 'NS2022-ES3')!, MS1: open.find((t) => t.bookUnitID === 'NS2022-MS1')! };
    expect(classmateTask.ES3 && classmateTask.MS1).toBeTruthy();

    const ids = await taskIds(server, student, 'mtxteach');
    const tasks = { ES1: ids.find((t) => t.startsWith('NS2022-ES1-'))!, ES3: ids.find((t) => t.startsWith('NS2022-ES3-'))! };
    // The student records their PA task, so there is a stored recording to fetch.
    const recordedTask = ids.find((t) => t.startsWith('NS2022-HM1-') && t.includes('-PA-'))!;
    const paWords = String((await server.get(`/api/v1.0/usertasks/${recordedTask}`, student)).body[1])
      .split(',')
      .map((w) => w.trim());
    const form = new FormData();
    form.append(
      'upl',
      new File([(await browserRecording(await speak(paWords, 'slt', 0.9), 'webm')) as Uint8Array<ArrayBuffer>], `${recordedTask}.webm`, { type: 'audio/webm' }),
    );
    expect((await fetch(`${server.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: student })).status).toBe(200);
    const db = server.app.deps.db;
    const [teacherRow] = await db.select().from(users).where(eq(users.usernameKey, 'mtxteach'));
    const [studentRow] = await db.select().from(users).where(eq(users.usernameKey, 'mtxkid'));
    const [classRow] = await db.select().from(classes).where(eq(classes.name, 'M1'));
    const [reportRow] = await db.select().from(reports).where(eq(reports.fileName, reportFile));
    const [studentResult] = await db.select({ id: results.id }).from(results).where(eq(results.userId, studentRow!.id));
    const globalId = (type: string, id: string | number) => Buffer.from(`${type}:${id}`).toString('base64');
    f = {
      server,
      tokens: {
        visitor: undefined,
        student: student['x-access-token'],
        otherStudent: otherStudent['x-access-token'],
        teacher: teacher['x-access-token'],
        otherTeacher: otherTeacher['x-access-token'],
        expired: (await createTokenIssuer(SECRET, 60, () => Date.now() - 2 * 3600_000).issue(teacherRow!.id)).token,
        forged: (await createTokenIssuer('not-the-secret-not-the-secret-0123456789', 60).issue(teacherRow!.id)).token,
      },
      classGlobalId: globalId('Class', classRow!.id),
      studentGlobalId: globalId('User', studentRow!.id),
      bookGlobalId: globalId('Book', 'MTXOWN'),
      resultGlobalId: globalId('ClassResult', reportRow!.resultId),
      reportGlobalId: globalId('Report', reportRow!.id),
      eventGlobalId: globalId('ClassEvent', `finished:${reportRow!.resultId}`),
      dashboardRecordGlobalId: globalId('DashboardRecord', studentResult!.id),
      packBookGlobalId: globalId('Book', 'PEP3A'),
      tasks,
      classmateTask,
      reportFile,
      recordedTask,
      sbArr: { ES1: await perfectSbArr(server, student, tasks.ES1), ES3: await perfectSbArr(server, student, tasks.ES3) },
    };
  }, 120_000);
  afterAll(() => f?.server.close());

  it('covers every /api/v1.0 call and every GraphQL query, mutation and subscription field', () => {
    const named = OPERATIONS.map((op) => op.name);
    const restCovered = new Set(
      named
        .map((n) => /^(GET|POST) (\S+)/.exec(n))
        .filter(Boolean)
        .map((m) => `${m![1]} ${m![2]!.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(f.server.app.restCalls.length).toBeGreaterThan(15);
    expect(f.server.app.restCalls.filter((c) => !restCovered.has(c))).toEqual([]);
    const gqlCovered = new Set(named.map((n) => /^(?:GraphQL|subscription) (\w+)/.exec(n)?.[1]));
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((t) => Object.keys(t?.getFields() ?? {}));
    expect(roots.filter((r) => !gqlCovered.has(r))).toEqual([]);
  });

  it('every cell has the outcome written down, refusals change nothing and nobody else sees a classmate', async () => {
    const wrong: string[] = [];
    let state = await snapshot(f.server, ['login_failures']);
    for (const op of OPERATIONS) {
      // Refused callers first, then those allowed (whose call may use up the fixture).
      const order = [...CALLERS].sort((a, b) => Number(op.expect[a] === 'ok') - Number(op.expect[b] === 'ok'));
      for (const who of order) {
        const reply = await op.run(f, who);
        const got = outcomeOf(reply);
        const expected = op.expect[who];
        if (got !== expected)
          wrong.push(`${op.name} as ${who}: expected ${expected}, got ${got} ${JSON.stringify('body' in reply ? reply.body : reply.text).slice(0, 160)}`);
        const text = JSON.stringify('body' in reply ? reply.body : reply.text);
        if (who !== 'teacher' && !op.namesClassmate && text.includes(CLASSMATE))
          wrong.push(`${op.name} as ${who}: the reply mentions the classmate ${CLASSMATE}`);
        const after = await snapshot(f.server, ['login_failures']);
        if (expected !== 'ok') {
          const changed = Object.keys(after).filter((t) => after[t] !== state[t]);
          if (changed.length) wrong.push(`${op.name} as ${who} (refused) changed ${changed.join(', ')}`);
        }
        state = after;
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
