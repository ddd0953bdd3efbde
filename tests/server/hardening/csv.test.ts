/**
 * Names refuse control characters, and the results export is CSV as RFC 4180 writes it, safe to
 * open in a spreadsheet: a class name with a carriage return (`Z\r=2+3`) once made a line of the
 * export start with a formula.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { csvField, csvText } from '../../../server/results/csv.ts';
import { addClass, assign, perfectSbArr, signupStudent, signupTeacher, taskIds } from './fixtures.ts';

describe('the CSV writer', () => {
  it('quotes a field with a comma, a quote, a CR or an LF, and doubles its quotes', () => {
    expect(csvField('Z\r=2+3')).toBe('"Z\r=2+3"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvField('plain 张伟')).toBe('plain 张伟');
  });

  it('defuses text that a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}SUM(A1)`).startsWith(`'`) || csvField(`${start}SUM(A1)`).startsWith(`"'`), JSON.stringify(start)).toBe(true);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField(-3)).toBe('-3');
    expect(
      csvText([
        ['a', 1],
        ['=b', 2],
      ]),
    ).toBe("a,1\r\n'=b,2\r\n");
  });
});

describe('names and the results export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { app: { mailWorker: false, webhookWorker: false } });
  });
  afterAll(() => server?.close());

  it('a class, press or student name with a control character is refused and nothing is made', async () => {
    const teacher = await signupTeacher(server, 'csvteach1');
    for (const className of ['Z\r=2+3', 'A\nB', 'Tab\there', 'bell\u0007', 'nl\u2028x']) {
      const r = await server.post('/api/v1.0/userclasses/addclass', { className, schoolID: 'ES', pressID: 'PEP', students: 'kidone1' }, teacher);
      expect(r.status, JSON.stringify(className)).toBe(400);
      expect(String(r.body.info ?? r.body), JSON.stringify(className)).toMatch(/control character/);
    }
    const press = await server.post('/api/v1.0/userclasses/addclass', { className: 'Fine', schoolID: 'ES', pressID: 'P\rEP', students: 'kidone1' }, teacher);
    expect(press.status).toBe(400);
    const gql = await server.gql(
      'mutation ($input: AddClassInput!) { addClass(input: $input) { __typename ... on Error { message } } }',
      { input: { className: 'Z\r=2+3', schoolId: 'ES', pressId: 'PEP', students: 'kidone1' } },
      teacher['x-access-token'],
    );
    expect(JSON.stringify(gql.body)).toMatch(/control character|ValidationError|invalid/i);
    expect((await server.get('/api/v1.0/userclasses', teacher)).body).not.toContainEqual(expect.objectContaining({ className: 'Z\r=2+3' }));
    const signup = await server.post('/api/v1.0/username/signup', {
      username: 'kidone1',
      password: 'abcd',
      email: 'k@h.cn',
      isTeacher: false,
      teachername: 'csvteach1',
      classname: 'Z\r=2+3',
    });
    expect(signup.status).toBe(400);
  });

  it('a class named like a formula is exported with the formula defused', async () => {
    const teacher = await signupTeacher(server, 'csvteach2');
    await addClass(server, teacher, '=2+3', ['csvkid2']);
    const student = await signupStudent(server, 'csvkid2', 'csvteach2', '=2+3');
    await assign(server, teacher, '=2+3', 'NS2022-ES1');
    const [taskId] = await taskIds(server, student, 'csvteach2');
    expect((await server.post('/api/v1.0/userspelling', await perfectSbArr(server, student, taskId!), student)).status).toBe(200);
    const response = await fetch(`${server.url}/api/v1.0/userclasses/export?className=${encodeURIComponent('=2+3')}`, { headers: teacher });
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/^'=2\+3,csvkid2,csvkid2,NS2022-ES1,/);
    expect(lines.slice(1).every((line) => !/^[=+\-@\t\r]/.test(line))).toBe(true);
  });
});
