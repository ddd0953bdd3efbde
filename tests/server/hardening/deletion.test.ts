/** Deleting a class or an account takes everything that hangs off it: no orphans anywhere. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { users } from '../../../db/schema.ts';
import { ORPHAN_GRACE_MS, sweepOrphanedFiles } from '../../../server/jobs/orphaned-files.ts';
import { reportsDone } from '../../helpers/results.ts';
import { addClass, assign, perfectSbArr, signupStudent, signupTeacher, taskIds, type Auth } from './fixtures.ts';

const BOOK_CSV = `bookID,bookTitle,schoolID,pressID,unitID,unitTitle,word
DELBOOK,Deletion Book,ES,PEP,1,Colours,red
DELBOOK,,,,1,,blue
DELBOOK,,,,2,Shapes,circle
`;

/** Rows whose parent is gone, for every parent-child link of the data model. */
const ORPHAN_CHECKS: Record<string, string> = {
  'classes without teacher': 'select count(*) from classes c where not exists (select 1 from users u where u.id = c.teacher_id)',
  'students without teacher': 'select count(*) from users s where s.teacher_id is not null and not exists (select 1 from users t where t.id = s.teacher_id)',
  'roster without class': 'select count(*) from roster_entries r where not exists (select 1 from classes c where c.id = r.class_id)',
  'roster with a deleted user':
    'select count(*) from roster_entries r where r.user_id is not null and not exists (select 1 from users u where u.id = r.user_id)',
  'assignments without class': 'select count(*) from assignments a where not exists (select 1 from classes c where c.id = a.class_id)',
  'assignments without book': 'select count(*) from assignments a where not exists (select 1 from books b where b.id = a.book_id)',
  'tasks without assignment': 'select count(*) from task_rows t where not exists (select 1 from assignments a where a.id = t.assignment_id)',
  'tasks without roster entry': 'select count(*) from task_rows t where not exists (select 1 from roster_entries r where r.id = t.roster_entry_id)',
  'answers without task': 'select count(*) from answers a where not exists (select 1 from task_rows t where t.id = a.task_row_id)',
  'results without task': 'select count(*) from results r where not exists (select 1 from task_rows t where t.id = r.task_row_id)',
  'results without user': 'select count(*) from results r where not exists (select 1 from users u where u.id = r.user_id)',
  'reports without result': 'select count(*) from reports p where not exists (select 1 from results r where r.id = p.result_id)',
  'memory without user': 'select count(*) from word_memory m where not exists (select 1 from users u where u.id = m.user_id)',
  'passes without user': 'select count(*) from vocabulary_passes v where not exists (select 1 from users u where u.id = v.user_id)',
  'recordings without user': 'select count(*) from recordings r where not exists (select 1 from users u where u.id = r.user_id)',
  'books without owner':
    'select count(*) from books b where b.owner_teacher_id is not null and not exists (select 1 from users u where u.id = b.owner_teacher_id)',
  'units without book': 'select count(*) from units n where not exists (select 1 from books b where b.id = n.book_id)',
  // Stored files have no foreign key (server/storage/blobs.ts): deleteClass removes them with the
  // class, and the orphaned-files sweep after a cascade from elsewhere.
  'report PDFs without report':
    "select count(*) from blobs b where b.key like 'reports/%' and not exists (select 1 from reports p where 'reports/' || p.file_name = b.key)",
  'recording audio without recording':
    "select count(*) from blobs b where b.key like 'recordings/%' and not exists (select 1 from recordings r where r.blob_key = b.key)",
  'unit words without unit': 'select count(*) from unit_words w where not exists (select 1 from units n where n.book_id = w.book_id and n.unit_id = w.unit_id)',
};

describe.each(DATABASES)('deleting classes and accounts on %s', (kind) => {
  let server: TestServer;
  let teacher: Auth;
  let kid1: Auth;
  const count = async (query: string) => {
    const r = (await server.app.deps.db.execute(sql.raw(query))) as any;
    return Number(Object.values((r.rows ?? r)[0])[0]);
  };
  const orphans = async () => {
    const found: Record<string, number> = {};
    for (const [name, query] of Object.entries(ORPHAN_CHECKS)) {
      const n = await count(query);
      if (n) found[name] = n;
    }
    return found;
  };
  /** The report-expiry worker's sweep, run as it would be once the files are past their grace period. */
  const sweepAfterGrace = () => sweepOrphanedFiles(server.app.deps, new Date(Date.now() + ORPHAN_GRACE_MS + 60_000));
  const userId = async (name: string) => (await server.app.deps.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, name)))[0]?.id;

  beforeAll(async () => {
    server = await startServer(kind);
    teacher = await signupTeacher(server, 'mrdelete');
    await server.post('/api/v1.0/textbooks/import', { fileName: 'del.csv', content: BOOK_CSV }, teacher);
    await addClass(server, teacher, 'Gone', ['kid1del', 'kid2del', 'notyetdel']);
    await addClass(server, teacher, 'Stays', ['kid3del']);
    kid1 = await signupStudent(server, 'kid1del', 'mrdelete', 'Gone');
    await signupStudent(server, 'kid2del', 'mrdelete', 'Gone');
    const kid3 = await signupStudent(server, 'kid3del', 'mrdelete', 'Stays');
    await assign(server, teacher, 'Gone', 'NS2022-ES1');
    await assign(server, teacher, 'Gone', 'DELBOOK-1');
    await assign(server, teacher, 'Stays', 'DELBOOK-2');
    for (const [who, name] of [
      [kid1, 'kid1del'],
      [kid3, 'kid3del'],
    ] as const) {
      const [first] = await taskIds(server, who, 'mrdelete');
      const posted = await server.post('/api/v1.0/userspelling', await perfectSbArr(server, who, first!), who);
      expect(posted.status, name).toBe(200);
    }
    await reportsDone(server);
  });
  afterAll(() => server?.close());

  it('deleting a class takes its roster, tasks, answers, results and reports with their files; the accounts stay', async () => {
    const classId = await count(`select id from classes where name = 'Gone'`);
    const beforeResults = await count('select count(*) from results');
    expect(await count(`select count(*) from task_rows t join assignments a on a.id = t.assignment_id where a.class_id = ${classId}`)).toBeGreaterThan(0);
    const r = await server.post('/api/v1.0/userclasses/deleteclass', { className: 'gone' }, teacher);
    expect(r).toEqual({ status: 200, body: 'Gone' });
    expect(await count(`select count(*) from roster_entries where class_id = ${classId}`)).toBe(0);
    expect(await count(`select count(*) from assignments where class_id = ${classId}`)).toBe(0);
    expect(await count('select count(*) from results')).toBe(beforeResults - 1);
    expect(await count('select count(*) from reports')).toBe(beforeResults - 1);
    expect(await count(`select count(*) from blobs where key like 'reports/%'`)).toBe(beforeResults - 1);
    expect(await orphans()).toEqual({});
    expect(await userId('kid1del')).toBeDefined();
    expect((await server.get('/api/v1.0/usertasks', kid1)).body).toEqual([{ tokenExpAt: expect.any(Number) }]);
  });

  it("deleting a student's account takes their roster entry, tasks, results, reports and memory", async () => {
    const id = await userId('kid3del');
    expect(await count(`select count(*) from results where user_id = ${id}`)).toBe(1);
    expect(await count(`select count(*) from word_memory where user_id = ${id}`)).toBeGreaterThan(0);
    await server.app.deps.db.delete(users).where(eq(users.id, id!));
    expect(await count(`select count(*) from blobs where key like 'reports/%'`)).toBe(1); // the cascade took the report row, not its PDF
    await sweepAfterGrace();
    for (const table of ['results', 'word_memory', 'vocabulary_passes', 'recordings', 'roster_entries']) {
      expect(await count(`select count(*) from ${table} where user_id = ${id}`), table).toBe(0);
    }
    expect(await count(`select count(*) from answers`)).toBe(0);
    expect(await count(`select count(*) from reports`)).toBe(0);
    expect(await orphans()).toEqual({});
  });

  it("deleting a teacher's account takes their classes and own books with their units and word lists; their students' accounts stay", async () => {
    expect(await count(`select count(*) from unit_words where book_id = 'DELBOOK'`)).toBe(3);
    await server.app.deps.db.delete(users).where(eq(users.usernameKey, 'mrdelete'));
    await sweepAfterGrace();
    // A student's account is theirs (docs/security.md, Accounts): it stays, in no class, without a teacher.
    const kid = await userId('kid1del');
    expect(kid).toBeDefined();
    expect(await count(`select count(*) from users where id = ${kid} and teacher_id is null`)).toBe(1);
    expect(await count(`select count(*) from roster_entries where user_id = ${kid}`)).toBe(0);
    expect(await count(`select count(*) from classes where name in ('Gone', 'Stays')`)).toBe(0);
    expect(await count(`select count(*) from books where id = 'DELBOOK'`)).toBe(0);
    expect(await count(`select count(*) from unit_words where book_id = 'DELBOOK'`)).toBe(0);
    expect(await orphans()).toEqual({});
    // The shared content and the demo accounts are untouched.
    expect(await count(`select count(*) from unit_words`)).toBeGreaterThan(0);
    expect((await server.login('demoteacher')).accessToken).toBeTruthy();
  });
});
