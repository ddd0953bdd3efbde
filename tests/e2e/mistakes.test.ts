/** My mistakes (我的错题本) in Chromium: a missed word is kept, shown after the task, and practised. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { SBARR_HEADER } from '../../server/results/sbarr.ts';

const SHOTS = process.env.WORDBEE_SCREENSHOTS ?? '/tmp';

describe.skipIf(!browserAvailable && !browserRequired)('my mistakes in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    await server.post('/api/v1.0/username/signup', { username: 'mrsmiss', password: 'miss1', email: 'miss@school.cn', isTeacher: true });
    const teacher = { 'x-access-token': (await server.login('mrsmiss', 'miss1')).accessToken };
    await server.post('/api/v1.0/userclasses/addclass', { className: 'Class 3M', schoolID: 'ES', pressID: 'PEP', students: 'mia001, leo002' }, teacher);
    for (const kid of ['mia001', 'leo002']) {
      await server.post('/api/v1.0/username/signup', {
        username: kid,
        password: kid,
        email: `${kid}@home.cn`,
        isTeacher: false,
        teachername: 'mrsmiss',
        classname: 'Class 3M',
      });
    }
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Class 3M', bookUnitID: 'NS2022-ES3', Type: 'SB' }, teacher);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageAs(username: string, width = 1280): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await page.clock.install();
    await logIn(page, server.url, username);
    return page;
  }

  it('a word missed in a task is on the Tasks page and in My mistakes, Practise these plays exactly those words, and a classmate sees none of it', async () => {
    // Mia finishes her Spelling Bee with 'blue' misspelled (as the player posts it).
    const mia = { 'x-access-token': (await server.login('mia001', 'mia001')).accessToken };
    const task = (await server.get('/api/v1.0/usertasks', mia)).body[0];
    const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-mrsmiss`;
    const words = ((await server.get(`/api/v1.0/usertasks/${taskId}`, mia)).body as string[]).slice(1).map((l) => l.split(' -- ')[0]!);
    let right = 0;
    const rows = words.map((w, i) => {
      const typed = w === 'blue' ? 'bleu' : w;
      if (typed === w) right++;
      return [i + 1, w, typed, typed === w ? 'v' : 'x', right];
    });
    expect((await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-${Math.floor((100 * right) / words.length)}`], mia)).status).toBe(
      200,
    );

    for (const width of [1280, 390]) {
      const page = await pageAs('mia001', width);
      // The Tasks page keeps the last task and its missed word.
      await expect.poll(() => page.getByTestId('last-task').innerText()).toContain(`Last task: 7 of 8`);
      expect(await page.getByTestId('last-task').innerText()).toContain('missed: blue');
      await page.screenshot({ path: `${SHOTS}/wordbee-d-tasks-banner-${width}.png`, fullPage: true });
      await page
        .getByTestId('last-task')
        .getByRole('link', { name: /My mistakes/ })
        .click();
      await page.waitForURL('**/mistakes');
      await expect.poll(() => page.getByTestId('mistakes').innerText()).toContain('blue');
      const item = page.getByTestId('mistakes').locator('li');
      expect(await item.count()).toBe(1);
      expect(await item.innerText()).toContain('bleu');
      expect(await item.innerText()).toMatch(/missed 1×/);
      expect(await item.getByRole('button', { name: /Hear blue/ }).count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/wordbee-d-mistakes-${width}.png`, fullPage: true });
      await page.context().close();
    }

    // Practise these: a Flashcard Master round of exactly that word, which does not give it away.
    const page = await pageAs('mia001');
    await page.goto(`${server.url}/mistakes`);
    await page.getByRole('button', { name: /Practise these/ }).click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Card 1 of 1');
    await page
      .getByRole('button', { name: /Side/ })
      .click()
      .catch(() => undefined);
    expect(await page.locator('main').innerText()).not.toMatch(/\bblue\b/i);
    await page.screenshot({ path: `${SHOTS}/wordbee-d-fm-before-1280.png`, fullPage: true });
    await page.fill('input[name=answer]', 'bule');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('card').innerText()).toContain('blue');
    await page.screenshot({ path: `${SHOTS}/wordbee-d-fm-after-1280.png`, fullPage: true });
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/^score 0 of 1, done/);
    // Back on the list after 4 s; a wrong practice keeps the word; nothing reached the teacher's lists.
    await expect.poll(() => page.getByTestId('mistakes').innerText(), { timeout: 10_000 }).toContain('blue');
    const results = await server.app.deps.db.query.results.findMany();
    expect(results).toHaveLength(1);
    await page.context().close();

    // Leo, in the same class, has no mistakes and no last task.
    const leo = await pageAs('leo002');
    await leo.goto(`${server.url}/mistakes`);
    await expect.poll(() => leo.getByTestId('mistakes-empty').count()).toBe(1);
    expect(await leo.locator('main').innerText()).not.toContain('bleu');
    await leo.goto(`${server.url}/task`);
    await expect.poll(() => leo.getByTestId('last-task').innerText()).toContain('My mistakes');
    expect(await leo.getByTestId('last-task').innerText()).not.toContain('Last task');
    await leo.context().close();
  });
});
