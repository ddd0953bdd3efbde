/**
 * A class event is a Node: its id is stable, `node(id:)` fetches it again for the class's
 * teacher (or a token with READ_RESULTS for that class) only, and it is the cursor a live view
 * resumes from (`classActivity(after:)`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask, ES3_WORDS } from '../../helpers/results.ts';
import { subscribe, until } from '../../helpers/live.ts';
import { bearerGql } from '../../helpers/bearer.ts';

const ACTIVITY = 'subscription ($c: ID!, $s: DateTime, $a: ID) { classActivity(classId: $c, since: $s, after: $a) { id eventId kind student word score } }';
const NODE = 'query ($id: ID!) { node(id: $id) { id ... on ClassEvent { eventId kind student word score } } }';

describe.each(DATABASES)('class events as nodes on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  let classId: string;
  let events: any[];
  beforeAll(async () => {
    server = await startServer(kind);
    teacher = (await server.login('demoteacher')).accessToken;
    classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    const start = new Date(Date.now() - 1000).toISOString();
    await finishTask(server);
    const live = subscribe(server.url, teacher, ACTIVITY, { c: classId, s: start });
    await until(() => live.events.some((e) => e.classActivity.kind === 'finished') || live.errors.length > 0);
    expect(live.errors).toEqual([]);
    events = live.events.map((e) => e.classActivity);
    await live.close();
  });
  afterAll(() => server?.close());

  it('gives every event a distinct id, and the same id when replayed again', async () => {
    expect(events.map((e) => `${e.kind} ${e.word ?? e.score}`)).toEqual([...ES3_WORDS.map((w) => `answer ${w}`), 'finished 87']);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const again = subscribe(server.url, teacher, ACTIVITY, { c: classId, s: new Date(Date.now() - 60_000).toISOString() });
    await until(() => again.events.length === events.length);
    expect(again.events.map((e) => e.classActivity.id)).toEqual(events.map((e) => e.id));
    await again.close();
  });

  it('fetches an event again by its id for the class teacher; null for anyone else', async () => {
    for (const event of [events[0], events.at(-1)]) {
      const r = await server.gql(NODE, { id: event.id }, teacher);
      expect(r.body.data.node).toEqual({
        id: event.id,
        eventId: event.eventId,
        kind: event.kind,
        student: 'demostudent',
        word: event.word,
        score: event.score,
      });
    }
    const student = (await server.login('demostudent')).accessToken;
    expect((await server.gql(NODE, { id: events[0].id }, student)).body.data.node).toBeNull();
    await server.post('/api/v1.0/username/signup', { username: 'otherteach', password: 'otherteach', email: 'o@school.cn', isTeacher: true });
    const other = (await server.login('otherteach')).accessToken;
    expect((await server.gql(NODE, { id: events[0].id }, other)).body.data.node).toBeNull();
    // An id made up of a real kind and a number that names nothing.
    expect((await server.gql(NODE, { id: Buffer.from('ClassEvent:finished:999999').toString('base64') }, teacher)).body.data.node).toBeNull();
  });

  it("a token sees its classes' events with READ_RESULTS, and is refused the fields without it", async () => {
    const create = 'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }';
    const results = (await server.gql(create, { i: { name: 'Gradebook', scopes: ['READ_RESULTS'], classIds: [classId] } }, teacher)).body.data
      .createIntegrationToken.token;
    const classesOnly = (await server.gql(create, { i: { name: 'Timetable', scopes: ['READ_CLASSES'], classIds: [classId] } }, teacher)).body.data
      .createIntegrationToken.token;
    expect((await bearerGql(server.url, results, NODE, { id: events[1].id })).body.data.node.word).toBe(events[1].word);
    const refused = await bearerGql(server.url, classesOnly, NODE, { id: events[1].id });
    expect([refused.status, refused.body.errors[0].message]).toEqual([403, expect.stringMatching(/READ_RESULTS/)]);
  });

  it('resumes a live view after an event: its id is the cursor, the events after it are replayed and nothing before', async () => {
    const cursor = events[4];
    const resumed = subscribe(server.url, teacher, ACTIVITY, { c: classId, a: cursor.id });
    await until(() => resumed.events.length === events.length - 5 || resumed.errors.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.errors).toEqual([]);
    expect(resumed.events.map((e) => e.classActivity.id)).toEqual(events.slice(5).map((e) => e.id));
    await resumed.close();
    // The last event as the cursor: nothing to replay, and the view stays open for what comes.
    const caughtUp = subscribe(server.url, teacher, ACTIVITY, { c: classId, a: events.at(-1).id });
    await new Promise((r) => setTimeout(r, 300));
    expect([caughtUp.events, caughtUp.errors]).toEqual([[], []]);
    await caughtUp.close();
  });

  it('refuses a cursor that is not an event of the class, before the view opens', async () => {
    for (const a of [classId, Buffer.from('ClassEvent:finished:999999').toString('base64')]) {
      const view = subscribe(server.url, teacher, ACTIVITY, { c: classId, a });
      await until(() => view.errors.length > 0);
      expect((view.errors[0] as { message: string }).message).toMatch(/`after` must be the id of an event of this class/);
      await view.close();
    }
  });
});
