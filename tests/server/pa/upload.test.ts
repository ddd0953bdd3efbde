/**
 * Uploading PA recordings: POST /api/v1.0/upload (multipart field `upl`, file named after the task
 * label, reply text = the score) and the submitRecording GraphQL mutation (multipart request).
 * Recordings are synthesized by the project's Flite voices and encoded as browsers record them.
 * The audio is kept in storage (deps.blobs) and fetched with GET /api/v1.0/userrecordings/{taskId}.
 */
import { reportsDone } from '../../helpers/results.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count as sqlCount, eq, like } from 'drizzle-orm';
import { blobs, pronunciationWords, recordings, results, users } from '../../../db/schema.ts';
import { ORPHAN_GRACE_MS, sweepOrphanedFiles } from '../../../server/jobs/orphaned-files.ts';
import { DATABASES } from '../../helpers/databases.ts';
import { labelOfFileName } from '../../../server/results/pronunciation.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { subscribe, until } from '../../helpers/live.ts';
import { browserRecording, silence, speak, wavBytes } from '../../../scripts/pa/synth.ts';

describe('the uploaded file name', () => {
  it('is only ever a task label: directories and the extension are dropped, nothing reaches a file system', () => {
    expect(labelOfFileName('../../etc/NS2022-ES3-12-PA-mrwang.webm')).toBe('NS2022-ES3-12-PA-mrwang');
    expect(labelOfFileName('C:\\temp\\NS2022-ES3-12-PA-mrwang.ogg')).toBe('NS2022-ES3-12-PA-mrwang');
    expect(labelOfFileName('NS2022-ES3-12-PA-mrwang')).toBe('NS2022-ES3-12-PA-mrwang');
  });
});

describe.each(DATABASES)('PA uploads on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  let paTask = '';
  let sbTask = '';
  let words: string[] = [];
  let goodRecording: Uint8Array;

  const upload = (bytes: Uint8Array, fileName: string, who?: string, type = 'audio/webm') => {
    const form = new FormData();
    form.append('upl', new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type }));
    return fetch(`${server.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: who ? { 'x-access-token': token[who]! } : {} });
  };
  const tables = { results, recordings, pronunciation_words: pronunciationWords, blobs } as const;
  const count = async (table: keyof typeof tables) => {
    const [row] = await server.app.deps.db.select({ n: sqlCount() }).from(tables[table]);
    return row!.n;
  };

  beforeAll(async () => {
    server = await startServer(kind, { env: { PA_WORKERS: '1' } });
    await server.post('/api/v1.0/username/signup', { username: 'mrwang', password: 'wang1', email: 'wang@school.cn', isTeacher: true });
    token.teacher = (await server.login('mrwang', 'wang1')).accessToken;
    await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: '3A', schoolID: 'ES', pressID: 'PEP', students: 'lily01, tom002', tbTaskType: 'PA+SB' },
      { 'x-access-token': token.teacher },
    );
    for (const u of ['lily01', 'tom002']) {
      await server.post('/api/v1.0/username/signup', {
        username: u,
        password: 'pass',
        email: `${u}@home.cn`,
        isTeacher: false,
        teachername: 'mrwang',
        classname: '3A',
      });
      token[u] = (await server.login(u, 'pass')).accessToken;
    }
    const assigned = await server.post(
      '/api/v1.0/usertasks/assigntask',
      { className: '3A', bookUnitID: 'NS2022-ES3', Type: 'PA+SB' },
      { 'x-access-token': token.teacher },
    );
    expect(assigned.status).toBe(200);
    const tasks = (await server.get('/api/v1.0/usertasks', { 'x-access-token': token.lily01! })).body as any[];
    const pa = tasks.find((t) => t.Type === 'PA')!;
    const sb = tasks.find((t) => t.Type === 'SB')!;
    paTask = `${pa.bookUnitID}-${pa.TPID}-PA-mrwang`;
    sbTask = `${sb.bookUnitID}-${sb.TPID}-SB-mrwang`;
    const content = (await server.get(`/api/v1.0/usertasks/${paTask}`, { 'x-access-token': token.lily01! })).body;
    expect(content[0]).toBe(paTask);
    words = String(content[1])
      .split(',')
      .map((w: string) => w.trim());
    goodRecording = await browserRecording(await speak(words, 'slt', 0.9), 'webm');
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses a visitor, a teacher and a task that is not a PA task of the student, storing nothing', async () => {
    expect((await upload(goodRecording, `${paTask}.webm`)).status).toBe(401);
    const byTeacher = await upload(goodRecording, `${paTask}.webm`, 'teacher');
    expect(byTeacher.status).toBe(403);
    const sb = await upload(goodRecording, `${sbTask}.webm`, 'lily01');
    expect(sb.status).toBe(400);
    expect(await sb.text()).toMatch(/Only Pronunciation Assessment tasks/);
    const otherStudents = await upload(goodRecording, `${paTask.replace(/-\d+-PA-/, '-999999-PA-')}.webm`, 'tom002');
    expect(otherStudents.status).toBe(404);
    expect(await count('results')).toBe(0);
    expect(await count('recordings')).toBe(0);
  });

  it('refuses bad, empty and silent audio with a clear message and stores nothing', async () => {
    const notAudio = await upload(new TextEncoder().encode('this is not audio'), `${paTask}.webm`, 'lily01');
    expect(notAudio.status).toBe(400);
    expect(await notAudio.text()).toMatch(/not WAV, Ogg Opus or WebM Opus/);
    const empty = await upload(new Uint8Array(0), `${paTask}.webm`, 'lily01');
    expect(empty.status).toBe(400);
    const silent = await upload(await browserRecording(silence(3), 'ogg'), `${paTask}.ogg`, 'lily01', 'audio/ogg');
    expect(silent.status).toBe(400);
    expect(await silent.text()).toMatch(/silent|No words could be heard/);
    const noFile = await fetch(`${server.url}/api/v1.0/upload`, { method: 'POST', body: new FormData(), headers: { 'x-access-token': token.lily01! } });
    expect(noFile.status).toBe(400);
    expect(await noFile.text()).toMatch(/field "upl"/);
    const tooBig = await upload(wavBytes(silence(300)), `${paTask}.wav`, 'lily01', 'audio/wav');
    expect([400, 413]).toContain(tooBig.status);
    expect(await count('results')).toBe(0);
  }, 60_000);

  it('scores the recording, replies the score as text, and stores the result per word with the report and the next task', async () => {
    const response = await upload(goodRecording, `${paTask}.webm`, 'lily01');
    const text = await response.text();
    expect(response.status).toBe(200);
    const score = Number(text.split(' ')[0]);
    expect(score).toBeGreaterThanOrEqual(60);
    expect(await count('pronunciation_words')).toBe(words.length);
    // Right out of all, both counted in the words scored (as the report and the webhook say them).
    const [stored] = await server.app.deps.db.select().from(results);
    expect(stored!.total).toBe(await count('pronunciation_words'));
    expect(stored!.correct).toBeLessThanOrEqual(stored!.total);
    expect(await count('recordings')).toBe(1);
    // The row keeps what the recording is; the audio itself is in storage, byte for byte.
    const [recording] = await server.app.deps.db.select().from(recordings);
    expect(recording).toMatchObject({ mimeType: 'audio/webm', sizeBytes: goodRecording.length, blobKey: `recordings/${recording!.id}` });
    expect(new Uint8Array((await server.app.deps.blobs.get(recording!.blobKey))!)).toEqual(goodRecording);
    const tasks = (await server.get('/api/v1.0/usertasks', { 'x-access-token': token.lily01! })).body as any[];
    expect(tasks.find((t) => `${t.bookUnitID}-${t.TPID}-PA-mrwang` === paTask)).toBeUndefined();
    expect(tasks.filter((t) => t.Type === 'PA').map((t) => t.bookUnitID)).toEqual(['NS2022-MS1']); // the fixture's next National standards unit
    const dash = (await server.get('/api/v1.0/userdash', { 'x-access-token': token.lily01! })).body;
    expect(dash.at(-1).currentScore).toBe(score);
    await reportsDone(server);
    const reports = (await server.get('/api/v1.0/userreports', { 'x-access-token': token.teacher! })).body;
    expect(reports.length).toBe(1);

    // The teacher's live view learns which words to practise (a PA task has no answer events).
    const classId = (await server.gql('{ viewer { class(name: "3A") { id } } }', {}, token.teacher)).body.data.viewer.class.id;
    const live = subscribe(server.url, token.teacher!, 'subscription($c: ID!) { classActivity(classId: $c) { kind type score practise } }', { c: classId });
    await until(() => live.events.some((e) => e.classActivity.kind === 'finished'));
    const perWord = await server.app.deps.db.select().from(pronunciationWords).orderBy(pronunciationWords.position);
    expect(live.events.find((e) => e.classActivity.kind === 'finished').classActivity).toEqual({
      kind: 'finished',
      type: 'PA',
      score,
      practise: [...new Set(perWord.filter((w) => w.error !== 'none').map((w) => w.word.toLowerCase()))],
    });
    await live.close();

    // The same recording again stores nothing new; another recording for the same task is refused.
    const again = await upload(goodRecording, `${paTask}.webm`, 'lily01');
    expect(again.status).toBe(200);
    expect(Number((await again.text()).split(' ')[0])).toBe(score);
    const other = await upload(await browserRecording(await speak(words.slice(0, 2), 'rms'), 'ogg'), `${paTask}.ogg`, 'lily01', 'audio/ogg');
    expect(other.status).toBe(409);
    expect(await count('results')).toBe(1);
  }, 120_000);

  it('lets the student and the class teacher download the stored recording, and nobody else', async () => {
    const download = (who: string, query = '') =>
      fetch(`${server.url}/api/v1.0/userrecordings/${paTask}${query}`, { headers: who ? { 'x-access-token': token[who]! } : {} });
    const own = await download('lily01');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('audio/webm');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="${paTask}.webm"`);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(goodRecording);
    const byTeacher = await download('teacher', '?student=Lily01');
    expect(byTeacher.status).toBe(200);
    expect(new Uint8Array(await byTeacher.arrayBuffer())).toEqual(goodRecording);
    expect((await download('teacher')).status).toBe(400); // which student's?
    expect((await download('teacher', '?student=tom002')).status).toBe(404); // tom002 has not recorded it
    expect((await download('tom002')).status).toBe(404); // not tom002's task
    expect((await download('')).status).toBe(401);
  });

  it('returns the structured result from the GraphQL mutation, for free practice too (not stored)', async () => {
    const practice = (await server.get('/api/v1.0/usertasks/0', { 'x-access-token': token.tom002! })).body;
    const practiceWords = String(practice[1])
      .split(',')
      .map((w: string) => w.trim());
    const bytes = await browserRecording(await speak(practiceWords, 'rms', 0.9), 'ogg');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($taskId: String!, $recording: File!) { submitRecording(taskId: $taskId, recording: $recording) {
          __typename ... on PronunciationPayload { total accuracy fluency completeness practice words { word score heard error errorType start end phones { phone score } } }
          ... on Error { message } } }`,
        variables: { taskId: '0', recording: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.recording'] }));
    form.append('0', new File([bytes as Uint8Array<ArrayBuffer>], 'practice.ogg', { type: 'audio/ogg' }));
    const results = await count('results');
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', body: form, headers: { 'x-access-token': token.tom002! } });
    const body = await response.json();
    const r = body.data.submitRecording;
    expect(r.__typename).toBe('PronunciationPayload');
    expect(r.practice).toBe(true);
    expect(r.words.map((w: any) => w.word)).toEqual(practiceWords.map((w) => w.toLowerCase()));
    expect(r.total).toBeGreaterThanOrEqual(60);
    expect(r.words[0].phones.length).toBeGreaterThan(0);
    // errorType is the deprecated error in the API's enum style: NONE for none, and so on.
    expect(r.words.map((w: any) => w.errorType)).toEqual(r.words.map((w: any) => w.error.toUpperCase()));
    expect(await count('results')).toBe(results);
    // A teacher may try free practice too (same class level, same words); nothing is stored.
    const asTeacher = await upload(bytes, '0.ogg', 'teacher', 'audio/ogg');
    expect(asTeacher.status).toBe(200);
    expect(Number((await asTeacher.text()).split(' ')[0])).toBeGreaterThanOrEqual(60);
    expect(await count('results')).toBe(results);
  }, 120_000);

  it('free practice scores any text an integration sends, in its order; a task is scored only against its own words', async () => {
    const submit = async (bytes: Uint8Array, taskId: string, text: string | null) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query: `mutation ($taskId: String!, $recording: File!, $text: String) { submitRecording(taskId: $taskId, recording: $recording, text: $text) {
            __typename ... on PronunciationPayload { total words { word score } } ... on ValidationError { message field } } }`,
          variables: { taskId, recording: null, text },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.recording'] }));
      form.append('0', new File([bytes as Uint8Array<ArrayBuffer>], 'said.webm', { type: 'audio/webm' }));
      const response = await fetch(`${server.url}/graphql`, { method: 'POST', body: form, headers: { 'x-access-token': token.tom002! } });
      return (await response.json()).data.submitRecording;
    };
    const said = 'The red kite flies high in the sky';
    const bytes = await browserRecording(await speak([said], 'slt', 1), 'webm');
    const results = await count('results');
    const own = await submit(bytes, '0', said);
    expect(own.__typename).toBe('PronunciationPayload');
    expect(own.words.map((w: any) => w.word)).toEqual(['the', 'red', 'kite', 'flies', 'high', 'in', 'the', 'sky']);
    expect(own.total).toBeGreaterThanOrEqual(60);
    const other = await submit(bytes, '0', 'Purple elephants dance slowly under bright umbrellas');
    expect(other.total).toBeLessThan(own.total - 20);
    expect(await submit(bytes, paTask, said)).toEqual({
      __typename: 'ValidationError',
      message: "A text is scored only in free practice (taskId '0'); a task's recording is scored against its own words",
      field: 'text',
    });
    expect((await submit(bytes, '0', 'x'.repeat(700))).field).toBe('text');
    expect(await count('results')).toBe(results);
  }, 120_000);

  it('leaves no recording audio behind when its row goes: deleting a class at once, a cascade at the next sweep', async () => {
    const db = server.app.deps.db;
    const tomTasks = (await server.get('/api/v1.0/usertasks', { 'x-access-token': token.tom002! })).body as any[];
    const tomPa = tomTasks.find((t) => t.Type === 'PA')!;
    expect((await upload(goodRecording, `${tomPa.bookUnitID}-${tomPa.TPID}-PA-mrwang.webm`, 'tom002')).status).toBe(200);
    await reportsDone(server);
    const keyOf = async (name: string) =>
      (await db.select({ key: recordings.blobKey }).from(recordings).innerJoin(users, eq(users.id, recordings.userId)).where(eq(users.usernameKey, name)))[0]!
        .key;
    const lilysKey = await keyOf('lily01');
    const tomsKey = await keyOf('tom002');
    const stored = async (prefix: string) =>
      (
        await db
          .select({ key: blobs.key })
          .from(blobs)
          .where(like(blobs.key, `${prefix}%`))
      )
        .map((b) => b.key)
        .sort();
    expect(await stored('recordings/')).toEqual([lilysKey, tomsKey].sort());
    expect(await stored('reports/')).toHaveLength(2);

    // Deleting lily01's account takes her recording row by cascade; the sweep then takes its audio
    // (and her report's PDF), once the files are older than the grace period.
    await db.delete(users).where(eq(users.usernameKey, 'lily01'));
    expect(await sweepOrphanedFiles(server.app.deps)).toBe(0); // still young: a store outside the transaction may be mid-commit
    expect(await sweepOrphanedFiles(server.app.deps, new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).toBe(2);
    expect(await stored('recordings/')).toEqual([tomsKey]);
    expect(await stored('reports/')).toHaveLength(1);
    expect(new Uint8Array((await server.app.deps.blobs.get(tomsKey))!)).toEqual(goodRecording);

    // Deleting the class takes its recordings' audio and its reports' PDFs in the same transaction.
    const deleted = await server.post('/api/v1.0/userclasses/deleteclass', { className: '3A' }, { 'x-access-token': token.teacher! });
    expect(deleted).toEqual({ status: 200, body: '3A' });
    expect(await count('recordings')).toBe(0);
    expect(await count('blobs')).toBe(0);
  }, 120_000);
});
