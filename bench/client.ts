/**
 * The client as a browser meets it (production build, headless Chromium, cold cache each
 * time): the JavaScript loaded for /login and for /task (sum of each script gzipped at level
 * 9, what a compressing proxy sends; the budget is 150 KB for the first route), and the time
 * from navigation to the first render of /task with its rows. Baseline in the same run: the
 * first render of /login (the shell and one form, no data).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { ms, percentile, startBenchServer } from './setup.ts';
import { ensureClientBuilt } from '../server/client-build.ts';
import { browserAvailable, launchBrowser } from '../tests/e2e/browser.ts';

const BUDGET_KB = 150;
const ROUNDS = 5;

async function visit(browser: Browser, url: string, ready: string, user?: unknown) {
  const context = await browser.newContext();
  if (user) await context.addInitScript((u) => sessionStorage.setItem('user', JSON.stringify(u)), user);
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await page.goto(url);
  await page.waitForSelector(ready);
  const renderedAt = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const gzipBytes = (await Promise.all(scripts)).reduce((s, n) => s + n, 0);
  await context.close();
  return { renderedAt, gzipBytes, files: scripts.length };
}

export async function clientBenchmark() {
  if (!browserAvailable) return { name: 'Client', lines: ['not run: Chromium is missing (apt-get install chromium)'] };
  await ensureClientBuilt();
  const server = await startBenchServer({ app: { serveClient: true } });
  const login = async (username: string) =>
    (await fetch(`${server.url}/api/v1.0/username/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: username }) })).json();
  const teacher = await login('demoteacher');
  for (const unit of ['NS2022-ES3', 'NS2022-ES4', 'NS2022-ES5']) {
    await fetch(`${server.url}/api/v1.0/usertasks/assigntask`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': teacher.accessToken }, body: JSON.stringify({ className: 'Demo Class', bookUnitID: unit, Type: 'SB' }) });
  }
  const student = await login('demostudent');
  const browser = await launchBrowser();
  const loginRuns = [];
  const taskRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    loginRuns.push(await visit(browser, `${server.url}/login`, 'form input[name=username]'));
    taskRuns.push(await visit(browser, `${server.url}/task`, 'table.tasks-table tbody tr', student));
  }
  await browser.close();
  await server.close();
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const loginJs = loginRuns[0]!.gzipBytes;
  const taskJs = taskRuns[0]!.gzipBytes;
  const loginRender = percentile(loginRuns.map((r) => r.renderedAt), 50);
  const taskRender = percentile(taskRuns.map((r) => r.renderedAt), 50);
  return {
    name: `Client (production build, headless Chromium, cold cache, median of ${ROUNDS})`,
    lines: [
      `JavaScript for /login: ${kb(loginJs)} gzip in ${loginRuns[0]!.files} files → ${Math.round((100 * loginJs) / (BUDGET_KB * 1024))}% of the ${BUDGET_KB} KB budget`,
      `JavaScript for /task : ${kb(taskJs)} gzip in ${taskRuns[0]!.files} files → ${Math.round((100 * taskJs) / (BUDGET_KB * 1024))}% of the ${BUDGET_KB} KB budget`,
      `first render of /login (baseline): ${ms(loginRender)}`,
      `first render of /task with its rows: ${ms(taskRender)} → ${(taskRender / loginRender).toFixed(1)}× /login`,
    ],
  };
}
