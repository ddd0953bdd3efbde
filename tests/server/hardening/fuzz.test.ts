/**
 * Thousands of generated bad requests (fast-check) against every /api/v1.0 call and /graphql:
 * bodies, headers and query strings. The server never answers 5xx, never hangs, keeps
 * answering, and stores nothing (every table compared before and after).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { addClass, assign, signupStudent, signupTeacher, snapshot, taskIds } from './fixtures.ts';

/** Every REST call, with a valid body to mutate (or none for reads). `:x` marks a path parameter. */
const REST_CALLS: { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown>; required?: string[] }[] = [
  { method: 'POST', path: '/username/login', body: { username: 'fuzzteach', password: 'fuzzteach-pw' }, required: ['username', 'password'] },
  {
    method: 'POST',
    path: '/username/signup',
    body: { username: 'newkid01', password: 'abcd', email: 'a@b.cn', isTeacher: false, teachername: 'fuzzteach', classname: 'F1' },
    required: ['username', 'email', 'teachername', 'classname'],
  },
  { method: 'GET', path: '/userclasses' },
  { method: 'GET', path: '/userclasses/pressoptions' },
  {
    method: 'POST',
    path: '/userclasses/addclass',
    // The class exists already: a near miss whose 'bad' value is a fine roster or press name ('../../../etc/passwd' is a
    // name a teacher may type) must still store nothing, so it ends at 'You already have a class named F1'.
    body: { className: 'F1', schoolID: 'ES', pressID: 'PEP', students: 'kidx', tbTaskType: 'SB', spellingTimeoutSec: 15, taskDueDays: 7, fmBatchSize: 10 },
    required: ['schoolID', 'pressID', 'students'],
  },
  { method: 'POST', path: '/userclasses/deleteclass', body: { className: 'F1' }, required: ['className'] },
  { method: 'POST', path: '/userclasses/selectclass', body: { className: 'F1' }, required: ['className'] },
  { method: 'GET', path: '/userclasses/export' },
  { method: 'GET', path: '/textbooks' },
  { method: 'POST', path: '/textbooks/import', body: { fileName: 'b.csv', content: 'bookID,unitID,word\nFUZZB,1,cat\n' }, required: ['content'] },
  { method: 'GET', path: '/usertasks' },
  { method: 'GET', path: '/usertasks/:x' },
  {
    method: 'POST',
    path: '/usertasks/removetask',
    body: { student: 'fuzzkid', bookUnitID: 'NS2022-ES1', TPID: 1, Type: 'SB' },
    required: ['student', 'bookUnitID', 'TPID', 'Type'],
  },
  {
    method: 'POST',
    path: '/usertasks/assigntask',
    body: { className: 'F1', bookUnitID: 'NS2022-ES2', Type: 'SB' },
    required: ['className', 'bookUnitID', 'Type'],
  },
  { method: 'POST', path: '/userprofiles/assigntask', body: { className: 'F1', bookUnitID: 'ES2022-R', Type: 'FM' }, required: ['className', 'bookUnitID'] },
  { method: 'POST', path: '/userspelling', body: { sbArr: [] }, required: ['sbArr'] },
  { method: 'GET', path: '/userdash' },
  { method: 'GET', path: '/userreports' },
  { method: 'GET', path: '/userreports/:x' },
  { method: 'GET', path: '/tts' },
];

/** Every GraphQL operation, with its variables to fill with generated values. */
const GRAPHQL_OPERATIONS: { query: string; variables: string[] }[] = [
  { query: 'mutation ($input: LoginInput!) { login(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: SignupInput!) { signup(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: AddClassInput!) { addClass(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: ClassNameInput!) { deleteClass(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: ClassNameInput!) { selectClass(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: AssignTaskInput!) { assignTask(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: RemoveTaskInput!) { removeTask(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: AnswerInput!) { recordAnswer(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($sbArr: JSON!) { submitResult(sbArr: $sbArr) { __typename } }', variables: ['sbArr'] },
  { query: 'mutation ($f: String!, $c: String!) { importTextbook(fileName: $f, content: $c) { __typename } }', variables: ['f', 'c'] },
  { query: 'query ($t: String!) { taskContent(taskId: $t) { label words { text } } }', variables: ['t'] },
  { query: 'query ($id: ID!) { node(id: $id) { id } }', variables: ['id'] },
  { query: 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: ['ids'] },
  {
    query:
      'query ($n: String!, $c: String) { viewer { class(name: $n) { name shelf { schoolId } } tasks(className: $c, first: 3) { edges { node { taskId } } } } }',
    variables: ['n', 'c'],
  },
  {
    query:
      'query ($first: Int, $after: String) { viewer { classes(first: $first, after: $after) { edges { node { name } } } reports { fileName } dashboard { records { testId } } } }',
    variables: ['first', 'after'],
  },
  { query: '{ pressOptions { schoolId } }', variables: [] },
  // The classroom and account calls (the logouts are left out: ending the fuzzing login is their job).
  { query: 'query ($n: String!, $p: WeakWordsPeriod!) { viewer { class(name: $n) { weakWords(period: $p) { words { text } } } } }', variables: ['n', 'p'] },
  { query: 'mutation ($input: AssignWordsInput!) { assignWords(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($a: [PracticeAnswerInput!]!) { practiseMistakes(answers: $a) { __typename } }', variables: ['a'] },
  { query: '{ myMistakes { rightSince lastWrongSpelling } myLastTask { correct } }', variables: [] },
  { query: 'mutation ($input: ReleaseRosterNameInput!) { releaseRosterName(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: RemoveStudentInput!) { removeStudent(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: JoinWithoutRosterInput!) { setJoinWithoutRoster(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { __typename } }', variables: ['input'] },
  { query: 'mutation ($input: DeleteAccountInput!) { deleteAccount(input: $input) { __typename } }', variables: ['input'] },
];

/** Values that are wrong for every field: wrong types, NUL, far too long, hostile text. */
const badValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'x'.repeat(20_000),
    '\ud800',
    "'; drop table users; --",
    '../../../etc/passwd',
    '%00',
    '${7*7}',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `${s}\u0000`),
  fc.array(fc.anything(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 4 }),
);
/** A valid body with one of its required fields made bad or left out: always a refusal. */
const nearMiss = (body: Record<string, unknown>, required: string[]) =>
  fc.tuple(fc.constantFrom(...required), badValue, fc.boolean()).map(([key, value, drop]) => {
    const copy: Record<string, unknown> = { ...body };
    if (drop) delete copy[key];
    else copy[key] = value;
    return copy;
  });
const anyBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('{', '{"a":', '[[[[[[[[[[', 'null', '"', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}'),
  fc.uint8Array({ maxLength: 200 }),
);
const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/graphql-response+json',
  '',
);
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('cn', 'className', 'text', 'voice', 'speed', 'query', 'variables'), fc.string({ maxLength: 8 })),
      fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('%00', '%ff%fe', '%', '%E4%B8', 'x'.repeat(5000))),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => (v.startsWith('%') ? `${encodeURIComponent(k)}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&'));
const pathParam = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).map(encodeURIComponent),
  fc.constantFrom('%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'x'.repeat(3000), '%ff', 'a%2Fb', 'NS2022-ES1-1-SB-fuzzteach%00'),
);

type Who = 'visitor' | 'teacher' | 'student' | 'garbage';

describe.each(DATABASES)('fuzzing every call on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<Who, string | undefined> = { visitor: undefined, teacher: undefined, student: undefined, garbage: 'eyJhbGciOiJIUzI1NiJ9.e30.' };
  let before: Record<string, string>;
  let failures: string[] = [];
  let requests = 0;
  /** Writes the server accepted (2xx, no GraphQL errors): the suspects when a table changed. */
  const accepted: string[] = [];

  beforeAll(async () => {
    server = await startServer(kind, { env: { LOGIN_FAILURES_PER_ADDRESS: '100000' }, app: { mailWorker: false, webhookWorker: false } });
    const teacher = await signupTeacher(server, 'fuzzteach');
    await addClass(server, teacher, 'F1', ['fuzzkid']);
    const student = await signupStudent(server, 'fuzzkid', 'fuzzteach', 'F1');
    await assign(server, teacher, 'F1', 'NS2022-ES1');
    expect(await taskIds(server, student, 'fuzzteach')).toHaveLength(1);
    tokens.teacher = teacher['x-access-token'];
    tokens.student = student['x-access-token'];
    // Failed logins are counted on purpose (login_failures); nothing else may change.
    before = await snapshot(server, ['login_failures']);
  }, 120_000);
  afterAll(() => server?.close());

  async function send(method: string, path: string, who: Who, type: string, body?: string | Uint8Array, extra: Record<string, string> = {}) {
    requests++;
    const headers: Record<string, string> = { ...extra };
    if (type) headers['content-type'] = type;
    if (tokens[who]) headers['x-access-token'] = tokens[who]!;
    try {
      const r = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : (body as BodyInit | undefined),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await r.text();
      const line = `${r.status} ${method} ${path.slice(0, 200)} as ${who} [${type}] body=${typeof body === 'string' ? body.slice(0, 300) : `${body?.length ?? 0} bytes`} -> ${text.slice(0, 200)}`;
      if (method !== 'GET' && r.ok && !text.includes('"errors"') && !path.endsWith('/login')) accepted.push(line);
      if (r.status >= 500) failures.push(line);
    } catch (error) {
      failures.push(`no answer: ${method} ${path.slice(0, 200)} as ${who} body=${String(body).slice(0, 200)}: ${(error as Error).message}`);
    }
  }

  const who = fc.constantFrom<Who>('visitor', 'teacher', 'student', 'garbage');

  beforeEach(() => {
    failures = [];
  });

  it('REST calls: no 5xx and no hang for generated bodies, headers, query strings and path parameters', async () => {
    const call = fc.constantFrom(...REST_CALLS);
    await fc.assert(
      fc.asyncProperty(
        call.chain((c) =>
          fc.tuple(
            fc.constant(c),
            c.body && c.required
              ? fc.oneof(
                  nearMiss(c.body, c.required).map((b) => JSON.stringify(b)),
                  anyBody,
                )
              : anyBody,
          ),
        ),
        who,
        contentType,
        queryString,
        pathParam,
        fc.record({ 'x-request-id': headerValue, authorization: headerValue, 'content-length': fc.constant('') }, { requiredKeys: [] }),
        async ([c, body], as, type, query, param, extra) => {
          const { 'content-length': _ignored, ...headers } = extra;
          const path = `/api/v1.0${c.path.replace(':x', param)}${query ? `?${query}` : ''}`;
          await send(c.method, path, as, type, body, headers);
          return true;
        },
      ),
      { numRuns: 1500 },
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('GraphQL: no 5xx and no hang for generated operations, variables and bodies', async () => {
    const operation = fc.constantFrom(...GRAPHQL_OPERATIONS);
    const variables = (names: string[]) =>
      fc.tuple(...names.map(() => fc.oneof(badValue, fc.anything({ maxDepth: 2 })))).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]])));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 6, arbitrary: operation.chain((op) => variables(op.variables).map((v) => JSON.stringify({ query: op.query, variables: v }))) },
          { weight: 1, arbitrary: fc.string({ maxLength: 300 }).map((q) => JSON.stringify({ query: q })) },
          {
            weight: 1,
            arbitrary: fc
              .record({ query: fc.anything(), variables: fc.anything(), operationName: fc.anything(), extensions: fc.anything() })
              .map((b) => JSON.stringify(b)),
          },
          { weight: 1, arbitrary: anyBody },
        ),
        who,
        contentType,
        fc.boolean(),
        fc.record(
          {
            variables: fc.oneof(anyBody.map(String), fc.constantFrom('{not', '[1]', '7', '"x"', 'null')),
            extensions: fc.oneof(anyBody.map(String), fc.constantFrom('{not', '{"persistedQuery":5}')),
          },
          { requiredKeys: [] },
        ),
        async (body, as, type, asGet, params) => {
          // GET carries variables and extensions in the query string, as text that may not be JSON.
          const extra = Object.entries(params)
            .map(([k, v]) => `&${k}=${encodeURIComponent(String(v).slice(0, 500))}`)
            .join('');
          if (asGet) await send('GET', `/graphql?query=${encodeURIComponent(String(body).slice(0, 2000))}${extra}`, as, '', undefined);
          else await send('POST', '/graphql', as, type || 'application/json', body);
          return true;
        },
      ),
      { numRuns: 1000 },
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('files (pictures, spoken welcomes, listening media, client files): no 5xx and no hang for generated names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/avatars/', '/wordAudio/', '/media/listening/', '/assets/', '/'), pathParam, who, async (prefix, name, as) => {
        await send('GET', `${prefix}${name}`, as, '');
        return true;
      }),
      { numRuns: 300 },
    );
    // Malformed %-escapes, which stopped the server once (URIError from decodeURIComponent).
    for (const prefix of ['/avatars/', '/wordAudio/', '/media/listening/']) await send('GET', `${prefix}%E0%A4%A`, 'visitor', '');
    expect(failures).toEqual([]);
  }, 120_000);

  it('after all of it the server still answers and nothing was stored', async () => {
    expect(requests).toBeGreaterThanOrEqual(2500);
    expect((await server.get('/healthz')).status).toBe(200);
    expect((await server.get('/readyz')).status).toBe(200);
    expect((await server.login('fuzzteach', 'fuzzteach-pw')).accessToken).toBeTruthy();
    const after = await snapshot(server, ['login_failures']);
    const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
    expect(changed, `changed after these accepted writes:\n${accepted.join('\n')}`).toEqual([]);
  });
});
