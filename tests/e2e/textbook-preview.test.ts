/**
 * Issue 34 in Chromium: a teacher opens PEP 3A, previews its first unit's words (pictures, part
 * of speech, definition) before assigning it, assigns it from the preview, and the student's
 * Spelling Bee asks exactly the previewed words in that order. The words are read from the
 * preview, not written here: the unit is whatever the content pack holds. Also: the import form's
 * example files are there and import as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** axe-core's findings on the page as it is (the rules tests/e2e/accessibility.test.ts uses), one line each. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })
      .then((r) => r.violations),
  )) as { id: string; help: string; nodes: { target: string[] }[] }[];
  return found.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const EXAMPLE = (name: string) => fileURLToPath(new URL(`../../client/public/examples/${name}`, import.meta.url));

describe.skipIf(!browserAvailable && !browserRequired)('previewing a unit before assigning it, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    await server.post('/api/v1.0/username/signup', { username: 'mrszhou', password: 'zhou1', email: 'zhou@school.cn', isTeacher: true });
    const teacher = { 'x-access-token': (await server.login('mrszhou', 'zhou1')).accessToken };
    const added = await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: 'Class 3A', schoolID: 'ES', pressID: 'PEP', students: 'lili01', tbTaskType: 'SB' },
      teacher,
    );
    expect(added.status).toBe(200);
    await server.post('/api/v1.0/username/signup', {
      username: 'lili01',
      password: 'lili1',
      email: 'lili@home.cn',
      isTeacher: false,
      teachername: 'mrszhou',
      classname: 'Class 3A',
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Signed in as the class's teacher, the class selected, on the Textbooks screen. */
  async function teacherOnTextbooks(page: Page) {
    await logIn(page, server.url, 'mrszhou', 'zhou1');
    await page.goto(`${server.url}/classes`);
    await page.getByRole('button', { name: 'SelectClass' }).click();
    const selectPanel = page.getByRole('region', { name: /SelectClass/ });
    await selectPanel.locator('select').selectOption('Class 3A');
    await selectPanel.getByRole('button', { name: 'selectClass' }).click();
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('欢迎 mrszhou · Class 3A\nWelcome mrszhou · Class 3A');
    await page.click('a[href="/textbooks"]');
  }

  it("a teacher previews PEP3A's first unit, assigns it from the preview, and the Spelling Bee asks those words in order", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await teacherOnTextbooks(page);
    await page.getByRole('button', { name: 'ES-PEP' }).first().click();
    await page.getByRole('button', { name: 'PEP3A', exact: true }).click();

    const firstUnit = page.locator('tbody tr').first();
    const unitId = await firstUnit.locator('td[data-label=unitID]').innerText();
    const toggle = firstUnit.locator('button.preview-toggle');
    expect(await toggle.innerText()).toMatch(/^看单词\s+Words$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.innerText()).toMatch(/^收起单词\s+Hide words$/);
    const preview = page.getByRole('region', { name: new RegExp(`Words of unit ${unitId}`) });
    const items = preview.locator('li.unit-word');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const words = await preview.locator('.unit-word-text').allInnerTexts();
    expect(await preview.locator('.hint').first().innerText()).toContain(`${words.length} words; students practise them in this order`);
    // Every word with its definition; its picture (when it has one) loaded, the players' own.
    expect((await preview.locator('.unit-word-definition').allInnerTexts()).every((d) => d.trim().length > 0)).toBe(true);
    expect(await preview.locator('.unit-word-definition').count()).toBe(words.length);
    const pictures = await preview
      .locator('img.unit-word-picture')
      .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => ({ src: new URL(i.src).pathname, ok: i.complete && i.naturalWidth > 0 })));
    expect(pictures.length + (await preview.locator('.unit-word-picture.none').count())).toBe(words.length);
    for (const p of pictures) expect(p.src).toMatch(/^\/avatars\//);
    await expect
      .poll(() => preview.locator('img.unit-word-picture').evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0)))
      .toBe(true);

    expect(await violations(page)).toEqual([]);

    // Closing and opening again; then the assign button under the words.
    await toggle.click();
    await expect.poll(() => page.locator('li.unit-word').count()).toBe(0);
    await toggle.click();
    await preview.getByRole('button', { name: new RegExp(`Assign unit ${unitId} \\(SB\\)`) }).click();
    await page.waitForURL('**/task');
    await expect.poll(() => page.getByTestId('status').first().innerText()).toMatch(new RegExp(`^SB PEP3A-${unitId} assigned to 1 student of Class 3A`));
    await page.context().close();

    // The student's Spelling Bee asks the previewed words, in order.
    const kid = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await logIn(kid, server.url, 'lili01', 'lili1');
    await kid
      .locator('tr', { hasText: `PEP3A-${unitId}` })
      .getByRole('button', { name: 'SB' })
      .click();
    await kid.waitForURL('**/spellingbee');
    await expect.poll(() => kid.getByTestId('word-count').innerText()).toBe(`${words.length} words`);
    await kid.getByRole('button', { name: '(Re)Begin' }).click();
    const asked: string[] = [];
    for (let i = 0; i < words.length; i++) {
      // (Each answer's correction shows for 1.5 s before the next word.)
      await expect.poll(() => kid.getByTestId('word-count').innerText(), { timeout: 10_000 }).toBe(`Word ${i + 1} of ${words.length}`);
      const src = new URL((await kid.locator('audio').getAttribute('src'))!, server.url);
      const text = src.searchParams.get('text')!;
      // The prompt is 'word. sentence word.': the word asked is before the first '. '.
      asked.push(text.slice(0, text.indexOf('. ')));
      await kid.fill('input[name=answer]', words[i]!);
      await kid.keyboard.press('Enter');
    }
    expect(asked).toEqual(words);
    await expect
      .poll(() => kid.getByTestId('status').first().innerText())
      .toMatch(new RegExp(`^score ${words.length} of ${words.length}\\. The test finished`));
    await kid.context().close();
  }, 300_000);

  it('the import form links a complete example in CSV and JSON, and each imports as it is', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await teacherOnTextbooks(page);
    await page.locator('details.import-book summary').click();
    for (const [name, type] of [
      ['Example CSV', 'text/csv'],
      ['Example JSON', 'application/json'],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(name) });
      const reply = await page.request.get(new URL((await link.getAttribute('href'))!, server.url).toString());
      expect(reply.status()).toBe(200);
      expect(reply.headers()['content-type']).toContain(type);
      expect(await reply.text()).toContain('pencil box');
    }
    // The CSV as a teacher would upload it; its book is then on the shelf, its units previewed.
    await page.locator('details.import-book input[type=file]').setInputFiles(EXAMPLE('school-book.csv'));
    await expect
      .poll(() => page.locator('details.import-book [data-testid=status]').innerText())
      .toMatch(/^导入成功：1 本书，3 个单元，12 个词（\d+ 个新词） · success: 1 book\(s\), 3 unit\(s\), 12 words \(\d+ new\) imported$/);
    await page.getByRole('button', { name: 'ES-PEP' }).first().click();
    await page.getByRole('button', { name: 'OURS3A', exact: true }).click();
    expect(await page.locator('tbody td[data-label=title]').allInnerTexts()).toEqual([
      expect.stringMatching(/^Hello, friends! · 4 个词 4 words/),
      expect.stringMatching(/^My school bag · 4 个词 4 words/),
      expect.stringMatching(/^Colours around us · 4 个词 4 words/),
    ]);
    // On a phone: one column of words.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('tbody tr').nth(1).locator('button.preview-toggle').click();
    await expect.poll(() => page.locator('.unit-preview .unit-word-text').allInnerTexts()).toEqual(['school bag', 'pencil box', 'ruler', 'book']);
    expect(await page.locator('.unit-preview .unit-word-definition').first().innerText()).toBe('a bag you carry your books in');
    const lefts = await page.locator('.unit-preview li.unit-word').evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 180_000);
});
