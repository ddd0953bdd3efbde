/**
 * Redis going away while WordBee runs with REDIS_URL (live events and integration budgets): the
 * server keeps serving (results are saved, GraphQL answers at once with a token's budget kept in
 * memory), and live events flow through Redis again when it returns. The Redis here is a private
 * one on its own port, stopped and started by the test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { subscribe, until } from '../helpers/live.ts';
import { finishTask } from '../helpers/results.ts';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !haveRedis) throw new Error('WORDBEE_REQUIRE_REDIS=1 but redis-server is not installed');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(!haveRedis)('Redis going away and coming back', () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let server: TestServer;
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .includes('PONG')
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the private Redis did not start');
  };
  const stopRedis = async () => {
    const exited = new Promise((r) => redis!.once('exit', r));
    redis!.kill('SIGKILL');
    await exited;
  };
  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    server = await startServer('pglite', { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server?.close();
    redis?.kill('SIGKILL');
  });

  it('results are saved and GraphQL answers while Redis is down; live events work again when it is back', async () => {
    const teacherToken = (await server.login('demoteacher')).accessToken;
    await stopRedis();

    // A student finishes a task: saved (the live event cannot go through Redis and is dropped).
    const { taskId } = await finishTask(server);
    const started = performance.now();
    // Every GraphQL request is charged to a cost budget, kept in memory meanwhile: no wait for Redis.
    const viewer = await server.gql('{ viewer { username } }', {}, teacherToken);
    expect(viewer).toMatchObject({ status: 200, body: { data: { viewer: { username: 'demoteacher' } } } });
    expect(performance.now() - started).toBeLessThan(5_000);
    const dash = (await server.get('/api/v1.0/userdash', { 'x-access-token': (await server.login('demostudent')).accessToken })).body;
    expect(JSON.stringify(dash)).toContain(taskId.split('-').slice(0, 2).join('-'));

    // Redis returns: the teacher's live view hears the next answer through it.
    await startRedis();
    const classId = (await server.gql('{ viewer { class(name: "Demo Class") { id } } }', {}, teacherToken)).body.data.viewer.class.id;
    const live = subscribe(server.url, teacherToken, `subscription ($c: ID!) { classActivity(classId: $c) { kind word } }`, { c: classId });
    try {
      const student = (await server.login('demostudent')).accessToken;
      const task = (await server.get('/api/v1.0/usertasks', { 'x-access-token': student })).body.find((t: any) => t.Type === 'SB');
      const next = `${task.bookUnitID}-${task.TPID}-SB-demoteacher`;
      // The subscriber reconnects to Redis by itself; answers are sent until one comes through.
      const heard = () => live.events.some((e: any) => e.classActivity?.kind === 'answer');
      for (let position = 1; position <= 60 && !heard(); position++) {
        await server.gql(
          'mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename } }',
          { i: { taskId: next, position, word: 'red', typed: 'red', status: 'v' } },
          student,
        );
        await new Promise((r) => setTimeout(r, 250));
      }
      await until(heard, 1_000);
    } finally {
      await live.close();
    }
  }, 60_000);
});
