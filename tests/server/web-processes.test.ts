/**
 * WEB_PROCESSES=2 (server/processes.ts): `npm start` as a school would run it on a machine with
 * several cores. Two processes serve one port on one PostgreSQL and one Redis: a teacher's live
 * views on both see a student's work, a process killed is replaced while the other answers, and
 * SIGTERM stops them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASES, freshDatabase } from '../helpers/databases.ts';
import { subscribe, until } from '../helpers/live.ts';
import { freePort, spawnServer, type ServerProcess } from './hardening/process.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.WORDBEE_REQUIRE_REDIS === '1' && !redisUrl) throw new Error('WORDBEE_REQUIRE_REDIS=1 but TEST_REDIS_URL is not set');

const ACTIVITY = `subscription ($c: ID!) { classActivity(classId: $c) { kind student word } }`;
const ANSWER = `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on Error { message } } }`;

/** The process id the primary logged for web process `slot`, the latest one. */
function pidOf(server: ServerProcess, slot: number): number {
  const pids = server
    .log()
    .split('\n')
    .filter((line) => line.includes(`"msg":"web process ${slot} is serving`))
    .map((line) => (JSON.parse(line) as { workerPid: number }).workerPid);
  expect(pids.length).toBeGreaterThan(0);
  return pids.at(-1)!;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!redisUrl || !DATABASES.includes('postgres'))('two web processes on one port (WEB_PROCESSES=2)', () => {
  let server: ServerProcess;
  let dataDir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabase('postgres');
    drop = db.drop;
    dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-processes-'));
    server = await spawnServer({ DATABASE_URL: db.url!, REDIS_URL: redisUrl!, WEB_PROCESSES: '2', DATA_DIR: dataDir }, await freePort());
    await until(() => server.log().includes('with 2 web processes'), 120_000);
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      for (const slot of [1, 2]) if (alive(pidOf(server, slot))) process.kill(pidOf(server, slot), 'SIGKILL');
    }
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (route: string, init: RequestInit = {}, token?: string) => {
    const reply = await fetch(`${server.url}${route}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}), connection: 'close' },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: reply.status, body: (await reply.json().catch(() => null)) as any };
  };
  const login = async (username: string) =>
    (await call('/api/v1.0/username/login', { method: 'POST', body: JSON.stringify({ username, password: username }) })).body.accessToken as string;

  it("a teacher's live views on both processes see the answers a student sends", async () => {
    const teacher = await login('demoteacher');
    const student = await login('demostudent');
    expect(teacher).toEqual(expect.any(String));
    expect(student).toEqual(expect.any(String));
    const gql = (query: string, variables: Record<string, unknown>, token: string) =>
      call('/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) }, token);
    const classId = (await gql(`{ viewer { class(name: "Demo Class") { id } } }`, {}, teacher)).body.data.viewer.class.id;
    const words = ['red', 'blue', 'green', 'yellow'];
    const assigned = await gql(
      `mutation ($i: AssignWordsInput!) { assignWords(input: $i) { ... on AssignWordsPayload { bookUnitId } ... on Error { message } } }`,
      { i: { classId, words, taskType: 'SB' } },
      teacher,
    );
    const bookUnitId = assigned.body.data.assignWords.bookUnitId as string;
    expect(bookUnitId).toEqual(expect.any(String));
    // Two connections, handed to the two processes in turn.
    const views = [subscribe(server.url, teacher, ACTIVITY, { c: classId }), subscribe(server.url, teacher, ACTIVITY, { c: classId })];
    try {
      await new Promise((r) => setTimeout(r, 500));
      const tasks = (await call('/api/v1.0/usertasks', {}, student)).body as Array<{ bookUnitID?: string; TPID?: number; Type?: string }>;
      const task = tasks.find((t) => t.bookUnitID === bookUnitId && t.Type === 'SB')!;
      const taskId = `${task.bookUnitID}-${task.TPID}-SB-demoteacher`;
      // Each answer on a connection of its own: the two processes take them in turn.
      for (const [i, word] of words.entries())
        expect((await gql(ANSWER, { i: { taskId, position: i + 1, word, typed: word, status: 'v' } }, student)).body.data.recordAnswer).toEqual({
          __typename: 'AnswerPayload',
        });
      await until(() => views.every((v) => v.events.length === 4));
      for (const view of views) {
        expect(view.errors).toEqual([]);
        expect(view.events.map((e) => e.classActivity.word)).toEqual(words);
      }
    } finally {
      for (const view of views) await view.close();
    }
  }, 60_000);

  it('goes on answering while a killed process is replaced', async () => {
    for (const slot of [2, 1]) {
      const pid = pidOf(server, slot);
      const before = server.log().split(`"msg":"web process ${slot} is serving`).length;
      process.kill(pid, 'SIGKILL');
      // Once the primary knows (a connection handed over at the very moment of the kill dies with
      // the process), the other process answers every request meanwhile.
      await until(() => server.log().includes(`"workerPid":${pid},"code":null,"signal":"SIGKILL"`), 10_000);
      for (let i = 0; i < 10; i++) expect((await call('/healthz')).status).toBe(200);
      await until(() => server.log().split(`"msg":"web process ${slot} is serving`).length > before, 60_000);
      const replacement = pidOf(server, slot);
      expect(replacement).not.toBe(pid);
      expect(alive(replacement)).toBe(true);
      expect(server.log()).toContain(`web process ${slot} stopped; starting it again`);
    }
    // Both replaced in turn: the one that answered while the other was gone has itself been replaced.
    expect((await call('/healthz')).status).toBe(200);
  }, 150_000);

  it('stops every process on SIGTERM', async () => {
    const pids = [pidOf(server, 1), pidOf(server, 2)];
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(server.log()).toContain('SIGTERM: stopping the 2 web processes');
  }, 60_000);
});
