/** A teacher with a real Chinese class of 50 in Chromium: the live view, the task list and the reports stay usable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { finishUnit } from '../helpers/results.ts';

const CLASS = 'Grade 7 Class 3';
const SURNAMES = ['Zhang', 'Wang', 'Li', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou'];
const ROSTER = Array.from({ length: 50 }, (_, i) => `${SURNAMES[i % 10]}Xue${String(i + 1).padStart(2, '0')}`);
const ANSWER = `mutation ($i: AnswerInput!) { recordAnswer(input: $i) { __typename ... on Error { message } } }`;

describe.skipIf(!browserAvailable && !browserRequired)('a class of 50 in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let teacher: Record<string, string>;
  const students: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    server = await startServer('pglite', { app: { mailWorker: false } });
    browser = await launchBrowser();
    await server.post('/api/v1.0/username/signup', { username: 'MsWangLi', password: 'wang123', email: 'wang@school.cn', isTeacher: true });
    teacher = { 'x-access-token': (await server.login('MsWangLi', 'wang123')).accessToken };
    expect(
      (await server.post('/api/v1.0/userclasses/addclass', { className: CLASS, schoolID: 'MS', pressID: 'PEP', students: ROSTER.join(', ') }, teacher)).body,
    ).toBe('success');
    for (const name of ROSTER.slice(0, 3)) {
      await server.post('/api/v1.0/username/signup', {
        username: name,
        password: 'pass1234',
        email: `${name}@home.cn`,
        isTeacher: false,
        teachername: 'MsWangLi',
        classname: CLASS,
      });
      students[name] = { 'x-access-token': (await server.login(name, 'pass1234')).accessToken };
    }
    // Three units: 147 open tasks, and a report for the first three students.
    for (const bookUnitID of ['NS2022-MS2', 'NS2022-ES1'])
      await server.post('/api/v1.0/usertasks/assigntask', { className: CLASS, bookUnitID, Type: 'SB' }, teacher);
    for (const name of ROSTER.slice(0, 3))
      await finishUnit(server, { teacher, student: students[name]!, className: CLASS, teacherName: 'MsWangLi' }, 'NS2022-MS1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function teacherPage(route: string, width = 1280): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 860 } })).newPage();
    await logIn(page, server.url, 'MsWangLi', 'wang123');
    await page.evaluate((c) => sessionStorage.setItem('selectedClassname', c), CLASS);
    await page.goto(`${server.url}${route}`);
    return page;
  }

  it('the live view says how the class stands, finds a student by name, and fits five students a row on a laptop', async () => {
    const page = await teacherPage('/dashboard');
    await expect.poll(() => page.locator('.live-student').count()).toBe(50);
    await expect.poll(() => page.getByTestId('live-standing').innerText()).toMatch(/answering now 0\s.*finished a task 3\s.*no answers yet 47/s);
    // Two students answer their open task as the player does.
    for (const name of ROSTER.slice(0, 2)) {
      const task = (await server.get('/api/v1.0/usertasks', students[name]!)).body.find((t: any) => t.bookUnitID === 'NS2022-MS2');
      const taskId = `NS2022-MS2-${task.TPID}-SB-MsWangLi`;
      const word = ((await server.get(`/api/v1.0/usertasks/${taskId}`, students[name]!)).body[1] as string).split(' -- ')[0]!;
      const r = await server.gql(ANSWER, { i: { taskId, position: 1, word, typed: word, status: 'v' } }, students[name]!['x-access-token']);
      expect(r.body.data.recordAnswer.__typename).not.toMatch(/Error/);
    }
    await expect.poll(() => page.getByTestId('live-standing').innerText()).toMatch(/answering now 2\s.*finished a task 1\s.*no answers yet 47/s);
    const rowTops = await page
      .locator('.live-student')
      .evaluateAll((cards) => new Set(cards.slice(0, 10).map((c) => Math.round(c.getBoundingClientRect().top))).size);
    expect(rowTops).toBe(2);

    await page.fill('input[name=student]', 'xue0');
    await expect.poll(() => page.locator('.live-student h2').allInnerTexts()).toEqual(ROSTER.slice(0, 9));
    await page.fill('input[name=student]', 'nobody');
    await expect.poll(() => page.locator('.empty').innerText()).toContain('nobody');
    await page.context().close();
  });

  it("the task list finds one student's open tasks among 147", async () => {
    const page = await teacherPage('/task', 390);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(100);
    await expect.poll(() => page.getByRole('button', { name: /Show more tasks/ }).innerText()).toContain('100 shown');
    await page.fill('input[name=student]', 'ZhouXue50');
    // The student's name leads each row (on a phone it leads the card's English line).
    await expect
      .poll(async () => (await page.locator('tbody td[data-label=student]').allInnerTexts()).map((t) => t.split('\n').at(-1)!.split(':')[0]!.trim()))
      .toEqual(['ZhouXue50', 'ZhouXue50', 'ZhouXue50']);
    expect(await page.getByRole('button', { name: /Show more tasks/ }).count()).toBe(0);
    await page.fill('input[name=student]', '');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(100);
    await page.context().close();
  });

  it("the reports panel finds one student's reports", async () => {
    const page = await teacherPage('/classes', 390);
    await page.getByRole('button', { name: 'Reports' }).click();
    const panel = page.getByRole('region', { name: 'Reports' });
    await expect.poll(() => panel.locator('tbody tr').count()).toBe(3);
    await panel.locator('input[name=student]').fill(ROSTER[1]!.toLowerCase());
    await expect.poll(() => panel.locator('tbody td[data-label$=student]').allInnerTexts()).toEqual([ROSTER[1]]);
    await page.context().close();
  });
});
