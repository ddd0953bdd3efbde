/** Spelling Bee and Flashcard Master played through as a student would. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, setLoginExpiry } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the players in Chromium', () => {
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

  /** A page of its own, its clock under the test's control, signed in and on the task list. */
  async function pageAs(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', username);
    await page.click('button[type=submit]');
    await page.waitForURL('**/task');
    return page;
  }
  const studentPage = () => pageAs('demostudent');
  const status = (page: Page) => page.getByTestId('status').innerText();
  /**
   * Stops the page's clock just ahead of its time. On a loaded machine that moment can pass before
   * the pause reaches the page (Playwright refuses a time in the past): then a new one is taken.
   */
  const pauseClock = async (page: Page) => {
    for (;;) {
      const soon = await page.evaluate(() => Date.now() + 50);
      try {
        return await page.clock.pauseAt(soon);
      } catch (error) {
        if (!String(error).includes('Cannot fast-forward to the past')) throw error;
      }
    }
  };
  /** The word's correction as one line (a screen reader's words included: "你写的是 You typed", "正确的是 the word is"). */
  const correction = async (page: Page) => (await page.getByTestId('correction').innerText()).replace(/\s+/g, ' ').trim();

  it('plays a whole Spelling Bee task: right, wrong, canceled and a timeout, then returns to the next task', async () => {
    const page = await studentPage();
    await page.locator('tr', { hasText: 'NS2022-ES3' }).getByRole('button', { name: 'SB' }).click();
    await page.waitForURL('**/spellingbee');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('8 words');
    // Before the test nothing is lost by leaving; once it runs, a reload or closing asks first.
    const leavingAsks = () => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await leavingAsks()).toBe(false);
    await page.getByRole('button', { name: '(Re)Begin' }).click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Word 1 of 8');
    expect(await leavingAsks()).toBe(true);
    const audioSrc = await page.locator('audio').getAttribute('src');
    expect(decodeURIComponent(audioSrc!)).toContain('red. The red kite flies high in the sky. red.');
    // Chromium plays Ogg Opus: the word comes as Opus (a tenth of the WAV's bytes), and it plays.
    expect(audioSrc).toMatch(/&format=opus$/);
    // The word is served as Ogg Opus, several seconds of it (this Chromium build leaves an audio
    // element's duration unknown until it plays, so the bytes are checked instead).
    const spoken = await page.request.get(new URL(audioSrc!, page.url()).href);
    expect(spoken.status()).toBe(200);
    expect(spoken.headers()['content-type']).toBe('audio/ogg');
    expect((await spoken.body()).subarray(0, 4).toString()).toBe('OggS');
    expect((await spoken.body()).length).toBeGreaterThan(5_000);
    const answer = async (text: string) => {
      await page.fill('input[name=answer]', text);
      await page.keyboard.press('Enter');
    };
    // The clock stands still while each correction is read (a loaded machine would let its 1.5 s pass).
    await pauseClock(page);
    // The answer box has the focus as soon as the first word is asked.
    await page.keyboard.type(' red ');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('Score: 1 of 1');
    // A right word is marked ✓ too; Enter goes on to the next word without waiting for it.
    await expect.poll(() => correction(page)).toBe('✓ 对了 Right: red');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Word 2 of 8');
    await expect.poll(() => page.getByTestId('correction').count()).toBe(0);
    await answer('bleu');
    // The word is corrected before the next one: the wrong letter marked, the right spelling beside it.
    await expect.poll(() => correction(page)).toBe('✗ 你写的是 You typed bleu → , 正确的是 the word is blue');
    expect(await page.getByTestId('correction').locator('mark.letter-wrong').allInnerTexts()).toEqual(['e', 'u']); // two letters swapped: both marked
    expect(await page.getByTestId('word-count').innerText()).toBe('Word 2 of 8');
    await page.clock.resume();
    // The class countdown (15 s) runs out and the word is said again; at 60 s it is a timeout.
    await page.fill('input[name=answer]', 'gre');
    await page.clock.fastForward(16_000);
    await expect.poll(async () => decodeURIComponent((await page.locator('audio').getAttribute('src'))!)).toContain('text=green');
    await page.clock.fastForward(45_000);
    // Time's up: the word is shown too, and Enter goes on to the next word at once.
    await expect.poll(() => correction(page)).toBe("✗ 时间到了 Time's up: 你写的是 You typed gr_e_ → , 正确的是 the word is green"); // each letter left out a marked gap;
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Word 4 of 8');
    // The word moved on by itself, and the student is told why.
    expect(await status(page)).toBe('Time\'s up for "green" · Score: 1 of 3');
    await page.getByRole('button', { name: 'Cancel word' }).click();
    await expect.poll(() => status(page)).toBe('Score: 1 of 4');
    await expect.poll(() => correction(page)).toBe('✗ 放弃了 Canceled: 正确的是 the word is yellow');
    for (const word of ['circle', 'square', 'black', 'white']) await answer(word);
    await expect.poll(() => status(page)).toMatch(/^score 5 of 8\. The test finished\. Next task: NS2022-HM1 SB|^score 5 of 8\. The test finished/);
    await expect.poll(() => page.locator('.spelling-check').innerText()).toContain('Wrong spell words list (correct word, wrong spell;)');
    expect(await page.locator('.spelling-check').innerText()).toContain('blue, bleu;');
    expect(await page.locator('.spelling-check').innerText()).toContain('Please refer to the report file for details');
    expect(await leavingAsks()).toBe(false); // saved: nothing to lose
    await page.clock.fastForward(4_500);
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('tbody').innerText()).toContain('NS2022-MS1');
    expect(await page.locator('tbody').innerText()).not.toContain('NS2022-ES3');
    const stored = await server.app.deps.db.query.answers.findMany();
    expect(stored.map((a) => a.status)).toEqual(expect.arrayContaining(['v', 'x', expect.stringMatching(/^timeout:6\ds$/), 'canceled']));
    await page.click('a[href="/dashboard"]');
    await expect.poll(() => page.getByTestId('level-ES').innerText()).toMatch(/required\s+30\s+(拼对了\s+)?passed\s+5\s+16%/);
    await expect.poll(() => page.getByTestId('score-chart').locator('svg').count()).toBeGreaterThan(0);
    // Each meter says what it counts and leads to the task list; the chart names its lines, the student's own drawn last (on top).
    expect(await page.getByTestId('level-ES').innerText()).toContain('Only words spelled right in NS2022 Spelling Bee');
    expect(
      await page
        .getByTestId('level-ES')
        .getByRole('link', { name: /My tasks/ })
        .getAttribute('href'),
    ).toBe('/task');
    expect(await page.getByTestId('chart-legend').locator('li').allInnerTexts()).toEqual(
      [/My score/, /Class average/, /Best in class/, /Lowest in class/].map((r) => expect.stringMatching(r)),
    );
    const strokes = await page
      .getByTestId('score-chart')
      .locator('svg path[stroke^="#"]')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
    expect(strokes.at(-1)).toBe('#2563eb');
    // The chart's numbers are there for a screen reader too (a table it reads, not shown).
    const table = page.getByRole('table', { name: 'My Latest Scores' });
    expect(await table.locator('tbody th').allInnerTexts()).toEqual([expect.stringMatching(/^NS2022-ES3-\d+-SB$/)]);
    // 5 of 8 right: the student's own score, as the server rounds it.
    expect(await table.locator('tbody td').first().innerText()).toBe('62');
    // Back to the finished task (the Back button): it says so and leads back to the task list,
    // instead of a deck that errors at the first answer and a "Try again" that cannot help.
    await page.goBack();
    await page.goBack();
    await page.waitForURL('**/spellingbee');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('This task is finished; pick another from your task list');
    expect(await page.getByRole('button', { name: '(Re)Begin' }).count()).toBe(0);
    expect(await page.getByRole('alert').innerText()).not.toContain('NetworkError');
    await page.getByRole('link', { name: '返回任务列表 Back to my tasks' }).click();
    await page.waitForURL('**/task');
    await page.context().close();
  });

  it('plays a whole Flashcard Master task: pictures, text cards, skip, Enter after the end, and a result the network dropped sent again, by itself and then by the student', async () => {
    const page = await studentPage();
    await page.locator('tr', { hasText: 'NS2022-ES1' }).getByRole('button', { name: 'FM' }).click();
    await page.waitForURL('**/flashcardmaster');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Card 1 of 12');
    expect(await page.locator('[data-testid=card] img').getAttribute('src')).toBe('/avatars/1f408.svg');
    // Recall, not copying: the text side gives clues (letters, definition, sentences) but never the word.
    await page.getByRole('button', { name: /Side/ }).click();
    expect(await page.getByTestId('card').innerText()).toContain('3 letters');
    expect(await page.getByTestId('card').innerText()).toContain('____');
    expect(await page.locator('main').innerText()).not.toMatch(/\bcats?\b/i);
    const type = async (text: string) => {
      await page.fill('input[name=answer]', text);
      await page.keyboard.press('Enter');
    };
    await type('cat');
    // The clock stands still while the revealed card is read (a loaded machine would let its 2 s pass).
    await pauseClock(page);
    await type('dgo');
    await expect.poll(() => status(page)).toBe('✘ It is “dog” · Score: 1');
    // The card turns to the word, the answer's wrong letters marked, until Enter or 2 s.
    expect(await page.getByTestId('card').locator('.card-word').innerText()).toBe('dog');
    expect((await page.getByTestId('correction').locator('mark.letter-wrong').allInnerTexts()).length).toBe(2);
    expect(await page.getByTestId('correction').innerText()).toMatch(/You typed\s*d_?go\s*→/);
    expect(await page.getByTestId('word-count').innerText()).toBe('Card 2 of 12');
    await page.clock.fastForward(2_100);
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Card 3 of 12');
    expect(await page.getByTestId('card').locator('.card-word').count()).toBe(0);
    await page.clock.resume();
    await page.getByRole('button', { name: 'Skip' }).click();
    // After Skip the answer box has the focus again: the next word is typed straight away.
    await page.keyboard.type('fish');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('✔ fish · Score: 2');
    for (const word of ['rabbit', 'panda', 'tiger', 'monkey', 'duck', 'elephant', 'horse']) await type(word);
    // 'sheep': its picture, and nothing on the page that names it; Side turns to the clues
    // (the word blanked everywhere, its sound and its letter count).
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe('Card 12 of 12');
    const namesSheep = async () =>
      /sheep/i.test(await page.locator('body').innerText()) ||
      /sheep/i.test(
        await page
          .locator('body')
          .evaluate((b) =>
            [...b.querySelectorAll('[alt],[aria-label],[title]')]
              .map((e) => e.getAttribute('alt') ?? e.getAttribute('aria-label') ?? e.getAttribute('title'))
              .join(' '),
          ),
      );
    expect(await namesSheep()).toBe(false);
    await page.getByRole('button', { name: /Side/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /Hear the word/ }).count()).toBe(1);
    expect(await namesSheep()).toBe(false);
    expect(await page.getByTestId('card').innerText()).toContain('5 letters');
    // The network drops the result's post, and the three tries after it (1, 4 and 10 s later):
    // the student is told, and sends it again with one press.
    let posts = 0;
    await page.route('**/graphql', (route) => {
      if (!route.request().postData()?.includes('useTaskResultSubmitMutation')) return route.continue();
      return posts++ < 4 ? route.abort('connectionreset') : route.continue();
    });
    await type('shep');
    // A wrong answer shows the word.
    await expect.poll(() => page.getByTestId('card').locator('.card-word').innerText()).toBe('sheep');
    expect(await page.getByTestId('correction').innerText()).toMatch(/You typed\s*sh(e_|_e)p/);
    for (const [after, wait] of [
      [1, 0],
      [2, 1_100],
      [3, 4_100],
      [4, 10_100],
    ] as const) {
      await page.clock.fastForward(wait);
      await expect.poll(() => posts, { timeout: 5_000 }).toBe(after);
    }
    await expect.poll(() => status(page), { timeout: 5_000 }).toMatch(/^score 9 of 12, but it was not saved: .+\. Press Send again\.$/);
    await page.getByRole('button', { name: 'Send again' }).click();
    const ending = 'score 9 of 12, done. Auto back to Task. Next task: NS2022-ES2 FM';
    await expect.poll(() => status(page), { timeout: 5_000 }).toBe(ending);
    expect(posts).toBe(5);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe(ending);
    await page.clock.fastForward(4_500);
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('tbody').innerText()).toContain('NS2022-ES2');
    await page.context().close();
  });

  it("a teacher opening a student's task tries it as a preview: told so, and nothing is stored", async () => {
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES2', Type: 'SB' }, teacher);
    const before = { results: (await server.app.deps.db.query.results.findMany()).length, answers: (await server.app.deps.db.query.answers.findMany()).length };
    const page = await pageAs('demoteacher');
    await page.locator('tr', { hasText: 'demostudent' }).filter({ hasText: 'NS2022-ES2' }).getByRole('button', { name: 'SB' }).first().click();
    await page.waitForURL('**/spellingbee');
    await expect.poll(() => page.getByTestId('preview-note').innerText()).toContain('your answers are not saved');
    await page.getByRole('button', { name: '(Re)Begin' }).click();
    const count = Number((await page.getByTestId('word-count').innerText()).match(/of (\d+)/)![1]);
    for (let i = 0; i < count; i++) {
      await page.fill('input[name=answer]', 'zzz');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => status(page)).toMatch(/The test finished\. A preview: not saved\. Back to Tasks in a moment/);
    expect(await page.locator('.spelling-check').innerText()).toContain('zzz');
    expect((await server.app.deps.db.query.results.findMany()).length).toBe(before.results);
    expect((await server.app.deps.db.query.answers.findMany()).length).toBe(before.answers);
    await page.context().close();
  });

  it('a task in progress asks before a link of the navigation bar, Logout or Back takes the student away', async () => {
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES1', Type: 'SB' }, teacher);
    const page = await studentPage();
    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (d) => {
      questions.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    // Before the test begins nothing is lost: the bar just goes.
    await page.locator('tr', { hasText: 'NS2022-ES1' }).getByRole('button', { name: 'SB' }).click();
    await page.waitForURL('**/spellingbee');
    await page.getByRole('link', { name: /Listening/ }).click();
    await page.waitForURL('**/listening');
    expect(questions).toEqual([]);
    await page.goBack();
    await page.waitForURL('**/spellingbee');
    await page.getByRole('button', { name: '(Re)Begin' }).click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toMatch(/^Word 1 of \d+$/);
    await page.fill('input[name=answer]', 'red');
    await page.keyboard.press('Enter');
    // Enter again moves on from the word's correction (✓) at once.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('word-count').innerText()).toMatch(/^Word 2 of \d+$/);
    // Cancel stays, with the test where it was: from the bar, the logo, and Back.
    await page.getByRole('link', { name: /Dashboard/ }).click();
    await page
      .getByRole('link', { name: /WordBee/ })
      .first()
      .click();
    await page.goBack();
    await expect.poll(() => questions.length).toBe(3);
    expect(new Set(questions)).toEqual(new Set(['要离开这个任务吗？已经做的部分会丢掉。 · Leave this task? What you have done so far will be lost.']));
    expect(new URL(page.url()).pathname).toBe('/spellingbee');
    expect(await page.getByTestId('word-count').innerText()).toMatch(/^Word 2 of \d+$/);
    // Logout asks too.
    await page.getByRole('button', { name: /Logout/ }).click();
    await expect.poll(() => questions.length).toBe(4);
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).not.toBeNull();
    // OK leaves.
    answer = true;
    await page.getByRole('link', { name: /Dashboard/ }).click();
    await page.waitForURL('**/dashboard');
    expect(questions.length).toBe(5);
    await page.context().close();
  });

  it('a login that would run out in the middle of a task is renewed without asking', async () => {
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-MS1', Type: 'SB' }, teacher);
    const page = await studentPage();
    await page.locator('tr', { hasText: 'NS2022-MS1' }).getByRole('button', { name: 'SB' }).first().click();
    await page.waitForURL('**/spellingbee');
    await setLoginExpiry(page, 270);
    const before = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!).accessToken as string);
    // Not begun yet: the warning asks.
    await page.clock.fastForward(16_000);
    await expect.poll(() => page.getByRole('button', { name: /Stay logged in/ }).count()).toBe(1);
    // Begun: at the next tick the login is renewed, and the warning goes.
    await page.getByRole('button', { name: '(Re)Begin' }).click();
    await expect.poll(() => page.getByTestId('word-count').innerText()).toMatch(/^Word 1 of \d+$/);
    await page.clock.fastForward(16_000);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Your login expires' }).count()).toBe(0);
    const after = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!) as { accessToken: string; tokenExpAt: number });
    expect(after.accessToken).not.toBe(before);
    expect(after.tokenExpAt * 1000 - (await page.evaluate(() => Date.now()))).toBeGreaterThan(100 * 60_000);
    expect(new URL(page.url()).pathname).toBe('/spellingbee');
    await page.context().close();
  });
});
