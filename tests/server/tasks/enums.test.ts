/**
 * The kinds of task as GraphQL enums beside the deprecated strings (issue 37): both answer the
 * same, inputs take either (not two different ones), and a kind that is not one is refused by
 * the schema itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask } from '../../helpers/results.ts';

const ASSIGN =
  'mutation($i: AssignTaskInput!) { assignTask(input: $i) { __typename ... on AssignTaskPayload { info } ... on ValidationError { message field } } }';

describe('task kinds as enums', () => {
  let server: TestServer;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer();
    teacher = (await finishTask(server)).teacher['x-access-token']!;
  });
  afterAll(() => server?.close());

  it('gives every task, result, report and event its kind as an enum, the same as the deprecated string', async () => {
    const r = await server.gql(
      `{ viewer { tasks(first: 50) { edges { node { type taskType } } }
         class(name: "Demo Class") { results(first: 10) { edges { node { type taskType } } } }
         pdfReports(first: 10) { edges { node { type taskType } } } } }`,
      {},
      teacher,
    );
    expect(r.body.errors).toBeUndefined();
    const v = r.body.data.viewer;
    const pairs = [...v.tasks.edges, ...v.class.results.edges, ...v.pdfReports.edges].map((e: any) => [e.node.type, e.node.taskType]);
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    for (const [type, taskType] of pairs) expect(taskType).toBe(type);
    expect(v.class.results.edges[0].node.taskType).toBe('SB');
  });

  it('assigns with the enum (PA_SB is PA+SB), with the deprecated string, and refuses two different kinds or none', async () => {
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacher)).body.data.viewer.class.id;
    expect(classId).toBeTruthy();
    const ok = await server.gql(ASSIGN, { i: { className: 'Demo Class', bookUnitId: 'NS2022-ES1', taskType: 'PA_SB' } }, teacher);
    expect(ok.body.data.assignTask.info).toMatch(/^success/);
    const tasks = await server.gql('{ viewer { tasks(first: 100) { edges { node { bookUnitId taskType } } } } }', {}, teacher);
    const es1 = tasks.body.data.viewer.tasks.edges.map((e: any) => e.node).filter((n: any) => n.bookUnitId === 'NS2022-ES1');
    expect(new Set(es1.map((n: any) => n.taskType))).toEqual(new Set(['PA', 'SB']));
    expect((await server.gql(ASSIGN, { i: { className: 'Demo Class', bookUnitId: 'NS2022-ES2', type: 'SB' } }, teacher)).body.data.assignTask.info).toMatch(
      /^success/,
    );
    expect(
      (await server.gql(ASSIGN, { i: { className: 'Demo Class', bookUnitId: 'NS2022-ES2', type: 'FM', taskType: 'SB' } }, teacher)).body.data.assignTask,
    ).toEqual({
      __typename: 'ValidationError',
      message: 'Give taskType or type, not two different kinds',
      field: 'taskType',
    });
    expect((await server.gql(ASSIGN, { i: { className: 'Demo Class', bookUnitId: 'NS2022-ES2' } }, teacher)).body.data.assignTask).toEqual({
      __typename: 'ValidationError',
      message: 'taskType is required',
      field: 'taskType',
    });
    const notAKind = await server.gql(ASSIGN, { i: { className: 'Demo Class', bookUnitId: 'NS2022-ES2', taskType: 'XX' } }, teacher);
    expect(notAKind.body.data?.assignTask).toBeUndefined();
    expect(notAKind.body.errors[0].message).toMatch(/"XX"[^]*AssignableTaskType/);
  });
});
