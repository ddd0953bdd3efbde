/** The client shell as people meet it: the bar and routes per role, login, signup, logout. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, setLoginExpiry } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the client shell in Chromium', () => {
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

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    return context.newPage();
  }
  // Each item is its Chinese with the English under it: the English names, as the spec lists them.
  const navLabels = async (page: Page) => (await page.locator('#nav-items .nav-link small').allInnerTexts()).map((t) => t.trim());
  const welcome = (page: Page) => page.getByTestId('welcome').innerText();

  async function logIn(page: Page, username: string, password = username) {
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
  }

  it('a visitor sees Home, Signup, Help and Login, and is sent to Login from protected routes', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => navLabels(page)).toEqual(['Home', 'Signup', 'Help', 'Login']);
    expect(await welcome(page)).toBe('请登录\nPlease Login');
    for (const path of ['/task', '/classes', '/dashboard', '/spellingbee']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`**/login?next=${encodeURIComponent(path)}`);
    }
    await page.goto(`${server.url}/listening`);
    await expect.poll(() => page.locator('h1').innerText()).toContain('Listening');
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.locator('h1').innerText()).toContain('Page not found');
    await page.context().close();
  });

  it('a teacher logs in to /task and sees the teacher bar with the token expiry', async () => {
    const page = await newPage();
    await logIn(page, 'demoteacher');
    await page.waitForURL('**/task');
    await expect.poll(() => navLabels(page)).toEqual(['Home', 'Classes', 'Textbooks', 'Listening', 'Tasks', 'Dashboard', 'Signup', 'Help', 'Logout']);
    // The teacher's one class is selected from the start (the server keeps the selection).
    await expect.poll(() => welcome(page)).toBe('欢迎 demoteacher · Demo Class\nWelcome demoteacher · Demo Class');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/user auth will expire in 11[89] minutes/);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!));
    expect(stored).toMatchObject({ username: 'demoteacher', isTeacher: true, teachername: 'demoteacher' });
    await page.goto(`${server.url}/login`);
    await page.waitForURL('**/task');
    await page.context().close();
  });

  it('when the login expires, the login page says so and leads back to the page the user was on', async () => {
    const page = await newPage();
    await logIn(page, 'demostudent');
    await page.waitForURL('**/task');
    // Five minutes before the end, every page says so.
    await setLoginExpiry(page, 4 * 60 + 30);
    await page.goto(`${server.url}/dashboard`);
    await expect
      .poll(() => page.getByRole('alert').locator('p').innerText(), { timeout: 5_000 })
      .toBe(
        '登录将在 4 分钟后过期：请完成并保存当前的练习，然后重新登录 Your login expires in 4 minutes: finish and save what you are doing, then log in again',
      );
    await page.goto(`${server.url}/task`);
    // The token runs out three seconds from now, while the student looks at the dashboard.
    await setLoginExpiry(page, 3);
    await page.reload();
    await page.getByRole('link', { name: /Dashboard/ }).click();
    await page.waitForURL('**/login?expired=1&next=%2Fdashboard', { timeout: 10_000 });
    expect(await page.getByRole('alert').innerText()).toBe('登录已过期，请重新登录 Your login expired, please log in again');
    await page.fill('input[name=username]', 'demostudent');
    await page.fill('input[name=password]', 'demostudent');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('Stay logged in renews the login before it runs out, and the page goes on with the new one', async () => {
    const page = await newPage();
    await logIn(page, 'demostudent');
    await page.waitForURL('**/task');
    await setLoginExpiry(page, 4 * 60 + 30);
    await page.reload();
    await expect.poll(() => page.locator('main').innerText()).toMatch(/user auth will expire in 4 minutes/);
    await page.getByRole('button', { name: '保持登录 Stay logged in' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/user auth will expire in 1(19|20) minutes/);
    // The new token is the one the page now uses.
    await page.getByRole('link', { name: /Dashboard/ }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.locator('main').innerText()).toContain('Dashboard');
    await page.context().close();
  });

  it('a login the server no longer accepts (here: its signature broken) leads to the login page, which says so', async () => {
    const page = await newPage();
    await logIn(page, 'demostudent');
    await page.waitForURL('**/task');
    // The task list has loaded: nothing of the login is still navigating when the page reloads.
    await page.locator('tbody').waitFor();
    await page.evaluate(() => {
      const user = JSON.parse(sessionStorage.getItem('user')!);
      sessionStorage.setItem('user', JSON.stringify({ ...user, accessToken: `${user.accessToken.slice(0, -4)}AAAA` }));
    });
    await page.reload();
    await page.waitForURL('**/login?expired=1&next=%2Ftask', { timeout: 10_000 });
    expect(await page.getByRole('alert').innerText()).toBe('登录已过期，请重新登录 Your login expired, please log in again');
    await page.context().close();
  });

  it('a student has no Classes or Textbooks and is told those pages are for teachers', async () => {
    const page = await newPage();
    await logIn(page, 'demostudent');
    await page.waitForURL('**/task');
    await expect.poll(() => navLabels(page)).toEqual(['Home', 'Listening', 'Tasks', 'Dashboard', 'Signup', 'Help', 'Logout']);
    expect(await welcome(page)).toBe('欢迎 demostudent\nWelcome demostudent');
    await page.goto(`${server.url}/classes`);
    await expect.poll(() => page.locator('main').innerText()).toContain('Teachers only');
    await page.context().close();
  });

  it('login shows the first validation message and the server refusal', async () => {
    const page = await newPage();
    await logIn(page, 'abc', 'abcd');
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('用户名至少要 4 个字符 · Username must be at least 4 characters');
    // The field the message is about is marked and has the focus; typing in it clears the mark.
    expect(await page.getAttribute('input[name=username]', 'aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await page.keyboard.type('d');
    expect(await page.getAttribute('input[name=username]', 'aria-invalid')).toBeNull();
    await logIn(page, 'demoteacher', 'wrongpass');
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('用户名或密码错误 · Wrong username or password');
    expect(page.url()).toContain('/login');
    await page.context().close();
  });

  it('signup shows each error, then creates a student who can log in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/signup`);
    expect(await page.getAttribute('input[name=username]', 'placeholder')).toBe('Username (4+ letters)');
    expect(await page.getAttribute('input[name=password]', 'placeholder')).toBe('Password (4+ letters)');
    expect(await page.getAttribute('input[name=email]', 'placeholder')).toBe('Email (to receive report)');
    await page.fill('input[name=username]', 'new-kid');
    await page.click('button[type=submit]');
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('用户名不能含“-” · Username must not contain "-"');
    expect(await page.getAttribute('input[name=username]', 'aria-invalid')).toBe('true');
    await page.fill('input[name=username]', 'newkid');
    await page.fill('input[name=password]', 'kid123');
    await page.fill('input[name=email]', 'kid@home.cn');
    await page.fill('input[name=teachername]', 'nobodyteacher');
    await page.fill('input[name=classname]', 'Demo Class');
    await page.click('button[type=submit]');
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('找不到老师 nobodyteacher · Teacher nobodyteacher not found');
    await page.fill('input[name=teachername]', 'demoteacher');
    await page.click('button[type=submit]');
    await expect
      .poll(() => page.getByTestId('status').innerText())
      .toBe('学生 newkid 已注册并加入班级 Demo Class，请登录 · Student newkid signed up to class Demo Class, please login');
    await logIn(page, 'newkid', 'kid123');
    await page.waitForURL('**/task');
    expect(await welcome(page)).toBe('欢迎 newkid\nWelcome newkid');
    await page.context().close();
  });

  it('a teacher signup hides the student fields', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/signup`);
    await page.check('input[name=isTeacher]');
    expect(await page.locator('input[name=teachername]').count()).toBe(0);
    await page.context().close();
  });

  it('logout clears session storage and goes to /login', async () => {
    const page = await newPage();
    await logIn(page, 'demostudent');
    await page.waitForURL('**/task');
    // The page's own code may still write while the browser leaves it (a reply, a socket event):
    // none of that may reach the login page.
    await page.evaluate(() => addEventListener('beforeunload', () => sessionStorage.setItem('taskId', 'written-while-leaving')));
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    expect(await welcome(page)).toBe('请登录\nPlease Login');
    await page.context().close();
  });

  it('on a phone the bar collapses behind a burger toggle', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('#nav-items').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => page.locator('#nav-items').isVisible()).toBe(true);
    await page.getByRole('link', { name: /Help/ }).click();
    await page.waitForURL('**/help');
    await expect.poll(() => page.locator('#nav-items').isVisible()).toBe(false);
    await page.context().close();
  });
  it('a page from an older build whose screen is gone loads again and shows the screen; a file that stays missing shows the error', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => navLabels(page)).toEqual(['Home', 'Signup', 'Help', 'Login']);
    let loads = 0;
    page.on('load', () => loads++);
    // A new build replaced the Help screen's file: the first request for the old name is a 404.
    let refused = 0;
    await page.route('**/assets/Help-*.js', (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
    await page.getByRole('link', { name: /Help/ }).click();
    await expect.poll(() => page.title()).toMatch(/^帮助 · Help/);
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    expect(await page.locator('main').innerText()).not.toContain('Caught error');
    expect(loads).toBe(1);
    expect(page.url()).toBe(`${server.url}/help`);

    // Missing for good: one reload, then the error panel instead of reloading forever.
    await page.unroute('**/assets/Help-*.js');
    await page.route('**/assets/Login-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.evaluate(() => sessionStorage.clear());
    loads = 0;
    await page.getByRole('link', { name: /Login/ }).click();
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('Caught error as below:');
    expect(loads).toBe(1);
    await page.context().close();
  });
});
