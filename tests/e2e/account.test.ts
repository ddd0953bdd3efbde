/**
 * The Account page (账户) as a student meets it: behind their name in the bar; change the
 * password (the other device is logged out, this page goes on), Logout ending the login on the
 * server, and deleting the account after typing the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const ENDED = 'This login has ended (logged out, or the password was changed), please log in again';

describe.skipIf(!browserAvailable && !browserRequired)('the Account page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    const r = await server.post('/api/v1.0/username/signup', {
      username: 'acctkid',
      password: 'first-pw',
      email: 'acctkid@home.cn',
      isTeacher: false,
      teachername: 'demoteacher',
      classname: 'Demo Class',
    });
    expect(r.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function logIn(password: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', 'acctkid');
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    return page;
  }
  const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!).accessToken as string);
  const refusal = async (token: string) => {
    const r = await server.get('/api/v1.0/usertasks', { 'x-access-token': token });
    return r.status === 200 ? 'ok' : `${r.status} ${r.body.info}`;
  };

  it('changing the password logs the other device out and keeps this page logged in; Logout ends the login on the server', async () => {
    const otherDevice = (await server.login('acctkid', 'first-pw')).accessToken;
    const page = await logIn('first-pw');
    await page.getByTestId('welcome').getByRole('link').click();
    await page.waitForURL('**/account');
    await expect.poll(() => page.locator('h1').innerText()).toBe('账户 Account');

    await page.fill('input[name=oldPassword]', 'wrong-pw');
    await page.fill('input[name=newPassword]', 'second-pw');
    await page.fill('input[name=repeatPassword]', 'second-pw');
    await page.getByRole('button', { name: /^修改密码/ }).click();
    await expect.poll(() => page.getByTestId('status').first().innerText()).toBe('当前密码不对 · Current password is wrong');
    expect(await refusal(otherDevice)).toBe('ok');

    await page.fill('input[name=oldPassword]', 'first-pw');
    await page.getByRole('button', { name: /^修改密码/ }).click();
    await expect.poll(() => page.getByTestId('status').first().innerText()).toContain('密码已修改');
    expect(await refusal(otherDevice)).toBe(`401 ${ENDED}`);
    const current = await tokenOf(page);
    expect(await refusal(current)).toBe('ok');
    // The page goes on with its new token.
    await page.getByRole('link', { name: /Tasks/ }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/user auth will expire in/);

    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => refusal(current)).toBe(`401 ${ENDED}`);
    await page.context().close();
  });

  it('deleting the account asks the password and a confirmation, then the account is gone', async () => {
    const page = await logIn('second-pw');
    await page.goto(`${server.url}/account`);
    await expect.poll(() => page.locator('main').innerText()).toContain('警告：账户将被永久删除');
    let asked = '';
    page.on('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.fill('input[name=deletePassword]', 'not-it');
    await page.getByRole('button', { name: /永久删除我的账户/ }).click();
    await expect.poll(() => page.getByTestId('status').last().innerText()).toBe('密码不对 · Password is wrong');
    expect(asked).toContain('acctkid');
    await page.fill('input[name=deletePassword]', 'second-pw');
    await page.getByRole('button', { name: /永久删除我的账户/ }).click();
    await page.waitForURL('**/login');
    expect((await server.post('/api/v1.0/username/login', { username: 'acctkid', password: 'second-pw' })).status).toBe(401);
    await page.context().close();
  });

  it("a teacher removes a student from the class, choosing to delete the student's account and data", async () => {
    const r = await server.post('/api/v1.0/username/signup', {
      username: 'gonekid',
      password: 'gone-pw',
      email: 'gonekid@home.cn',
      isTeacher: false,
      teachername: 'demoteacher',
      classname: 'Demo Class',
    });
    expect(r.status).toBe(200);
    const kidToken = (await server.login('gonekid', 'gone-pw')).accessToken;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', 'demoteacher');
    await page.fill('input[name=password]', 'demoteacher');
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    await page.goto(`${server.url}/classes`);
    const line = page.locator('.roster-list li', { hasText: 'gonekid' });
    await line.getByRole('button', { name: /Remove gonekid/ }).click();
    await expect.poll(() => line.locator('.roster-remove .status').innerText()).toContain('把“gonekid”移出 Demo Class');
    await line.locator('input[name=deleteData]').check();
    await line.getByRole('button', { name: /^确认移除/ }).click();
    await expect
      .poll(() => page.locator('.roster-panel').getByTestId('status').innerText())
      .toBe('已把 gonekid 移出班级，并删除了其账号和全部数据 · gonekid removed, with their account and all their data');
    await expect.poll(() => page.locator('.roster-list li', { hasText: 'gonekid' }).count()).toBe(0);
    expect(await refusal(kidToken)).toMatch(/^401 This account no longer exists/);
    await page.context().close();
  });
});
