/** A teacher's day in Chromium: add a class, select it, open a textbook, assign, see and remove tasks; a student sees theirs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { localDate } from '../../client/ui/dates.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the teacher workflow in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function logIn(page: Page, username: string, password = username) {
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
  }
  const status = (page: Page) => page.getByTestId('status').first().innerText();

  it('adds, selects and uses a class, assigns a unit, and removes one task', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'msgao', password: 'gao12', email: 'gao@school.cn', isTeacher: true });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    await logIn(page, 'msgao', 'gao12');
    await page.click('a[href="/classes"]');
    await expect.poll(() => page.locator('.guidance').innerText()).toBe('还没有班级，请点击 +Class 添加一个班级 No class, please click +Class to add a class');
    expect(await page.getByRole('button', { name: 'SelectClass' }).count()).toBe(0);

    await page.getByRole('button', { name: '+Class' }).click();
    await page.locator('form').getByRole('button', { name: '+Class' }).click();
    await expect.poll(() => status(page)).toBe('四个红框都要填写 · All four red color inputs are required');
    await page.getByRole('button', { name: /Back to the form/ }).click();
    await page.fill('input[name=className]', 'Class 5C');
    await page.selectOption('select[name=schoolID]', 'ES');
    // The series by their presses' full names, the spec's pressID as each option's value.
    const presses = await page.locator('select[name=pressID] option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(presses.slice(1)).toEqual(['BNU', 'PEP']);
    await page.selectOption('select[name=pressID]', 'PEP');
    // Names pasted as a column (one per line, as copied from a spreadsheet) become a list.
    await page.fill('input[name=students]', 'kiki01');
    await page.locator('input[name=students]').evaluate((input: HTMLInputElement) => {
      input.setSelectionRange(input.value.length, input.value.length);
      const data = new DataTransfer();
      data.setData('text/plain', 'leo002\r\n');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await page.inputValue('input[name=students]')).toBe('kiki01, leo002');
    expect(await page.inputValue('input[name=taskDueDays]')).toBe('7');
    expect(await page.inputValue('input[name=spellingTimeoutSec]')).toBe('15');
    await page.selectOption('select[name=tbTaskType]', 'SB');
    await page.locator('form').getByRole('button', { name: '+Class' }).click();
    await expect.poll(() => status(page)).toBe('已添加班级 Class 5C · success: class Class 5C added');
    await expect.poll(() => page.locator('table').innerText()).toContain('kiki01, leo002');
    // A teacher's first class is selected from the start.
    await expect.poll(() => page.locator('tr.selected-row td').first().innerText()).toMatch(/^Class 5C\s*已选 selected$/);
    expect(await page.locator('.guidance').count()).toBe(0);

    await page.getByRole('button', { name: 'SelectClass' }).click();
    const selectPanel = page.getByRole('region', { name: /SelectClass/ });
    await selectPanel.locator('select').selectOption('Class 5C');
    await selectPanel.getByRole('button', { name: 'selectClass' }).click();
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('欢迎 msgao · Class 5C\nWelcome msgao · Class 5C');

    await page.click('a[href="/textbooks"]');
    await expect.poll(() => page.locator('table').innerText()).toContain('NS2022');
    const start = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(start).toEqual(['NS2022', 'FC2025', 'ES2022', 'MS2022', 'HM2020', 'HSM2020', 'ES-PEP']);
    await page.getByRole('button', { name: 'ES-PEP' }).first().click();
    await expect.poll(() => page.locator('tbody tr td:first-child').allInnerTexts()).toEqual(['NS2022', 'ES-PEP', 'PEP3A', 'PEP3B']);
    await page.getByRole('button', { name: 'NS2022', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(7);
    // Back goes up a level at a time before it leaves the page; Forward comes down again.
    await page.goBack();
    await expect.poll(() => page.locator('tbody tr td:first-child').allInnerTexts()).toEqual(['NS2022', 'ES-PEP', 'PEP3A', 'PEP3B']);
    await page.goBack();
    await expect.poll(() => page.locator('tbody tr td:first-child').allInnerTexts()).toEqual(start);
    expect(page.url()).toMatch(/\/textbooks$/);
    await page.goForward();
    await page.goForward();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(7);
    await page.getByRole('button', { name: 'ES2', exact: true }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => status(page)).toMatch(/^SB NS2022-ES2 assigned to 2 students of Class 5C \(TPID \d+\)$/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    const cells = await page.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(0, 4)).toEqual(['kiki01', expect.stringMatching(/^NS2022-ES2\n.+ · .+/), expect.stringMatching(/^\d+$/), 'SB\n拼写']);
    // Due in the class's 7 days: the date, 10 characters, year first (spec: dueBy).
    expect(cells[4]).toBe(localDate(new Date(Date.now() + 7 * 86_400_000)));

    const leoDue = (await page.locator('tr', { hasText: 'leo002' }).locator('td').allInnerTexts())[4];
    await page.getByRole('button', { name: /Remove SB NS2022-ES2 of leo002/ }).click();
    await expect.poll(() => status(page)).toBe('Removed SB NS2022-ES2 of leo002');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    // A slip of the finger is undone: the task is back, due when it was.
    await page.getByRole('button', { name: '撤销 Undo' }).click();
    await expect.poll(() => status(page)).toBe('success: SB NS2022-ES2 of leo002 is back');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect((await page.locator('tr', { hasText: 'leo002' }).locator('td').allInnerTexts())[4]).toBe(leoDue);
    expect(await page.getByRole('button', { name: '撤销 Undo' }).count()).toBe(0);
    await page.getByRole('button', { name: /Remove SB NS2022-ES2 of leo002/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await status(page)).toBe('');
    // The same unit again: nothing new, and the task list says so.
    await page.click('a[href="/textbooks"]');
    await page.getByRole('button', { name: 'ES2', exact: true }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => status(page)).toMatch(/^SB NS2022-ES2 is already assigned \(TPID \d+\); 1 new student added$/);
    await page.context().close();

    await server.post('/api/v1.0/username/signup', {
      username: 'kiki01',
      password: 'kiki1',
      email: 'kiki@home.cn',
      isTeacher: false,
      teachername: 'msgao',
      classname: 'Class 5C',
    });
    const kid = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await logIn(kid, 'kiki01', 'kiki1');
    await expect.poll(() => kid.locator('tbody tr').count()).toBe(1);
    // The spec's columns, each with its Chinese first.
    expect(await kid.locator('th').allInnerTexts()).toEqual(['学生 student', '课本单元 bookUnitID', '布置编号 TPID', '类型 Type', '截止日期 dueBy']);
    await expect.poll(() => kid.locator('main').innerText()).toMatch(/user auth will expire in 1(19|20) minutes/);
    await kid.getByRole('button', { name: 'SB' }).click();
    await kid.waitForURL('**/spellingbee');
    expect(await kid.evaluate(() => history.state?.taskId)).toMatch(/^NS2022-ES2-\d+-SB-msgao$/);
    await kid.context().close();
  });

  it('a teacher on a phone finds a unit of a 200-unit book by its number or title and assigns it', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'msdict', password: 'dict1', email: 'dict@school.cn', isTeacher: true });
    const token = (await server.login('msdict', 'dict1')).accessToken;
    expect(
      (
        await server.post(
          '/api/v1.0/userclasses/addclass',
          { className: 'Class 6D', schoolID: 'ES', pressID: 'PEP', students: 'mei001, tao002' },
          { 'x-access-token': token },
        )
      ).status,
    ).toBe(200);
    // A dictionary-style book of the school's own, as long as the importer allows: unit n practises one word.
    const words = ['cat', 'dog', 'bird', 'fish', 'rabbit', 'panda', 'tiger', 'monkey', 'duck', 'elephant'];
    const rows = Array.from(
      { length: 200 },
      (_, i) => `DICT,Picture dictionary,K-12,${i + 1},"${words[i % 10]}, part ${String.fromCharCode(65 + Math.floor(i / 10))}",${words[i % 10]}`,
    );
    const imported = await server.gql(
      'mutation ($n: String!, $c: String!) { importTextbook(fileName: $n, content: $c) { ... on ImportTextbookPayload { units } } }',
      { n: 'dictionary.csv', c: ['bookID,bookTitle,schoolID,unitID,unitTitle,word', ...rows].join('\n') },
      token,
    );
    expect(imported.body.data.importTextbook.units).toBe(200);

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await logIn(page, 'msdict', 'dict1');
    await page.goto(`${server.url}/classes`);
    await page.getByRole('button', { name: 'SelectClass' }).click();
    const selectPanel = page.getByRole('region', { name: /SelectClass/ });
    await selectPanel.locator('select').selectOption('Class 6D');
    await selectPanel.getByRole('button', { name: 'selectClass' }).click();
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('欢迎 msdict · Class 6D\nWelcome msdict · Class 6D');
    await page.goto(`${server.url}/textbooks`);
    await page.getByRole('button', { name: 'ES-PEP' }).first().click();
    await page.getByRole('button', { name: 'DICT', exact: true }).click();

    // The first 20 units, and a page a thumb can cover, not 200 cards.
    const units = page.locator('tbody tr');
    await expect.poll(() => units.count()).toBe(20);
    expect(await page.getByRole('status').filter({ hasText: 'units' }).innerText()).toBe('共 200 个单元，显示了 20 个 20 of 200 units shown');
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThan(3 * 844);
    await page.getByRole('button', { name: '显示全部 200 个单元 Show all 200 units' }).click();
    await expect.poll(() => units.count()).toBe(200);

    const search = page.getByRole('searchbox', { name: /Find a unit/ });
    await search.fill('panda');
    await expect.poll(() => units.locator('td[data-label=unitID]').allInnerTexts()).toEqual(Array.from({ length: 20 }, (_, i) => String(i * 10 + 6)));
    await search.fill('zebra');
    await expect
      .poll(() => page.locator('.empty').innerText())
      .toBe('DICT 里没有单元号或标题含“zebra”的单元。 No unit of DICT has “zebra” in its number or title.');
    expect(await page.locator('table').count()).toBe(0);
    // A number is the start of a unit's number: 16, then 160–169.
    await search.fill('16');
    await expect.poll(() => units.locator('td[data-label=unitID]').allInnerTexts()).toEqual(['16', ...Array.from({ length: 10 }, (_, i) => String(160 + i))]);
    await units.first().getByRole('button', { name: '16', exact: true }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => status(page)).toMatch(/DICT-16 assigned to 2 students of Class 6D \(TPID \d+\)/);
    await page.context().close();
  });

  it('a task list longer than a page is all there: the first 100, then more at a click', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'mrbig', password: 'big12', email: 'big@school.cn', isTeacher: true });
    const teacher = { 'x-access-token': (await server.login('mrbig', 'big12')).accessToken };
    const students = Array.from({ length: 36 }, (_, i) => `pupil${String(i).padStart(2, '0')}`).join(', ');
    expect((await server.post('/api/v1.0/userclasses/addclass', { className: 'Big Class', schoolID: 'ES', pressID: 'PEP', students }, teacher)).status).toBe(
      200,
    );
    for (const unit of ['NS2022-ES1', 'NS2022-ES2', 'NS2022-ES3']) {
      expect((await server.post('/api/v1.0/usertasks/assigntask', { className: 'Big Class', bookUnitID: unit, Type: 'SB' }, teacher)).status).toBe(200);
    }
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, 'mrbig', 'big12');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(100);
    await page.getByRole('button', { name: /Show more tasks/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(108);
    expect(await page.getByRole('button', { name: /Show more tasks/ }).count()).toBe(0);
    await page.context().close();
  });
});
