/**
 * Every screen, per role, at desktop and phone widths, checked by axe-core (the rules of WCAG 2.1
 * A and AA and axe's best practices): headings in order with one level-one heading, text that
 * stands out from its background, controls and images with names, landmarks. A pupil with a
 * screen reader or poor eyesight, or a school that must meet the rules, meets no violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: Array<{ target: string[] }> };

/** The page's violations, one line each: rule, impact, what it asks and where. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })
      .then((r) => r.violations),
  )) as Violation[];
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(!browserAvailable && !browserRequired)('accessibility of every screen (axe-core)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    for (const [unit, type] of [
      ['NS2022-ES1', 'FM'],
      ['NS2022-ES2', 'SB'],
      ['NS2022-ES3', 'PA'],
    ]) {
      await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: unit, Type: type }, teacher);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const widths = [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ];

  /** Visits each path (or runs each step) and collects the violations per screen. */
  async function audit(viewport: { width: number; height: number }, role: string | null, screens: Array<[string, (page: Page) => Promise<unknown>]>) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    if (role) await logIn(page, server.url, role);
    const report: Record<string, string[]> = {};
    for (const [name, open] of screens) {
      await open(page);
      const found = await violations(page);
      if (found.length) report[name] = found;
    }
    await context.close();
    return report;
  }
  const visit = (path: string) => (page: Page) => page.goto(`${server.url}${path}`);
  const task = (unit: string, type: string, ready: string) => async (page: Page) => {
    await page.goto(`${server.url}/task`);
    await page.locator('tr', { hasText: unit }).getByRole('button', { name: type }).click();
    await page.locator(ready).first().waitFor();
  };

  for (const viewport of widths) {
    it(`a visitor's screens at ${viewport.width} px`, async () => {
      const screens = ['/', '/help', '/listening', '/login', '/signup', '/padocs', '/nowhere'].map(
        (p) => [p, visit(p)] as [string, (page: Page) => Promise<unknown>],
      );
      expect(await audit(viewport, null, screens)).toEqual({});
    });

    it(`a teacher's screens at ${viewport.width} px`, async () => {
      expect(
        await audit(viewport, 'demoteacher', [
          ['/task', visit('/task')],
          ['/classes', visit('/classes')],
          ['/textbooks', visit('/textbooks')],
          ['/dashboard without a class', visit('/dashboard')],
          [
            '/dashboard (live class)',
            async (page) => {
              await page.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
              await page.goto(`${server.url}/dashboard`);
              await page.getByRole('heading', { name: /Live class/ }).waitFor();
            },
          ],
          ['/record (free practice)', visit('/record')],
        ]),
      ).toEqual({});
    });

    it(`a student's screens and players at ${viewport.width} px`, async () => {
      expect(
        await audit(viewport, 'demostudent', [
          ['/task', visit('/task')],
          ['/dashboard', visit('/dashboard')],
          ['Flashcard Master', task('NS2022-ES1', 'FM', '[data-testid=card]')],
          ['Spelling Bee', task('NS2022-ES2', 'SB', '.player')],
          ['Record (PA task)', task('NS2022-ES3', 'PA', 'section.record')],
          ['/classes (teachers only)', visit('/classes')],
        ]),
      ).toEqual({});
    });
  }
});
