/** The class's weak words (班级易错词) on the teacher's dashboard, in Chromium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { SBARR_HEADER } from '../../server/results/sbarr.ts';
import { periodStart } from '../../server/mistakes/class.ts';
import { localDay } from '../../server/time.ts';

const SHOTS = process.env.WORDBEE_SCREENSHOTS ?? '/tmp';
type Auth = Record<string, string>;

describe.skipIf(!browserAvailable && !browserRequired)('weak words of the class in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const auth = async (name: string): Promise<Auth> => ({ 'x-access-token': (await server.login(name, name)).accessToken });
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    for (const [teacher, className, kids] of [
      ['mrsweakw', 'Class 4W', ['amy401', 'bob402']],
      ['mrotherw', 'Class 4O', ['zed403']],
    ] as const) {
      await server.post('/api/v1.0/username/signup', { username: teacher, password: teacher, email: `${teacher}@school.cn`, isTeacher: true });
      await server.post('/api/v1.0/userclasses/addclass', { className, schoolID: 'ES', pressID: 'PEP', students: kids.join(', ') }, await auth(teacher));
      for (const kid of kids) {
        await server.post('/api/v1.0/username/signup', {
          username: kid,
          password: kid,
          email: `${kid}@home.cn`,
          isTeacher: false,
          teachername: teacher,
          classname: className,
        });
      }
      await server.post('/api/v1.0/usertasks/assigntask', { className, bookUnitID: 'NS2022-ES3', Type: 'SB' }, await auth(teacher));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The student's Spelling Bee, posted as the player posts it, with `typos` typed for some words. */
  async function spell(kid: string, teacher: string, typos: Record<string, string>) {
    const who = await auth(kid);
    const task = (await server.get('/api/v1.0/usertasks', who)).body[0];
    const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-${teacher}`;
    const words = ((await server.get(`/api/v1.0/usertasks/${taskId}`, who)).body as string[]).slice(1).map((l) => l.split(' -- ')[0]!);
    let right = 0;
    const rows = words.map((w, i) => {
      const typed = typos[w] ?? w;
      if (typed === w) right++;
      return [i + 1, w, typed, typed === w ? 'v' : 'x', right];
    });
    expect((await server.post('/api/v1.0/userspelling', [SBARR_HEADER, ...rows, `${taskId}-${Math.floor((100 * right) / words.length)}`], who)).status).toBe(
      200,
    );
  }

  async function dashboardOf(teacher: string, className: string, width: number, lang?: 'en'): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 860 } })).newPage();
    await logIn(page, server.url, teacher);
    await page.evaluate(
      ([name, language]) => {
        sessionStorage.setItem('selectedClassname', name!);
        if (language) localStorage.setItem('wordbee-lang', language);
      },
      [className, lang ?? ''],
    );
    await page.goto(`${server.url}/dashboard`);
    return page;
  }

  /** Texts of the weak-words card that read in English only (not data marked translate="no", not the English beside a Chinese text). */
  const englishOnly = (page: Page) =>
    page.getByTestId('weak-words').evaluate((root) => {
      const CJK = /[\u3400-\u9fff]/;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!.trim();
        const el = node.parentElement!;
        if (!text || CJK.test(text) || !/[A-Za-z]/.test(text) || el.closest('[translate=no]')) continue;
        const beside = el.closest('.en');
        if (beside?.previousElementSibling?.matches('.zh')) continue;
        found.push(text);
      }
      return found;
    });

  it('lists the word both students missed with their wrong spellings, assigns it to the class; another teacher sees none of it', async () => {
    await spell('amy401', 'mrsweakw', { blue: 'bleu', green: 'gren' });
    await spell('bob402', 'mrsweakw', { blue: 'blu' });
    // The other teacher's student misses nothing.
    await spell('zed403', 'mrotherw', {});

    for (const width of [1280, 390]) {
      const page = await dashboardOf('mrsweakw', 'Class 4W', width);
      const list = page.getByTestId('weak-words-list');
      await expect.poll(() => list.locator('li').count()).toBe(2);
      const blue = page.getByTestId('weak-blue');
      // Most students first: blue (2 students), then green (1).
      expect(await list.locator('li').first().getAttribute('data-testid')).toBe('weak-blue');
      expect(await blue.getByTestId('weak-count').innerText()).toContain('missed by 2 students');
      expect(await blue.getByTestId('weak-count').innerText()).toContain('2 个学生做错');
      expect(await blue.getByTestId('weak-spellings').innerText()).toMatch(/bleu.*blu/);
      // The week began on Monday in the school's time zone (Beijing time by default).
      const zone = server.app.deps.config.timeZone;
      expect(await page.getByTestId('weak-words').innerText()).toContain(`since ${localDay(periodStart('week', new Date(), zone), zone)}`);
      expect(await blue.getByTestId('weak-students').innerText()).toMatch(/amy401.*bob402|bob402.*amy401/);
      expect(await page.getByTestId('weak-green').getByTestId('weak-count').innerText()).toContain('missed by 1 student');
      expect(await englishOnly(page)).toEqual([]);
      // On a phone the cards stay within the screen.
      const box = await blue.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.getByTestId('weak-words').screenshot({ path: `${SHOTS}/wordbee-weak-words-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/wordbee-weak-words-page-${width}.png`, fullPage: true });
      // This term holds this week's misses too.
      await page.getByRole('button', { name: /This term/ }).click();
      await expect.poll(() => page.getByRole('button', { name: /This term/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('weak-blue').getByTestId('weak-count').innerText()).toContain('missed by 2 students');
      await page.context().close();
    }

    // Assign these words: both students get a task of exactly these words.
    const page = await dashboardOf('mrsweakw', 'Class 4W', 1280);
    await page.getByRole('button', { name: /Assign these words \(2\)/ }).click();
    await expect.poll(() => page.getByTestId('weak-status').innerText()).toContain('Assigned to the class');
    await page.getByTestId('weak-words').screenshot({ path: `${SHOTS}/wordbee-weak-words-assigned-1280.png` });
    for (const kid of ['amy401', 'bob402']) {
      const who = await auth(kid);
      const tasks = (await server.get('/api/v1.0/usertasks', who)).body.slice(0, -1) as { bookUnitID: string; TPID: number; Type: string }[];
      const weak = tasks.find((t) => t.bookUnitID.startsWith('WEAK.') && t.Type === 'SB');
      expect(weak).toBeTruthy();
      const content = (await server.get(`/api/v1.0/usertasks/${weak!.bookUnitID}-${weak!.TPID}-SB-mrsweakw`, who)).body as string[];
      expect(content.slice(1).map((l) => l.split(' -- ')[0])).toEqual(['blue', 'green']);
    }
    // The teacher finds it with the class's open tasks.
    await page.getByRole('link', { name: /See the class’s tasks/ }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('main').innerText()).toContain('WEAK.');
    await page.context().close();

    // English mode shows the English alone.
    const english = await dashboardOf('mrsweakw', 'Class 4W', 390, 'en');
    await expect.poll(() => english.getByTestId('weak-words').innerText()).toContain('Weak words of the class');
    expect(await english.getByTestId('weak-words').innerText()).not.toMatch(/[\u3400-\u9fff]/);
    await english.getByTestId('weak-words').screenshot({ path: `${SHOTS}/wordbee-weak-words-en-390.png` });
    await english.context().close();

    // Another teacher: their own class has no weak words, and Class 4W is not theirs to see.
    const other = await dashboardOf('mrotherw', 'Class 4O', 1280);
    await expect.poll(() => other.getByTestId('weak-words-none').count()).toBe(1);
    await other.evaluate(() => sessionStorage.setItem('selectedClassname', 'Class 4W'));
    await other.goto(`${server.url}/dashboard`);
    await expect.poll(() => other.locator('main').innerText()).toContain('select a class');
    expect(await other.locator('main').innerText()).not.toMatch(/bleu|amy401/);
    expect(await other.getByTestId('weak-words-list').count()).toBe(0);
    await other.context().close();
  });
});
