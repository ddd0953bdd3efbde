import { mkdirSync } from 'node:fs';
import { startServer } from './tests/helpers/server.ts';
import { launchBrowser, logIn } from './tests/e2e/browser.ts';

const [label, clientDir] = process.argv.slice(2) as [string, string];
const out = `/tmp/client-shots/${label}`;
mkdirSync(out, { recursive: true });
const server = await startServer('pglite', { app: { clientDir } });
const browser = await launchBrowser();
async function shoot(user: string, width: number, paths: [string, string, ((p: import('playwright-core').Page) => Promise<void>)?][]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await logIn(page, server.url, user);
  for (const [name, path, open] of paths) {
    if (open) await open(page);
    else await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${user}-${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
const viaTasks = (type: string) => async (page: import('playwright-core').Page) => {
  await page.goto(`${server.url}/task`);
  await page.locator(`button.type-chip.type-${type}`).first().click();
};
for (const width of [1280, 390]) {
  await shoot('demostudent', width, [
    ['task', '/task'],
    ['dashboard', '/dashboard'],
    ['mistakes', '/mistakes'],
    ['record', '/record'],
    ['spellingbee', '', viaTasks('SB')],
    ['flashcardmaster', '', viaTasks('FM')],
  ]);
  await shoot('demoteacher', width, [
    ['task', '/task'],
    ['classes', '/classes'],
    ['textbooks', '/textbooks'],
    ['dashboard', '/dashboard'],
  ]);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}/visitor-login-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
await server.close();
process.exit(0);
