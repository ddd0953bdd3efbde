import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { subscribe, until } from '../../helpers/live.ts';
import { sql } from 'drizzle-orm';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';

// No N+1: the reads a page makes cost the same number of SQL statements whatever the amount
// of data behind them (docs/performance.md). Counted at drizzle, per request.
const TASKS = `query ($c: String) { viewer { id tasks(first: 100, className: $c) { edges { node { id student bookUnitId tpid type dueBy taskId unitTitle } } } } }`;
const DASHBOARD = `{ viewer { username dashboard { records { testId currentScore averageScore maxScore minScore } vocabulary { level passed required percent } } } }`;
const CLASSES = `{ viewer { id classes(first: 100) { edges { node { id name schoolId pressId students tbTaskType spellingTimeoutSec taskDueDays } } } } pressOptions { schoolId pressId title } }`;
const CLASS = `query ($n: String!) { viewer { class(name: $n) { id name students } } }`;
const ACTIVITY = `subscription ($c: ID!, $s: DateTime) { classActivity(classId: $c, since: $s) { eventId kind } }`;

describe.each(DATABASES)('SQL statements per request on %s', (kind) => {
  let server: TestServer;
  let teacher: Record<string, string>;
  let student: Record<string, string>;
  beforeAll(async () => {
    // Background workers (mail, webhooks) would poll the database during a measurement.
    server = await startServer(kind, { app: { mailWorker: false, webhookWorker: false } });
    teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    student = { 'x-access-token': (await server.login('demostudent')).accessToken };
  });
  afterAll(() => server?.close());

  async function statements(call: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const stop = server.app.database.observeQueries(() => n++);
    try {
      await call();
    } finally {
      stop();
    }
    return n;
  }
  const gql = (query: string, variables: Record<string, unknown>, who: Record<string, string>) => async () => {
    const r = await server.gql(query, variables, who['x-access-token']);
    expect(r.body.errors).toBeUndefined();
    return r.body;
  };
  const assign = (className: string, bookUnitID: string) => server.post('/api/v1.0/usertasks/assigntask', { className, bookUnitID, Type: 'SB' }, teacher);
  const pages = () => ({
    studentRest: () => server.get('/api/v1.0/usertasks', student),
    teacherRest: () => server.get('/api/v1.0/usertasks', teacher),
    studentTasks: gql(TASKS, {}, student),
    teacherTasks: gql(TASKS, {}, teacher),
    teacherClassTasks: gql(TASKS, { c: 'Demo Class' }, teacher),
    restDashboard: () => server.get('/api/v1.0/userdash', student),
    dashboard: gql(DASHBOARD, {}, student),
    classes: gql(CLASSES, {}, teacher),
    classView: gql(CLASS, { n: 'Demo Class' }, teacher),
  });
  async function countAll() {
    const out: Record<string, number> = {};
    for (const [name, call] of Object.entries(pages())) out[name] = await statements(call);
    return out;
  }
  async function finishTask(unit: string) {
    const task = (await server.get('/api/v1.0/usertasks', student)).body.find((t: any) => t.bookUnitID === unit);
    const taskId = `${unit}-${task.TPID}-SB-demoteacher`;
    const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, student)).body;
    const words: string[] = content.slice(1).map((x: string) => x.split(' -- ')[0]);
    const rows = words.map((w, i) => [i + 1, w, w, 'v', i + 1]);
    expect((await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-100`], student)).status).toBe(200);
  }

  it('the task list, the dashboard and the class view cost the same few statements for one task or many, one class or several', async () => {
    await assign('Demo Class', 'NS2022-ES1');
    await finishTask('NS2022-ES1');
    const small = await countAll();

    // Five times the tasks, more classes and students, more finished tasks.
    for (const name of ['Class 4B', 'Class 5C']) {
      expect(
        (
          await server.post(
            '/api/v1.0/userclasses/addclass',
            { className: name, schoolID: 'ES', pressID: 'PEP', students: 'Anna, Benn, Cath, Dani, Evie, Faye' },
            teacher,
          )
        ).status,
      ).toBe(200);
      for (const unit of ['NS2022-ES1', 'NS2022-ES2', 'NS2022-ES3']) await assign(name, unit);
    }
    for (const unit of ['NS2022-ES3', 'NS2022-MS1', 'NS2022-HSM1']) await assign('Demo Class', unit);
    await finishTask('NS2022-ES3');
    const tasks = (await server.get('/api/v1.0/usertasks', teacher)).body.length - 1;
    expect(tasks).toBeGreaterThan(40);
    const large = await countAll();

    expect(large).toEqual(small);
    // And few: the token check plus the read itself.
    for (const name of ['studentRest', 'teacherRest', 'studentTasks', 'teacherTasks', 'teacherClassTasks']) expect(small[name], name).toBe(2);
    for (const [name, n] of Object.entries(small)) expect(n, name).toBeLessThanOrEqual(4);
  });

  it('the Textbooks screen reads the units of all its books in one statement', async () => {
    const TEXTBOOKS = `query ($n: String!) { viewer { class(name: $n) { name shelf { national { bookId units { unitId wordCount } } sources { bookId units { unitId wordCount } } press { bookId units { unitId wordCount } } } } } }`;
    const shelf = (await gql(TEXTBOOKS, { n: 'Demo Class' }, teacher)()).data.viewer.class.shelf;
    const books = 1 + shelf.sources.length + shelf.press.length;
    expect(books).toBeGreaterThanOrEqual(7);
    // The token check, the class with its roster, the class again and the books, then the units: not one read per book.
    expect(await statements(gql(TEXTBOOKS, { n: 'Demo Class' }, teacher))).toBeLessThanOrEqual(6);
  });

  it("a book's units with their words (the Textbooks preview) cost one statement more than the units alone", async () => {
    const national = (await gql(`{ viewer { class(name: "Demo Class") { shelf { national { id units { unitId wordCount } } } } } }`, {}, teacher)()).data.viewer
      .class.shelf.national;
    expect(national.units.filter((u: { wordCount: number }) => u.wordCount > 0).length).toBeGreaterThanOrEqual(3);
    const book = (fields: string) => gql(`query ($id: ID!) { node(id: $id) { ... on Book { units { unitId ${fields} } } } }`, { id: national.id }, teacher);
    const units = await statements(book(''));
    expect(await statements(book('words { text pictureUrl }'))).toBe(units + 1);
    // One unit alone, as the preview asks: the same.
    expect(
      await statements(
        gql(
          `query ($id: ID!) { node(id: $id) { ... on Book { unit(unitId: "${national.units[1].unitId}") { words { text } } } } }`,
          { id: national.id },
          teacher,
        ),
      ),
    ).toBe(units + 1);
  });

  it("the live view's catch-up reads the same few statements however much happened", async () => {
    const classId = (await server.gql(`{ viewer { class(name: "Demo Class") { id } } }`, {}, teacher['x-access-token'])).body.data.viewer.class.id;
    const catchUp = async () => {
      // The past ends with the last finished task.
      const finished = (await server.get('/api/v1.0/userdash', student)).body.length;
      let n = 0;
      const stop = server.app.database.observeQueries(() => n++);
      const live = subscribe(server.url, teacher['x-access-token']!, ACTIVITY, { c: classId, s: new Date(Date.now() - 3_600_000).toISOString() });
      await until(() => live.events.filter((e) => e.classActivity.kind === 'finished').length === finished);
      await new Promise((r) => setTimeout(r, 100));
      stop();
      const events = live.events.length;
      await live.close();
      return { n, events };
    };
    const before = await catchUp();
    await finishTask('NS2022-MS1');
    const after = await catchUp();
    expect(after.events).toBeGreaterThan(before.events);
    expect(after.n).toBe(before.n);
    // The token checked at connection_init (a refused one closes with 4403), the token again for
    // the operation's context, the class, the answers and the results.
    expect(after.n).toBeLessThanOrEqual(5);
  });

  it('posting a result writes it in one statement: at most 8 in all, however many words, and nothing new when posted again', async () => {
    const post = async (unit: string) => {
      const task = (await server.get('/api/v1.0/usertasks', student)).body.find((t: any) => t.bookUnitID === unit);
      const taskId = `${unit}-${task.TPID}-SB-demoteacher`;
      const content = (await server.get(`/api/v1.0/usertasks/${taskId}`, student)).body;
      const words: string[] = content.slice(1).map((x: string) => x.split(' -- ')[0]);
      const body = [SBARR_HEADER, ...words.map((w, i) => [i + 1, w, w, 'v', i + 1]), `${taskId}-100`];
      const seen: string[] = [];
      const stop = server.app.database.observeQueries((q) => seen.push(q));
      let reply;
      try {
        reply = await server.post('/api/v1.0/userspelling', body, student);
      } finally {
        stop();
      }
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return { words: words.length, seen, reply: String(reply.body.info), again: () => server.post('/api/v1.0/userspelling', body, student) };
    };
    const rows = async (q: ReturnType<typeof sql>) => {
      const r = (await server.app.database.db.execute(q)) as unknown as { rows?: unknown[] };
      return (r.rows ?? (r as unknown as unknown[])) as Record<string, unknown>[];
    };
    const units = (await rows(sql`select unit_id from units where book_id = 'NS2022' order by ordinal`)).map((r) => `NS2022-${r.unit_id}`);
    // Units no other test here assigns: the 3rd from the end, its next one, and the last.
    const [unit, following, later] = [units.at(-3)!, units.at(-2)!, units.at(-1)!];
    await assign('Demo Class', unit);
    const first = await post(unit);
    // The token check, the task row, its words, one read of what the write depends on, the write.
    expect(first.seen.length, first.seen.join('\n')).toBeLessThanOrEqual(8);
    // One write statement: no lock, no read-back of what it wrote.
    expect(first.seen.filter((q) => /^\s*(with|insert|update|delete)/i.test(q))).toHaveLength(1);
    expect(first.seen.some((q) => /advisory|for update/i.test(q))).toBe(false);
    expect(first.reply).toContain(`saved; next task: SB ${following}`);

    // Another unit, with another number of words: the same count.
    await assign('Demo Class', later);
    const longer = await post(later);
    expect(longer.words).not.toBe(first.words);
    expect(longer.seen.length).toBe(first.seen.length);

    // The same post again stores nothing new.
    const count = async () =>
      JSON.stringify(
        await rows(
          sql`select (select count(*) from answers)::int a, (select count(*) from results)::int r, (select count(*) from task_rows)::int t, (select count(*) from jobs)::int j, (select count(*) from word_memory)::int m`,
        ),
      );
    const before = await count();
    const again = await first.again();
    expect(again.status).toBe(200);
    expect(String(again.body.info)).toContain(`was already saved; next task: SB ${following}`);
    expect(await count()).toBe(before);
  });
});
