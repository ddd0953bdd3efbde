/** Fixtures made through the server's own calls: a demo student finishing an assigned task. */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { SBARR_HEADER } from '../../server/results/sbarr.ts';
import { rowsOf } from '../../db/sql.ts';
import type { TestServer } from './server.ts';

/**
 * Waits until every queued job (a result's report: PDF, e-mails, webhook) is done: reports are
 * made after the result's transaction, so a test that reads them right after a post waits here.
 */
export async function reportsDone(server: TestServer, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    await server.app.jobs.drain();
    const [left] = rowsOf<{ n: number }>(await server.app.database.db.execute(sql`select count(*)::int as n from jobs where status in ('pending', 'sending')`));
    if (left!.n === 0) return;
    if (Date.now() > end) throw new Error(`${left!.n} job(s) not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The words of NS2022-ES3 in the fixture content pack. */
export const ES3_WORDS = ['red', 'blue', 'green', 'yellow', 'circle', 'square', 'black', 'white'];

/**
 * demoteacher assigns NS2022-ES3 (SB) to Demo Class; demostudent finishes it with 87 (one word
 * wrong). With `drain: false` the report jobs are left to the worker (the caller watches them).
 */
export async function finishTask(server: TestServer, { drain = true }: { drain?: boolean } = {}) {
  const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
  const student = { 'x-access-token': (await server.login('demostudent')).accessToken };
  await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
  const task = (await server.get('/api/v1.0/usertasks', student)).body.find((t: any) => t.bookUnitID === 'NS2022-ES3');
  const taskId = `NS2022-ES3-${task.TPID}-SB-demoteacher`;
  const rows = ES3_WORDS.map((w, i) => [i + 1, w, i === 1 ? 'bleu' : w, i === 1 ? 'x' : 'v', i === 0 ? 1 : i]);
  expect((await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-87`], student)).status).toBe(200);
  if (drain) await reportsDone(server);
  return { teacher, student, taskId };
}

/** `teacher` assigns a unit (SB) to `className` and `student` finishes it with every word right; returns the task id. */
export async function finishUnit(
  server: TestServer,
  who: { teacher: Record<string, string>; student: Record<string, string>; className: string; teacherName: string },
  bookUnitID: string,
) {
  const assigned = await server.post('/api/v1.0/usertasks/assigntask', { className: who.className, bookUnitID, Type: 'SB' }, who.teacher);
  const task = (await server.get('/api/v1.0/usertasks', who.student)).body.find((t: any) => t.bookUnitID === bookUnitID && t.Type === 'SB');
  expect(task, JSON.stringify(assigned)).toBeDefined();
  const taskId = `${bookUnitID}-${task.TPID}-SB-${who.teacherName}`;
  const words = ((await server.get(`/api/v1.0/usertasks/${encodeURIComponent(taskId)}`, who.student)).body as string[])
    .slice(1)
    .map((l) => l.split(' -- ')[0]!);
  const posted = await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...words.map((w, i) => [i + 1, w, w, 'v', 1]), `${taskId}-100`], who.student);
  expect(posted.status).toBe(200);
  await reportsDone(server);
  return taskId;
}
