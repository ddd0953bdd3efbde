/**
 * What axe-core cannot check, for a pupil or teacher who uses only a keyboard, or a phone with
 * large text: every Tab stop shows a focus ring that stands out (3:1 or more against what is
 * behind it), in the order the screen shows its controls, and the keyboard never gets stuck; the
 * phone's menu opens and closes from the keyboard; a whole Spelling Bee and Flashcard Master are
 * done without a mouse; after a control goes away the focus lands on the next thing to do; and
 * no screen scrolls sideways at 320 px, or on a phone with text at 200%.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** Where the keyboard is: the focused control, its box (page coordinates) and how its ring shows. */
type Stop = { id: number; name: string; top: number; bottom: number; left: number; ringWidth: number; ringContrast: number; coveredBy: string | null };

/** The focused control, or null when the focus is on the page itself. */
function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    // What the ring is drawn on: around the control, what is behind it; inside it, the control.
    const style = getComputedStyle(el);
    let behind = [255, 251, 239];
    for (let e: Element | null = parseFloat(style.outlineOffset) < 0 ? el : el.parentElement; e; e = e.parentElement) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(e).backgroundColor);
      if (a > 0.5) {
        behind = [r!, g!, b!];
        break;
      }
    }
    const [ring, back] = [luminance(rgb(style.outlineColor)), luminance(behind)];
    const box = el.getBoundingClientRect();
    const seen = window as unknown as { focusIds?: WeakMap<Element, number>; focusCount?: number };
    seen.focusIds ??= new WeakMap();
    if (!seen.focusIds.has(el)) seen.focusIds.set(el, (seen.focusCount = (seen.focusCount ?? 0) + 1));
    // Something else (the fixed bar, an open menu) drawn over the control where the focus is.
    const x = Math.min(innerWidth - 1, Math.max(0, box.left + Math.min(box.width / 2, 12)));
    const y = Math.min(innerHeight - 1, Math.max(0, box.top + Math.min(box.height / 2, 12)));
    const hit = document.elementFromPoint(x, y);
    return {
      id: seen.focusIds.get(el)!,
      name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || (el as HTMLInputElement).name}"`,
      top: box.top + scrollY,
      bottom: box.bottom + scrollY,
      left: box.left + scrollX,
      ringWidth: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
      ringContrast: Math.round(((Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05)) * 10) / 10,
      coveredBy: hit && hit !== el && !el.contains(hit) ? `${hit.tagName.toLowerCase()}.${hit.className}` : null,
    };
  });
}

/**
 * Tabs once round the page from its top, back to the first stop. Returns the stops and what a user
 * would notice: a stop without a clear ring, one hidden under something, one that comes before the
 * one shown above or left of it, and the keyboard stuck.
 */
async function tabRound(page: Page): Promise<{ stops: string[]; problems: string[] }> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    // The keyboard starts before the first control, as on a page just opened.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.addEventListener('blur', () => start.remove());
  });
  const stops: Stop[] = [];
  const problems: string[] = [];
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (!stop) continue;
    if (stops.length > 1 && stop.id === stops[0]!.id) return { stops: stops.map((s) => s.name), problems };
    // An audio or video control has stops of its own inside (play, volume, …), drawn by the browser.
    if (stops.at(-1)?.id === stop.id && /^(audio|video)/.test(stop.name)) continue;
    if (stops.filter((s) => s.id === stop.id).length > 0) problems.push(`${stop.name} reached again before the round ended`);
    if (stop.ringWidth < 2 || stop.ringContrast < 3) problems.push(`${stop.name}: focus ring ${stop.ringWidth}px at ${stop.ringContrast}:1`);
    if (stop.coveredBy) problems.push(`${stop.name} hidden under ${stop.coveredBy}`);
    const before = stops.at(-1);
    if (before) {
      const above = stop.bottom <= before.top + 1;
      const leftOnSameRow = stop.top < before.bottom && stop.bottom > before.top && stop.left < before.left - 1;
      if (above || leftOnSameRow) problems.push(`${stop.name} comes after ${before.name}, which is shown after it`);
    }
    stops.push(stop);
  }
  problems.push(`the focus did not come back to ${stops[0]?.name} after 150 presses of Tab`);
  return { stops: stops.map((s) => s.name), problems };
}

/** Presses Tab until the focused control matches (at most 80 times), checking the ring on the way. */
async function tabTo(page: Page, matches: (el: Element) => boolean, what: string): Promise<void> {
  let last: Stop | null = null;
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    // The page may move the focus itself meanwhile (to <main>, tabindex -1, once a screen has
    // loaded): that is no Tab stop, and a focus not made by the keyboard shows no ring.
    if ((await page.evaluate(() => (document.activeElement as HTMLElement | null)?.tabIndex ?? 0)) < 0) continue;
    // (The stops inside an audio control after its first are drawn by the browser.)
    if (stop && !(last?.id === stop.id && /^(audio|video)/.test(stop.name)))
      expect(stop.ringWidth >= 2 && stop.ringContrast >= 3, `the ring of ${stop.name}`).toBe(true);
    last = stop;
    if (await (await page.evaluateHandle(() => document.activeElement!)).evaluate(matches)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

const activeName = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null,
  );

describe.skipIf(!browserAvailable && !browserRequired)('keyboard only, and large text (what axe-core cannot check)', () => {
  let server: TestServer;
  let browser: Browser;
  /** The words of the student's tasks, by unit, in the order the players ask them. */
  const words: Record<string, string[]> = {};
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    // The screens' tasks, and two more that the keyboard does to the end.
    for (const [unit, type] of [
      ['NS2022-MS2', 'FM'],
      ['NS2022-ES2', 'SB'],
      ['NS2022-ES3', 'PA'],
      ['NS2022-MS1', 'SB'],
      ['NS2022-ES1', 'FM'],
    ]) {
      await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: unit, Type: type }, teacher);
    }
    const student = (await server.login('demostudent')).accessToken;
    const { body } = await server.gql('{ viewer { tasks(first: 100) { edges { node { taskId bookUnitId type } } } } }', {}, student);
    for (const { node } of body.data.viewer.tasks.edges) {
      const content = await server.gql('query ($id: String!) { taskContent(taskId: $id) { words { text } } }', { id: node.taskId }, student);
      words[`${node.type} ${node.bookUnitId}`] = content.body.data.taskContent.words.map((w: { text: string }) => w.text);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageFor(viewport: { width: number; height: number }, role: string | null, options: { largeText?: boolean } = {}): Promise<Page> {
    const context: BrowserContext = await browser.newContext({ viewport });
    // A phone set to large text: every rem and em of the page twice its size.
    if (options.largeText)
      await context.addInitScript(() => document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%')));
    const page = await context.newPage();
    if (role) await logIn(page, server.url, role);
    return page;
  }
  const visit = (path: string) => async (page: Page) => {
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
  };
  const withClass = (path: string) => async (page: Page) => {
    await page.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
    await visit(path)(page);
  };
  const task = (unit: string, type: string, ready: string) => async (page: Page) => {
    await visit('/task')(page);
    await page.locator('tr', { hasText: unit }).getByRole('button', { name: type }).click();
    await page.locator(ready).first().waitFor();
  };
  type Screens = Array<[string, (page: Page) => Promise<unknown>]>;
  const visitorScreens: Screens = ['/', '/help', '/listening', '/login', '/signup', '/padocs', '/nowhere'].map((p) => [p, visit(p)]);
  const teacherScreens: Screens = [
    ['/task', visit('/task')],
    ['/classes', visit('/classes')],
    [
      '/classes with +Class, SelectClass and Reports open',
      async (page) => {
        await visit('/classes')(page);
        for (const panel of ['添加班级 +Class', '选择班级 SelectClass', '报告 Reports']) await page.getByRole('button', { name: panel, exact: true }).click();
        await page.getByRole('heading', { name: 'Reports' }).waitFor();
      },
    ],
    ['/textbooks', withClass('/textbooks')],
    [
      '/textbooks, a book open',
      async (page) => {
        await withClass('/textbooks')(page);
        await page.getByRole('button', { name: 'NS2022', exact: true }).click();
        await page.getByRole('button', { name: 'ES1', exact: true }).waitFor();
      },
    ],
    ['/dashboard (live class)', withClass('/dashboard')],
    ['/record (free practice)', visit('/record')],
  ];
  const studentScreens: Screens = [
    ['/task', visit('/task')],
    ['/dashboard', visit('/dashboard')],
    ['Flashcard Master', task('NS2022-MS2', 'FM', '[data-testid=card]')],
    ['Spelling Bee', task('NS2022-ES2', 'SB', '.player')],
    ['Record (PA task)', task('NS2022-ES3', 'PA', 'section.record')],
  ];

  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px every Tab stop of the main screens shows a clear ring, in the order the screen shows its controls, and the keyboard comes round again`, async () => {
      const found: Record<string, string[]> = {};
      for (const [role, screens] of [
        [null, visitorScreens.filter(([name]) => ['/', '/login', '/signup'].includes(name))],
        ['demoteacher', teacherScreens.filter(([name]) => name !== '/record (free practice)')],
        ['demostudent', studentScreens],
      ] as const) {
        const page = await pageFor(viewport, role);
        for (const [name, open] of screens) {
          await open(page);
          const { stops, problems } = await tabRound(page);
          expect(stops.length, `${name} has controls to reach`).toBeGreaterThan(2);
          if (problems.length) found[`${role ?? 'visitor'} ${name}`] = problems;
        }
        await page.context().close();
      }
      expect(found).toEqual({});
    });
  }

  it('on a phone the menu opens, is walked and closes with the keyboard alone, and the focus comes back to the burger', async () => {
    const page = await pageFor({ width: 390, height: 844 }, 'demoteacher');
    await visit('/help')(page);
    const menu = page.locator('#nav-items');
    const burger = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, (el) => el.classList.contains('burger'), 'the burger');
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toMatch(/^首页\s*Home/);
    // Escape closes it, and the focus is on the burger again.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await activeName(page)).toBe('菜单 · Menu');
    // Space opens it too; Tab walks every item, and past the last one the menu closes, so that
    // it does not hide the page's control that now has the focus.
    await page.keyboard.press('Space');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const items: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const stop = (await focused(page))!;
      if (!(await menu.evaluate((nav) => nav.contains(document.activeElement)))) {
        await expect.poll(() => menu.isVisible()).toBe(false);
        expect((await focused(page))!.coveredBy).toBeNull();
        break;
      }
      expect(stop.ringWidth >= 2 && stop.ringContrast >= 3, `the ring of ${stop.name}`).toBe(true);
      expect(stop.coveredBy).toBeNull();
      items.push(stop.name);
    }
    // Each item is its Chinese with the English under it: the English names the item here.
    expect(items.map((i) => /[A-Za-z]+/.exec(i.replace(/^\w+ "/, ''))?.[0])).toEqual([
      'Home',
      'Classes',
      'Textbooks',
      'Listening',
      'Tasks',
      'Dashboard',
      'Signup',
      'Help',
      'Logout',
    ]);
    // Open it again and follow a link with Enter: the new page has the focus.
    await burger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/classes');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });

  it('a student logs in and does a whole Spelling Bee with the keyboard alone, a word cancelled on the way', async () => {
    const page = await pageFor({ width: 1280, height: 860 }, null);
    await page.goto(`${server.url}/login`);
    await expect.poll(() => activeName(page)).toBe('username');
    await page.keyboard.type('demostudent');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demostudent');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/task');
    // The task list shown (the keyboard then starts at its content), as a student sees it before pressing Tab.
    await page.locator('table.tasks-table').waitFor();
    await tabTo(page, (el) => el.textContent === 'SB' && Boolean(el.closest('tr')?.textContent?.includes('NS2022-MS1')), 'SB of NS2022-MS1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/spellingbee');
    const list = words['SB NS2022-MS1']!;
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe(`${list.length} words`);
    await tabTo(page, (el) => el.tagName === 'BUTTON' && (el.textContent?.endsWith('(Re)Begin') ?? false), '(Re)Begin');
    await page.keyboard.press('Enter');
    // The word is typed at once: the box has the focus.
    await expect.poll(() => activeName(page)).toBe('answer');
    for (const [i, word] of list.entries()) {
      await expect.poll(() => page.getByTestId('word-count').innerText()).toBe(`Word ${i + 1} of ${list.length}`);
      if (i === 1) {
        await tabTo(page, (el) => el.tagName === 'BUTTON' && (el.textContent?.endsWith('Cancel word') ?? false), 'Cancel word');
        await page.keyboard.press('Enter');
        await expect.poll(() => activeName(page)).toBe('answer');
        // The word is shown, corrected; Enter goes on to the next word.
        await expect.poll(() => page.getByTestId('correction').innerText()).toContain(word);
        await page.keyboard.press('Enter');
        continue;
      }
      await page.keyboard.type(word);
      await page.keyboard.press('Enter');
      if (i < list.length - 1) {
        await expect.poll(() => page.getByTestId('correction').innerText()).toContain('✓');
        await page.keyboard.press('Enter');
      }
    }
    const right = list.length - 1;
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(new RegExp(`^score ${right} of ${list.length}\\. The test finished`));
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('tr', { hasText: 'NS2022-MS1' }).count()).toBe(0);
    await page.context().close();
  });

  it('a student does a whole Flashcard Master with the keyboard alone: the card turned with Side, one skipped, Enter after the end', async () => {
    const page = await pageFor({ width: 390, height: 844 }, 'demostudent');
    await tabTo(page, (el) => el.textContent === 'FM' && Boolean(el.closest('tr')?.textContent?.includes('NS2022-ES1')), 'FM of NS2022-ES1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/flashcardmaster');
    const list = words['FM NS2022-ES1']!;
    await expect.poll(() => page.getByTestId('word-count').innerText()).toBe(`Card 1 of ${list.length}`);
    await expect.poll(() => activeName(page)).toBe('answer');
    // Side turns the picture to its text, and the box has the focus again.
    await tabTo(page, (el) => el.tagName === 'BUTTON' && (el.textContent?.includes('Side') ?? false), 'Side');
    await page.keyboard.press('Space');
    // The text side: clues, not the word (recall, not copying).
    await expect.poll(() => page.getByTestId('card').innerText()).toContain(`${list[0]!.length} letters`);
    expect(await page.getByTestId('card').innerText()).not.toContain(list[0]);
    expect(await activeName(page)).toBe('answer');
    for (const [i, word] of list.entries()) {
      await expect.poll(() => page.getByTestId('word-count').innerText()).toBe(`Card ${i + 1} of ${list.length}`);
      if (i === 1) {
        await tabTo(page, (el) => el.tagName === 'BUTTON' && (el.textContent?.endsWith('Skip') ?? false), 'Skip');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('status').innerText()).toBe(`Skipped: ${word} · Score: 1`);
        expect(await activeName(page)).toBe('answer');
        // The card shows the word skipped; Enter turns to the next card.
        expect(await page.getByTestId('card').locator('.card-word').innerText()).toBe(word);
        await page.keyboard.press('Enter');
        continue;
      }
      await page.keyboard.type(word);
      await page.keyboard.press('Enter');
      if (i < list.length - 1) {
        await expect.poll(() => page.getByTestId('correction').innerText()).toContain('✓');
        await page.keyboard.press('Enter');
      }
    }
    const ending = new RegExp(`^score ${list.length - 1} of ${list.length}, done`);
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(ending);
    // Enter after the end says the score again (spec section 4).
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('status').innerText()).toMatch(ending);
    await page.waitForURL('**/task');
    await expect.poll(() => page.locator('tr', { hasText: 'NS2022-ES1' }).getByRole('button', { name: 'FM' }).count()).toBe(0);
    await page.context().close();
  });

  it('when the control the keyboard pressed goes away, the focus lands on the next thing to do', async () => {
    const page = await pageFor({ width: 1280, height: 860 }, 'demoteacher');
    await visit('/task')(page);
    // Removing a task: on Undo (in the toast at the foot of the screen); Undo: on the task's X again.
    const x = page.getByRole('button', { name: 'Remove SB PEP3A-1 of Adam' });
    await x.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeName(page)).toBe('撤销 Undo');
    expect((await focused(page))!.coveredBy).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeName(page)).toBe('删除 Adam 的 SB PEP3A-1 · Remove SB PEP3A-1 of Adam');
    // Opening a book: on its first unit; Back: on the first book.
    await withClass('/textbooks')(page);
    await page.getByRole('button', { name: 'NS2022', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeName(page)).toBe('ES1');
    await page.goBack();
    await expect.poll(() => activeName(page)).toBe('NS2022');
    // A refused +Class: on the button under the message, then on the field to fix.
    await visit('/classes')(page);
    await page.getByRole('button', { name: '添加班级 +Class', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.locator('form.form-grid').getByRole('button', { name: '+Class' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeName(page)).toBe('返回表单 Back to the form');
    await page.keyboard.press('Enter');
    await expect.poll(() => activeName(page)).toBe('className');
    expect(await page.locator('input[name=className]').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  /** How far the page runs past the right edge (0: no sideways scrolling). */
  const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);

  it('at 320 px no screen scrolls sideways', async () => {
    const found: Record<string, number> = {};
    for (const [role, screens] of [
      [null, visitorScreens],
      ['demoteacher', teacherScreens],
      ['demostudent', studentScreens],
    ] as const) {
      const page = await pageFor({ width: 320, height: 640 }, role);
      for (const [name, open] of screens) {
        await open(page);
        const past = await sideways(page);
        if (past > 0) found[`${role ?? 'visitor'} ${name}`] = past;
      }
      // The open menu too.
      await page.getByRole('button', { name: 'Menu' }).click();
      const past = await sideways(page);
      if (past > 0) found[`${role ?? 'visitor'} menu`] = past;
      await page.context().close();
    }
    expect(found).toEqual({});
  });

  it('on a phone with text at 200% no screen scrolls sideways, no table card scrolls inside, and each page starts below the bar', async () => {
    const found: Record<string, string> = {};
    for (const [role, screens] of [
      [null, visitorScreens],
      ['demoteacher', teacherScreens],
      ['demostudent', studentScreens],
    ] as const) {
      const page = await pageFor({ width: 390, height: 844 }, role, { largeText: true });
      for (const [name, open] of screens) {
        await open(page);
        const seen = await page.evaluate(() => {
          window.scrollTo(0, 0);
          const bar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
          const heading = document.querySelector('main h1')?.getBoundingClientRect().top ?? Infinity;
          const squeezed = [...document.querySelectorAll('.table-scroll')].filter((t) => t.scrollWidth > t.clientWidth).length;
          return { past: document.scrollingElement!.scrollWidth - innerWidth, headingUnderBar: heading < bar, squeezed };
        });
        const problems = [
          seen.past > 0 && `${seen.past} px sideways`,
          seen.headingUnderBar && 'heading under the bar',
          seen.squeezed > 0 && 'a table scrolls inside',
        ].filter(Boolean);
        if (problems.length) found[`${role ?? 'visitor'} ${name}`] = problems.join(', ');
      }
      await page.context().close();
    }
    expect(found).toEqual({});
  });
});
