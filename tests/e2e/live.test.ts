/** The teacher's live view in one page while a student plays in another. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the live class view in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    const log = (m: string) => require('node:fs').appendFileSync('/tmp/steps.log', `${Date.now()} ${m}\n`);
    log('start');
    server = await startServer('pglite');
    log('server');
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    log('browser');
    await server.app.deps.tts.speak({ text: 'hello there', voice: 'slt', speed: 1 });
    log('tts');
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function logIn(username: string): Promise<Page> {
    const log = (m: string) => require('node:fs').appendFileSync('/tmp/steps.log', `${Date.now()} ${m}\n`);
    log('login ' + username);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    log('page');
    page.on('crash', () => log('page crash'));
    page.on('console', (m) => log('console ' + m.text()));
    await page.goto(`${server.url}/login`);
    log('goto');
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', username);
    await page.click('button[type=submit]');
    log('clicked');
    await page.waitForURL('**/task');
    log('on task');
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
    require('node:fs').appendFileSync('/tmp/steps.log', `${Date.now()} on sb\n`);
    await student.getByRole('button', { name: '(Re)Begin' }).click();
    await student.fill('input[name=answer]', 'red');
    await student.keyboard.press('Enter');
    require('node:fs').appendFileSync('/tmp/steps.log', `${Date.now()} typed red\n`);
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('red ✓');
    require('node:fs').appendFileSync('/tmp/steps.log', `${Date.now()} saw red\n`);
    await student.fill('input[name=answer]', 'bleu');
    await student.keyboard.press('Enter');
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('blue ✗');
    expect(await teacher.getByTestId('live-demostudent').innerText()).toContain('SB NS2022-ES3 · word 2');
    for (const w of ['green', 'yellow', 'circle', 'square', 'black', 'white']) {
      await student.fill('input[name=answer]', w);
      await student.keyboard.press('Enter');
    }
    await expect.poll(() => teacher.getByTestId('live-demostudent').innerText()).toContain('SB NS2022-ES3: 87');
    // Nothing is shown twice.
    const chips = await teacher.getByTestId('live-demostudent').locator('.chip').allInnerTexts();
    expect(chips).toEqual(['red ✓', 'blue ✗', 'green ✓', 'yellow ✓', 'circle ✓', 'square ✓', 'black ✓', 'white ✓']);
    await teacher.context().close();
    await student.context().close();
  });
});
