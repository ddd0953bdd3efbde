/**
 * Live views of a whole school (issue 36): an event is executed once per distinct subscription
 * (server/graphql/shared-subscriptions.ts), and still every view of a class gets each of its
 * events, with the fields it asked for, and nothing of another class; a closed view stops; a
 * student asking for the teacher's subscription, word for word, gets a refusal and no event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { answerEvent, subscribe, until } from '../../helpers/live.ts';
import { openLiveViews } from '../../../server/live/service.ts';

const FULL = 'subscription ($c: ID!, $s: DateTime) { classActivity(classId: $c, since: $s) { eventId student word score } }';
const SHORT = 'subscription ($c: ID!, $s: DateTime) { classActivity(classId: $c, since: $s) { word } }';

const rowIdOf = (globalId: string) => Number(Buffer.from(globalId, 'base64').toString().split(':')[1]);

describe('live views of many teachers and classes', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let otherTeacher: string;
  let token: string;
  let classA: string;
  let classB: string;
  beforeAll(async () => {
    server = await startServer();
    teacher = (await server.login('demoteacher')).accessToken;
    student = (await server.login('demostudent')).accessToken;
    classA = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    await server.post('/api/v1.0/username/signup', { username: 'mrlin', password: 'lin12', email: 'lin@school.cn', isTeacher: true });
    otherTeacher = (await server.login('mrlin', 'lin12')).accessToken;
    await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: '6C', schoolID: 'ES', pressID: 'PEP', students: 'dan04' },
      { 'x-access-token': otherTeacher },
    );
    classB = (await server.gql('{ viewer { class(name: "6C") { id } } }', {}, otherTeacher)).body.data.viewer.class.id;
    const created = await server.gql(
      'mutation($i: CreateIntegrationTokenInput!) { createIntegrationToken(input: $i) { ... on CreateIntegrationTokenPayload { token } } }',
      { i: { name: 'Gradebook', scopes: ['READ_CLASSES', 'READ_RESULTS'], classIds: [classA] } },
      teacher,
    );
    token = created.body.data.createIntegrationToken.token;
  });
  afterAll(() => server?.close());

  it("gives every view of a class each of its events and no other class's, stops a closed one, and gives a student nothing", async () => {
    const live = server.app.deps.live;
    // One `since` for all: the views of class A differ only in who watches and what they select.
    const s = new Date().toISOString();
    const a = [subscribe(server.url, teacher, FULL, { c: classA, s }), subscribe(server.url, teacher, FULL, { c: classA, s })];
    const short = subscribe(server.url, teacher, SHORT, { c: classA, s });
    const byToken = subscribe(server.url, token, FULL, { c: classA, s });
    const b = subscribe(server.url, otherTeacher, FULL, { c: classB, s });
    const asStudent = subscribe(server.url, student, FULL, { c: classA, s });
    const asOtherTeacher = subscribe(server.url, otherTeacher, FULL, { c: classA, s });
    await until(() => openLiveViews(live) === 5 && asStudent.errors.length > 0 && asOtherTeacher.errors.length > 0);

    live.publish(answerEvent(rowIdOf(classA), 'red'));
    live.publish(answerEvent(rowIdOf(classB), 'blue'));
    await until(() => [...a, short, byToken, b].every((v) => v.events.length === 1));
    for (const view of [...a, byToken])
      expect(view.events[0].classActivity).toMatchObject({ student: `pupil of ${rowIdOf(classA)}`, word: 'red', score: null });
    expect(short.events[0].classActivity).toEqual({ word: 'red' });
    expect(b.events.map((e) => e.classActivity.word)).toEqual(['blue']);

    await a[1]!.close();
    await until(() => openLiveViews(live) === 4);
    live.publish(answerEvent(rowIdOf(classA), 'green'));
    await until(() => [a[0]!, short, byToken].every((v) => v.events.length === 2));
    expect(a[0]!.events.map((e) => e.classActivity.word)).toEqual(['red', 'green']);
    expect(a[1]!.events.map((e) => e.classActivity.word)).toEqual(['red']);
    expect(b.events.map((e) => e.classActivity.word)).toEqual(['blue']);

    expect(JSON.stringify(asStudent.errors)).toContain('Only teachers can do this');
    expect(JSON.stringify(asOtherTeacher.errors)).toContain('Class not found');
    expect([asStudent.events, asOtherTeacher.events]).toEqual([[], []]);
    for (const view of [...a, short, byToken, b]) expect(view.errors).toEqual([]);
    await Promise.all([a[0]!, short, byToken, b, asStudent, asOtherTeacher].map((v) => v.close()));
  });
});
