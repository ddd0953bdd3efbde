/**
 * A whole school in the bench database: one teacher with 50 classes of 100 students, 20
 * Spelling Bee assignments per class: 100,000 open task rows. The teacher and the students who
 * log in are made through the services (signup); the bulk rows are inserted with SQL, which
 * is what makes a 100k-row database take seconds instead of minutes.
 */
import { sql } from 'drizzle-orm';
import type { App } from '../server/app.ts';
import { signup } from '../server/users/service.ts';
import { NATIONAL_BOOK } from '../server/textbooks/service.ts';

export const BENCH_TEACHER = 'benchteacher';
export const BENCH_PASSWORD = 'benchpass1';

export type School = { teacher: string; classes: number; studentsPerClass: number; tasksPerStudent: number; taskRows: number };

export async function fillSchool(app: App, shape = { classes: 50, studentsPerClass: 100, tasksPerStudent: 20 }): Promise<School> {
  const deps = app.deps;
  await signup(deps, { username: BENCH_TEACHER, password: BENCH_PASSWORD, email: 'bench@wordbee.local', isTeacher: true });
  const db = deps.db;
  await db.execute(sql`
    insert into classes (teacher_id, name, name_key, school_id, press_id)
    select u.id, 'Class ' || g, 'class ' || g, 'ES', 'PEP'
    from users u, generate_series(1, ${shape.classes}) g where u.username_key = ${BENCH_TEACHER}`);
  await db.execute(sql`
    insert into roster_entries (class_id, student_name, student_key)
    select c.id, 'pupil' || c.id || 'x' || g, 'pupil' || c.id || 'x' || g
    from classes c join users u on u.id = c.teacher_id, generate_series(1, ${shape.studentsPerClass}) g
    where u.username_key = ${BENCH_TEACHER}`);
  await db.execute(sql`
    insert into assignments (class_id, book_id, unit_id, type, origin, due_days)
    select c.id, u2.book_id, u2.unit_id, 'SB', 'teacher', 7
    from classes c join users u on u.id = c.teacher_id,
      (select book_id, unit_id from units where book_id = ${NATIONAL_BOOK} order by ordinal limit ${shape.tasksPerStudent}) u2
    where u.username_key = ${BENCH_TEACHER}`);
  await db.execute(sql`
    insert into task_rows (assignment_id, roster_entry_id, due_at)
    select a.id, r.id, now() + ((a.id % 13) + 1) * interval '1 day'
    from assignments a join roster_entries r on r.class_id = a.class_id join classes c on c.id = a.class_id
    join users u on u.id = c.teacher_id where u.username_key = ${BENCH_TEACHER}`);
  await db.execute(sql`analyze`);
  const [{ n }] = (await countRows(app)) as [{ n: number }];
  return { teacher: BENCH_TEACHER, ...shape, taskRows: n };
}

async function countRows(app: App) {
  const result: any = await app.deps.db.execute(sql`select count(*)::int as n from task_rows`);
  return result.rows ?? result;
}

/**
 * Students who can log in: each claims a roster name of class `Class {k}` by signing up
 * (automatic class management), so they own that name's open tasks.
 */
export async function studentsOf(app: App, count: number, perClass = 100): Promise<string[]> {
  const names: string[] = [];
  const classRows: any = await app.deps.db.execute(
    sql`select c.id, c.name from classes c join users u on u.id = c.teacher_id where u.username_key = ${BENCH_TEACHER} order by c.id`,
  );
  const list = (classRows.rows ?? classRows) as { id: number; name: string }[];
  for (let i = 0; i < count; i++) {
    const klass = list[Math.floor(i / perClass) % list.length]!;
    const name = `pupil${klass.id}x${(i % perClass) + 1}`;
    await signup(app.deps, {
      username: name,
      password: BENCH_PASSWORD,
      email: `${name}@wordbee.local`,
      isTeacher: false,
      teachername: BENCH_TEACHER,
      classname: klass.name,
    });
    names.push(name);
  }
  return names;
}
