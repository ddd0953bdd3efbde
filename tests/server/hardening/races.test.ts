/**
 * Requests that race each other on the real PostgreSQL, where transactions run side by side (PGlite
 * runs one at a time, which hides these): an accepted result is never lost, an assignment sent
 * twice is made once, a student joining while the teacher assigns gets the task, a deletion
 * meanwhile is a 409 and not a 500, and two teachers importing one new book id do not both win.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { addClass, assign, perfectSbArr, signupStudent, signupTeacher, taskIds, type Auth } from './fixtures.ts';

const onPostgres = DATABASES.includes('postgres');

describe.skipIf(!onPostgres)('requests racing each other on PostgreSQL', () => {
  let server: TestServer;
  let sql: postgres.Sql;
  beforeAll(async () => {
    server = await startServer('postgres', { env: { SIGNUPS_PER_ADDRESS: '10000' } });
    sql = postgres(server.databaseUrl!, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await server?.close();
  });

  it('a result saved while the teacher removes the task is kept, and the removal is refused', async () => {
    const teacher = await signupTeacher(server, 'racer1');
    await addClass(server, teacher, 'R1', ['ann01']);
    const student = await signupStudent(server, 'ann01', 'racer1', 'R1');
    await assign(server, teacher, 'R1', 'NS2022-ES3');
    const [taskId] = await taskIds(server, student, 'racer1');
    const sbArr = await perfectSbArr(server, student, taskId!);
    const tpid = Number(taskId!.split('-')[2]);

    // Hold the task row, which the result's one write statement marks done and the removal locks:
    // both wait, the result (sent first) goes first, and the removal then finds it finished.
    const held = sql.reserve();
    const conn = await held;
    await conn`begin`;
    await conn`select tr.id from task_rows tr join roster_entries re on re.id = tr.roster_entry_id where re.student_key = 'ann01' for update of tr`;
    // Each request is sent once the one before it waits for the lock (however slow the machine).
    const waitingForLocks = async (n: number) => {
      for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
        const [row] = await sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        if (row!.n >= n) return;
      }
      throw new Error(`${n} statement(s) never waited for the held task row`);
    };
    const saving = server.post('/api/v1.0/userspelling', sbArr, student);
    await waitingForLocks(1);
    const removing = server.post('/api/v1.0/usertasks/removetask', { student: 'ann01', bookUnitID: 'NS2022-ES3', TPID: tpid, Type: 'SB' }, teacher);
    await waitingForLocks(2);
    await conn`commit`;
    conn.release();
    const [saved, removed] = await Promise.all([saving, removing]);

    expect(saved.status).toBe(200);
    expect(removed).toEqual({ status: 409, body: 'The SB task NS2022-ES3 (TPID ' + tpid + ') for ann01 was finished meanwhile; its result is kept' });
    const dash = (await server.get('/api/v1.0/userdash', student)).body as Array<{ bookUnitID?: string }>;
    expect(JSON.stringify(dash)).toContain('NS2022-ES3');
    expect((await sql`select count(*)::int as n from results`)[0]!.n).toBe(1);
  });

  it('the same assignment sent eight times at once makes one task per student', async () => {
    const teacher = await signupTeacher(server, 'racer2');
    await addClass(server, teacher, 'R2', ['bob01', 'cat01', 'dan01']);
    const students = [
      await signupStudent(server, 'bob01', 'racer2', 'R2'),
      await signupStudent(server, 'cat01', 'racer2', 'R2'),
      await signupStudent(server, 'dan01', 'racer2', 'R2'),
    ];
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => server.post('/api/v1.0/usertasks/assigntask', { className: 'R2', bookUnitID: 'NS2022-ES1', Type: 'PA+SB' }, teacher)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const s of students)
      expect(
        (await taskIds(server, s, 'racer2'))
          .filter((id) => id.startsWith('NS2022-ES1-'))
          .map((id) => id.split('-')[3])
          .sort(),
      ).toEqual(['PA', 'SB']);
    expect((await sql`select count(*)::int as n from assignments a join classes c on c.id = a.class_id where c.name = 'R2'`)[0]!.n).toBe(2);
  });

  it('students signing up while the teacher assigns all get the task', async () => {
    const teacher = await signupTeacher(server, 'racer3');
    const names = Array.from({ length: 12 }, (_, i) => `eve${String(i).padStart(2, '0')}`);
    await addClass(server, teacher, 'R3', ['first01']);
    await signupStudent(server, 'first01', 'racer3', 'R3');
    const signups = names.map(async (name, i) => {
      await new Promise((r) => setTimeout(r, i * 3));
      return server.post('/api/v1.0/username/signup', {
        username: name,
        password: `${name}-pw`,
        email: `${name}@home.cn`,
        isTeacher: false,
        teachername: 'racer3',
        classname: 'R3',
      });
    });
    await new Promise((r) => setTimeout(r, 15));
    const assigned = await server.post('/api/v1.0/usertasks/assigntask', { className: 'R3', bookUnitID: 'NS2022-ES2', Type: 'SB' }, teacher);
    expect(assigned.status).toBe(200);
    expect((await Promise.all(signups)).map((r) => r.status)).toEqual(Array(names.length).fill(200));
    const without = [];
    for (const name of names) {
      const auth: Auth = { 'x-access-token': (await server.login(name, `${name}-pw`)).accessToken };
      if (!(await taskIds(server, auth, 'racer3')).some((id) => id.startsWith('NS2022-ES2-'))) without.push(name);
    }
    expect(without).toEqual([]);
  });

  it('a class deleted while the teacher assigns to it and students sign up: refusals, never a server error', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const teacher = await signupTeacher(server, `racer4x${round}`);
      await addClass(server, teacher, 'R4', ['gus01']);
      await signupStudent(server, `gus${round}a`, `racer4x${round}`, 'R4');
      const replies = await Promise.all([
        ...Array.from({ length: 3 }, () =>
          server.post('/api/v1.0/usertasks/assigntask', { className: 'R4', bookUnitID: 'NS2022-ES3', Type: 'PA+SB' }, teacher),
        ),
        ...Array.from({ length: 3 }, (_, i) =>
          server.post('/api/v1.0/username/signup', {
            username: `hal${round}${i}`,
            password: 'pw-hal1',
            email: 'hal@home.cn',
            isTeacher: false,
            teachername: `racer4x${round}`,
            classname: 'R4',
          }),
        ),
        server.post('/api/v1.0/userclasses/deleteclass', { className: 'R4' }, teacher),
      ]);
      statuses.push(...replies.map((r) => r.status));
      for (const r of replies) if (r.status >= 500) throw new Error(`server error: ${JSON.stringify(r.body)}`);
    }
    expect(statuses.filter((s) => ![200, 404, 409].includes(s))).toEqual([]);
    // Nothing half-made is left: no task rows of a deleted class.
    expect((await sql`select count(*)::int as n from classes where name = 'R4'`)[0]!.n).toBe(0);
  });

  it('two teachers importing the same new book id at once: one has it, the other is told', async () => {
    const IMPORT = `mutation ($c: String!) { importTextbook(fileName: "b.csv", content: $c) { __typename ... on ImportTextbookPayload { books } ... on Error { message } } }`;
    const tokens = [(await server.login('demoteacher')).accessToken];
    const other = await signupTeacher(server, 'racer5');
    tokens.push(other['x-access-token']!);
    for (let round = 0; round < 3; round++) {
      const id = `RACE${round}`;
      const replies = await Promise.all(tokens.map((t, i) => server.gql(IMPORT, { c: `bookID,bookTitle,unitID,word\n${id},Book of teacher ${i},1,cat\n` }, t)));
      const payloads = replies.map((r) => r.body.data.importTextbook);
      const winners = payloads.flatMap((p, i) => (p.__typename === 'ImportTextbookPayload' ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(payloads[1 - winners[0]!].message).toContain(`book ${id}: this id is already used by another school book`);
      const [book] = await sql`select title from books where id = ${id}`;
      expect(book!.title).toBe(`Book of teacher ${winners[0]}`);
    }
  });
});
