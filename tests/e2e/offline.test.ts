/**
 * A student on a network that drops: logging in, opening a task, hearing a word and sending a
 * result while offline or unanswered. Each time the page says what happened and how to go on,
 * keeps what was done, and carries on when the network is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('a student on a network that drops', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES1', Type: 'FM' }, teacher);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A phone-sized page of its own (its own cache: no screen's code loaded yet). */
  async function phonePage(options: { clock?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (options.clock) await page.clock.install();
    return page;
  }
  async function logIn(page: Page) {
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', 'demostudent');
    await page.fill('input[name=password]', 'demostudent');
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
  }
  const taskButton = (page: Page, unit: string, type: string) => page.locator('tr', { hasText: unit }).getByRole('button', { name: type });
  const status = (page: Page) => page.getByTestId('status').innerText();

  it('logging in offline says so and keeps the page and what was typed; back online, Login works', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/login`);
    await page.locator('button[type=submit]').waitFor();
    await page.context().setOffline(true);
    await page.fill('input[name=username]', 'demostudent');
    await page.fill('input[name=password]', 'demostudent');
    await page.click('button[type=submit]');
    await expect
      .poll(() => page.locator('.status').innerText())
      .toBe('无法连接 WordBee 服务器，请检查网络后再试。 · Cannot reach the WordBee server. Check the connection and try again.');
    expect(page.url()).toBe(`${server.url}/login`);
    expect(await page.inputValue('input[name=username]')).toBe('demostudent');
    await page.context().setOffline(false);
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    await page.context().close();
  });

  it("opening a task offline says so instead of the browser's offline page, and the task opens by itself once back online", async () => {
    const page = await phonePage();
    await logIn(page);
    let loads = 0;
    page.on('load', () => loads++);
    // The Flashcard Master screen's code has not been loaded yet.
    await taskButton(page, 'NS2022-ES1', 'FM').waitFor();
    await page.context().setOffline(true);
    await taskButton(page, 'NS2022-ES1', 'FM').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('This page could not be loaded. Check the connection and try again.');
    expect(page.url()).toBe(`${server.url}/flashcardmaster`);
    expect(loads).toBe(0);
    await page.getByRole('button', { name: '再试一次 Try again' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Still offline');
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('word-count').innerText(), { timeout: 15_000 }).toBe('Card 1 of 12');

    // Its code is here now; the cards are not (they are always fetched afresh).
    await page.goBack();
    await taskButton(page, 'NS2022-ES1', 'FM').waitFor();
    await page.context().setOffline(true);
    await taskButton(page, 'NS2022-ES1', 'FM').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Cannot reach the WordBee server. Check the connection and try again.');
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('word-count').innerText(), { timeout: 15_000 }).toBe('Card 1 of 12');
    await page.context().close();
  });

  it("online, but on a network that does not reach the server: the panel says so, never the browser's error page, and the screen loads by itself once the server answers", async () => {
    const page = await phonePage();
    await logIn(page);
    let loads = 0;
    page.on('load', () => loads++);
    await taskButton(page, 'NS2022-ES1', 'FM').waitFor();
    // School Wi-Fi without the server (or the server restarting): every request is refused while
    // the browser still says it is online.
    await page.route(`${server.url}/**`, (route) => route.abort('connectionrefused'));
    await taskButton(page, 'NS2022-ES1', 'FM').click();
    await expect.poll(() => page.getByRole('alert').innerText(), { timeout: 10_000 }).toContain('The WordBee server does not answer');
    await page.getByRole('button', { name: '再试一次 Try again' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('The WordBee server does not answer');
    expect(page.url()).toBe(`${server.url}/flashcardmaster`);
    expect(loads).toBe(0);
    await page.unrouteAll();
    await expect.poll(() => page.getByTestId('word-count').innerText(), { timeout: 20_000 }).toBe('Card 1 of 12');
    expect(loads).toBe(1);
    await page.context().close();
  });

  it('a Spelling Bee word whose sound does not arrive says so, and 🔊 Again plays it once the network is back', async () => {
    const page = await phonePage();
    await logIn(page);
    await taskButton(page, 'NS2022-ES3', 'SB').click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('8 words');
    await page.route('**/api/v1.0/tts/**', (route) => route.abort('internetdisconnected'));
    await page.route('**/avatars/1f534.svg', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '(Re)Begin' }).click();
    await expect.poll(() => status(page)).toBe('No sound: check the connection, then press 🔊 Again · Score: 0 of 0');
    // The word's picture did not arrive either: the bee, not a broken image.
    await expect.poll(() => page.locator('.avatar').evaluate((img: HTMLImageElement) => img.src)).toMatch(/\/avatars\/default\.svg$/);
    await page.unrouteAll();
    await page.getByRole('button', { name: /Again/ }).click();
    await expect.poll(() => status(page)).toBe('Score: 0 of 0');
    await page.context().close();
  });

  it('a result post that gets no answer is told after 30 s with Send again, not "saving" for ever; sent again, it is stored once', async () => {
    const page = await phonePage({ clock: true });
    await logIn(page);
    await taskButton(page, 'NS2022-ES1', 'FM').click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Card 1 of 12');
    // The connection stalls: the result's post goes out and nothing comes back.
    let posts = 0;
    await page.route('**/graphql', (route) => {
      if (!route.request().postData()?.includes('useTaskResultSubmitMutation')) return route.continue();
      posts++;
    });
    for (let i = 0; i < 12; i++) {
      await page.fill('input[name=answer]', i < 2 ? ['cat', 'dog'][i]! : 'zz');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => status(page)).toBe('score 2 of 12, done. Auto back to Task');
    await expect.poll(() => posts).toBe(1);
    await page.clock.fastForward(30_000);
    await expect
      .poll(() => status(page))
      .toBe('score 2 of 12, but it was not saved: The WordBee server did not answer in time. Check the connection and try again. Press Send again.');
    // Told at once: no more tries by itself after waiting that long.
    await page.clock.fastForward(20_000);
    expect(posts).toBe(1);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => status(page)).toMatch(/^score 2 of 12, done\. Auto back to Task/);
    // Saved: the leave guard takes its extra history entry off (history.back, asynchronous) before
    // the jump in time sends the player back to the task list (a loaded machine raced the two).
    await expect.poll(() => page.evaluate(() => Boolean((history.state as Record<string, unknown> | null)?.wordbeeLeaveGuard))).toBe(false);
    await page.clock.fastForward(4_500);
    await page.waitForURL('**/task');
    const stored = await server.app.deps.db.query.results.findMany();
    expect(stored.filter((r) => r.correct === 2 && r.total === 12)).toHaveLength(1);
    await page.context().close();
  });
});
