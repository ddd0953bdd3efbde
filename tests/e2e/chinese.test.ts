/**
 * Chinese first on every screen (issue 33, DESIGN: Language): each screen, per role, at desktop and
 * phone widths, in Chinese mode, has no visible text in its content that reads in English only.
 * A text node of <main> passes when it has Chinese characters, or is the English a catalogue
 * message shows beside its Chinese (`<T>`: span.en after span.zh), or sits in an element marked
 * translate="no" (the practice's English words, names and other user data, the product's name),
 * or has no letters at all (numbers, punctuation). Every screen must have Chinese text to check,
 * so a screen that failed to load cannot pass.
 *
 * Add a screen: a line in SCREENS (who sees it, how to open it, what shows it is ready).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { finishTask } from '../helpers/results.ts';

type Role = 'visitor' | 'demoteacher' | 'demostudent';
type Screen = { name: string; roles: Role[]; open: (page: Page, url: string) => Promise<unknown>; ready: string };

const visit = (path: string) => (page: Page, url: string) => page.goto(`${url}${path}`);
const fromTasks = (unit: string, type: string) => async (page: Page, url: string) => {
  await page.goto(`${url}/task`);
  await page.locator('tr', { hasText: unit }).getByRole('button', { name: type }).first().click();
};
const withClass = (path: string) => async (page: Page, url: string) => {
  await page.evaluate(() => sessionStorage.setItem('selectedClassname', 'Demo Class'));
  await page.goto(`${url}${path}`);
};
const ALL: Role[] = ['visitor', 'demoteacher', 'demostudent'];
const SIGNED_IN: Role[] = ['demoteacher', 'demostudent'];

export const SCREENS: Screen[] = [
  { name: 'Home', roles: ALL, open: visit('/'), ready: '.hero h1' },
  { name: 'Help', roles: ALL, open: visit('/help'), ready: '.doc h1' },
  { name: 'Pronunciation docs', roles: ['visitor'], open: visit('/padocs'), ready: '.doc h1' },
  { name: 'Listening', roles: ALL, open: visit('/listening'), ready: '.sample-grid' },
  { name: 'Textbook audio', roles: ['visitor'], open: visit('/rjbpep'), ready: '.doc h1' },
  { name: 'Login', roles: ['visitor'], open: visit('/login'), ready: 'form' },
  {
    name: 'Login, refused',
    roles: ['visitor'],
    open: async (page, url) => {
      await page.goto(`${url}/login`);
      await page.fill('input[name=username]', 'demoteacher');
      await page.fill('input[name=password]', 'wrongpass');
      await page.click('button[type=submit]');
    },
    ready: '[data-testid=status].status-error',
  },
  { name: 'Page not found', roles: ALL, open: visit('/no/such/page'), ready: '.panel-warn' },
  { name: 'Teachers only', roles: ['demostudent'], open: visit('/classes'), ready: '.panel-warn' },
  { name: 'Record (free practice)', roles: SIGNED_IN, open: visit('/record'), ready: 'section.record' },
  { name: 'Record (PA task)', roles: ['demostudent'], open: fromTasks('NS2022-ES3', 'PA'), ready: 'section.record' },
  { name: 'Dashboard (word lists and scores)', roles: ['demostudent'], open: visit('/dashboard'), ready: '[data-testid=score-chart] svg' },
  { name: 'Dashboard (live class)', roles: ['demoteacher'], open: withClass('/dashboard'), ready: '[data-testid=live-demostudent] .finished-list' },
  { name: 'Signup', roles: ['visitor'], open: visit('/signup'), ready: 'form' },
  {
    name: 'Classes with every panel open',
    roles: ['demoteacher'],
    open: async (page, url) => {
      await page.goto(`${url}/classes`);
      for (const panel of ['+Class', 'SelectClass', 'Reports', 'Integrations']) await page.getByRole('button', { name: panel }).first().click();
      await page.getByRole('heading', { name: /Integration tokens/ }).waitFor();
    },
    ready: 'table',
  },
  { name: 'Textbooks', roles: ['demoteacher'], open: visit('/textbooks'), ready: '.books-table' },
  {
    name: 'Textbooks, a book open with a unit previewed',
    roles: ['demoteacher'],
    open: async (page, url) => {
      await page.goto(`${url}/textbooks`);
      await page.getByRole('button', { name: 'NS2022', exact: true }).click();
      await page.locator('button.preview-toggle').first().click();
      await page.locator('li.unit-word').first().waitFor();
    },
    ready: '.units-table',
  },
  { name: 'Tasks', roles: SIGNED_IN, open: visit('/task'), ready: 'table.tasks-table tbody tr' },
  { name: 'My mistakes', roles: ['demostudent'], open: visit('/mistakes'), ready: 'section.mistakes h1' },
  { name: 'Flashcard Master', roles: ['demostudent'], open: fromTasks('FC2025-R', 'FM'), ready: '[data-testid=card]' },
  { name: 'Spelling Bee, before (Re)Begin', roles: ['demostudent'], open: fromTasks('PEP3A-1', 'SB'), ready: '[data-testid=word-count]' },
  // Last: once begun, leaving the page would ask first.
  {
    name: 'Spelling Bee, a word asked',
    roles: ['demostudent'],
    open: async (page, url) => {
      await fromTasks('PEP3A-1', 'SB')(page, url);
      await page.getByRole('button', { name: '(Re)Begin' }).click();
    },
    ready: '[data-testid=countdown]',
  },
];

/** The visible text of <main> that reads in English only, and how many Chinese texts there were. */
function englishOnly(page: Page): Promise<{ untranslated: string[]; chinese: number }> {
  return page.evaluate(() => {
    const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
    const main = document.querySelector('main')!;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const untranslated: string[] = [];
    let chinese = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      const el = node.parentElement!;
      if (!text || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (CJK.test(text)) {
        chinese++;
        continue;
      }
      if (!/[A-Za-z]/.test(text) || el.closest('[translate=no]')) continue;
      const beside = el.closest('.en');
      if (beside?.previousElementSibling?.matches('.zh') && CJK.test(beside.previousElementSibling.textContent ?? '')) continue;
      untranslated.push(text);
    }
    return { untranslated, chinese };
  });
}

describe.skipIf(!browserAvailable && !browserRequired)('Chinese first on every screen', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    const teacher = { 'x-access-token': (await server.login('demoteacher')).accessToken };
    // A finished task: the student's chart and the live view's finished task (with a word missed) show.
    await finishTask(server);
    await server.post('/api/v1.0/usertasks/assigntask', { className: 'Demo Class', bookUnitID: 'NS2022-ES3', Type: 'PA' }, teacher);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    for (const role of ALL) {
      it(`${role}'s screens at ${viewport.width} px show no English-only text`, async () => {
        const context = await browser.newContext({ viewport });
        await context.addInitScript(() => localStorage.setItem('wordbee-lang', 'zh'));
        const page = await context.newPage();
        if (role !== 'visitor') await logIn(page, server.url, role);
        const report: Record<string, string[] | string> = {};
        for (const screen of SCREENS.filter((s) => s.roles.includes(role))) {
          await screen.open(page, server.url);
          await page.locator(screen.ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          const { untranslated, chinese } = await englishOnly(page);
          if (chinese < 3) report[screen.name] = `only ${chinese} Chinese texts: did the screen load?`;
          else if (untranslated.length) report[screen.name] = untranslated;
        }
        await context.close();
        expect(report).toEqual({});
      }, 120_000);
    }
  }
});
