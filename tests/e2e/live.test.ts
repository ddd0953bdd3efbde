/** The teacher's live view in one page while a student plays in another. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, setLoginExpiry } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the live class view in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    await server.app.deps.tts.speak({ text: 'hello there', voice: 'slt', speed: 1 });
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function logIn(username: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', username);
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    return page;
  }

  it("shows each answer on the teacher's page as the student gives it", async () => {
    const teacher = await logIn('demoteacher');
    await teacher.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
    await teacher.goto(`${server.url}/dashboard`);
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('No answers yet');

    const student = await logIn('demostudent');
    await student.locator('tr', { hasText: 'NS2022-ES3' }).getByRole('button', { name: 'SB' }).click();
    await student.waitForURL('**/spellingbee');
    await student.getByRole('button', { name: '(Re)Begin' }).click();
    await student.fill('input[name=answer]', 'red');
    await student.keyboard.press('Enter');
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('red ✓');
    await student.fill('input[name=answer]', 'bleu');
    await student.keyboard.press('Enter');
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('blue ✗');
    expect(await teacher.getByTestId('live-demostudent').innerText()).toMatch(/SB NS2022-ES3 · (第 2 个词 )?word 2/);
    for (const w of ['green', 'yellow', 'circle', 'square', 'black', 'white']) {
      await student.fill('input[name=answer]', w);
      await student.keyboard.press('Enter');
    }
    // The finished task keeps the words the student missed in view.
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toMatch(/SB NS2022-ES3: 87 · (错词 )?missed blue/);
    // Every answer, nothing twice. (The last answer's event may arrive after the result's: the
    // two are sent side by side.)
    const chips = () => teacher.getByTestId('live-demostudent').locator('.chip').allInnerTexts();
    await expect.poll(chips, { timeout: 5_000 }).toEqual(['red ✓', 'blue ✗', 'green ✓', 'yellow ✓', 'circle ✓', 'square ✓', 'black ✓', 'white ✓']);
    // The view says what fills the students' word lists, and opens that book to assign from.
    expect(await teacher.getByTestId('vocabulary-note').innerText()).toContain(
      'only count words spelled right in Spelling Bee tasks of the National standards book (NS2022)',
    );
    await teacher.getByRole('link', { name: /Open the National standards book/ }).click();
    await teacher.waitForURL('**/textbooks');
    // The National standards book open, its units to click (not the list of all sources).
    await expect.poll(() => teacher.locator('table.units-table tbody tr').first().innerText()).toMatch(/^NS2022\s+ES1\b/);
    await teacher.context().close();
    await student.context().close();
  });

  it('tells the teacher when a student finished the last unit of a book', async () => {
    const teacherToken = (await server.login('demoteacher')).accessToken;
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-HSM1', Type: 'SB' }, { 'x-access-token': teacherToken });
    const teacher = await logIn('demoteacher');
    await teacher.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
    await teacher.goto(`${server.url}/dashboard`);
    await teacher.getByTestId('live-demostudent').waitFor();
    expect(await teacher.getByTestId('book-finished').count()).toBe(0);

    const student = await logIn('demostudent');
    const studentToken = await student.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}').accessToken as string);
    const task = (await server.get('/api/v1.0/usertasks', { 'x-access-token': studentToken })).body.find((t: any) => t.bookUnitID === 'NS2022-HSM1');
    const content = (await server.get(`/api/v1.0/usertasks/NS2022-HSM1-${task.TPID}-SB-demoteacher`, { 'x-access-token': studentToken })).body as string[];
    const words = content.slice(1).map((line) => line.split(' -- ')[0]!);
    await student.locator('tr', { hasText: 'NS2022-HSM1' }).getByRole('button', { name: 'SB' }).click();
    await student.waitForURL('**/spellingbee');
    await student.getByRole('button', { name: '(Re)Begin' }).click();
    for (const w of words) {
      await student.fill('input[name=answer]', w);
      await student.keyboard.press('Enter');
    }
    await expect
      .poll(() => teacher.getByTestId('book-finished').innerText(), { timeout: 10_000 })
      .toContain('demostudent finished the last unit of National standards 2022');
    expect(await teacher.getByTestId('book-finished').innerText()).toContain('assign a new book');
    expect(await teacher.getByTestId('live-demostudent').innerText()).toContain('SB NS2022-HSM1: 100');
    await teacher.screenshot({ path: '/tmp/wordbee-live-book-finished.png', fullPage: true });
    // The message stays after a reload (replayed from the database), once.
    await teacher.reload();
    await expect.poll(() => teacher.getByTestId('book-finished').count()).toBe(1);
    await teacher.context().close();
    await student.context().close();
  });

  it('goes on after the teacher stays logged in, on a connection opened with the new token', async () => {
    const teacherToken = (await server.login('demoteacher')).accessToken;
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES2', Type: 'SB' }, { 'x-access-token': teacherToken });
    const teacher = await logIn('demoteacher');
    const sent: string[] = [];
    teacher.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
    await teacher.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
    await setLoginExpiry(teacher, 270);
    await teacher.goto(`${server.url}/dashboard`);
    await teacher.getByTestId('live-demostudent').waitFor();
    const oldToken = await teacher.evaluate(() => JSON.parse(sessionStorage.getItem('user')!).accessToken as string);
    await expect.poll(() => sent.some((f) => f.includes(oldToken))).toBe(true);
    await teacher.getByRole('button', { name: /Stay logged in/ }).click();
    await expect.poll(() => teacher.getByRole('alert').count()).toBe(0);
    const renewed = await teacher.evaluate(() => JSON.parse(sessionStorage.getItem('user')!) as { accessToken: string; tokenExpAt: number });
    expect(renewed.accessToken).not.toBe(oldToken);
    expect(renewed.tokenExpAt * 1000 - Date.now()).toBeGreaterThan(115 * 60_000);
    await expect.poll(() => sent.some((f) => f.includes(renewed.accessToken)), { timeout: 3_000 }).toBe(true);

    // Answers still arrive live.
    const student = await logIn('demostudent');
    await student.locator('tr', { hasText: 'NS2022-ES2' }).getByRole('button', { name: 'SB' }).click();
    await student.waitForURL('**/spellingbee');
    await student.getByRole('button', { name: '(Re)Begin' }).click();
    await student.fill('input[name=answer]', 'zzz');
    await student.keyboard.press('Enter');
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toMatch(/SB NS2022-ES2 · (第 1 个词 )?word 1/);
    await teacher.context().close();
    await student.context().close();
  });
});
