/** Fixtures for the hardening tests, made through the server's own calls. */
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../helpers/server.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';

export type Auth = Record<string, string>;
export const tokenHeader = (token: string): Auth => ({ 'x-access-token': token });

export async function signupTeacher(server: TestServer, name: string): Promise<Auth> {
  const r = await server.post('/api/v1.0/username/signup', { username: name, password: `${name}-pw`, email: `${name}@school.cn`, isTeacher: true });
  if (r.status !== 200) throw new Error(`signup ${name}: ${JSON.stringify(r.body)}`);
  return tokenHeader((await server.login(name, `${name}-pw`)).accessToken);
}

export async function signupStudent(server: TestServer, name: string, teacher: string, className: string): Promise<Auth> {
  const r = await server.post('/api/v1.0/username/signup', {
    username: name,
    password: `${name}-pw`,
    email: `${name}@home.cn`,
    isTeacher: false,
    teachername: teacher,
    classname: className,
  });
  if (r.status !== 200) throw new Error(`signup ${name}: ${JSON.stringify(r.body)}`);
  return tokenHeader((await server.login(name, `${name}-pw`)).accessToken);
}

export async function addClass(server: TestServer, teacher: Auth, className: string, students: string[]): Promise<void> {
  const r = await server.post('/api/v1.0/userclasses/addclass', { className, schoolID: 'ES', pressID: 'PEP', students: students.join(', ') }, teacher);
  if (r.body !== 'success') throw new Error(`addclass ${className}: ${JSON.stringify(r.body)}`);
}

export async function assign(server: TestServer, teacher: Auth, className: string, bookUnitID: string, Type = 'SB'): Promise<void> {
  const r = await server.post('/api/v1.0/usertasks/assigntask', { className, bookUnitID, Type }, teacher);
  if (!String(r.body).startsWith('success')) throw new Error(`assign ${bookUnitID}: ${JSON.stringify(r.body)}`);
}

/** The student's open tasks as task ids ('{bookID}-{unitID}-{TPID}-{Type}-{teacher}'). */
export async function taskIds(server: TestServer, student: Auth, teacher: string): Promise<string[]> {
  const rows = (await server.get('/api/v1.0/usertasks', student)).body.slice(0, -1) as { bookUnitID: string; TPID: number; Type: string }[];
  return rows.map((t) => `${t.bookUnitID}-${t.TPID}-${t.Type}-${teacher}`);
}

/** A finished task's sbArr with every word right. */
export async function perfectSbArr(server: TestServer, student: Auth, taskId: string): Promise<unknown[]> {
  const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, student)).body as unknown[];
  const words = content.slice(1).map((item) => (typeof item === 'string' ? item.split(' -- ')[0]! : (item as { word: string }).word));
  return [SBARR_HEADER, ...words.map((w, i) => [i + 1, w, w, 'v', i + 1]), `${taskId}-100`];
}

/** What a student typed for a word, and the status when it is not simply right (v) or wrong (x). */
export type Answer = { typed: string; status?: string };

/** Plays an open Spelling Bee task as `answer` says, posts the result (it must be stored) and returns its words. */
export async function playSpellingTask(server: TestServer, student: Auth, taskId: string, answer: (word: string) => Answer): Promise<string[]> {
  const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, student)).body as string[];
  const words = content.slice(1).map((line) => line.split(' -- ')[0]!);
  let correct = 0;
  const rows = words.map((word, i) => {
    const a = answer(word);
    const status = a.status ?? (a.typed.trim() === word ? 'v' : 'x');
    if (status === 'v') correct++;
    return [i + 1, word, a.typed, status, correct];
  });
  const r = await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-${Math.floor((100 * correct) / words.length)}`], student);
  if (r.status !== 200) throw new Error(`userspelling ${taskId}: ${r.status} ${JSON.stringify(r.body)}`);
  return words;
}

/**
 * Every table's row count and a digest of its content: two equal snapshots mean nothing was
 * stored, changed or deleted.
 */
export async function snapshot(server: TestServer, ignore: string[] = []): Promise<Record<string, string>> {
  const db = server.app.deps.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as any;
  const names: string[] = (tables.rows ?? tables).map((r: { table_name: string }) => r.table_name).filter((n: string) => !ignore.includes(n));
  const out: Record<string, string> = {};
  for (const name of names) {
    const r = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${sql.identifier(name)} t`,
    )) as any;
    const row = (r.rows ?? r)[0];
    out[name] = `${row.n}:${row.digest}`;
  }
  return out;
}
