/**
 * The client as a browser meets it (production build, headless Chromium, cold cache each
 * time): the JavaScript loaded for /login and for /task (sum of each script gzipped at level
 * 9, what a compressing proxy sends; the budget is 150 KB for the first route), and the time
 * from navigation to the first render of /task with its rows. Baseline in the same run: the
 * first render of /login (the shell and one form, no data).
 *
 * Render-as-you-fetch (client/routeQueries.ts): the route starts the screen's queries together
 * with its code. The same build is measured with the queries held back until the screen's code
 * has arrived (the order of a screen that asks for its data once it renders, as useLazyLoadQuery
 * did; a little kinder to it, since its code still had to run first), on loopback and with a
 * phone's round trip (each request held 100 ms before it goes): the cold first render of
 * /task, and from pressing Login to /task's rows.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ms, percentile, startBenchServer } from './setup.ts';
import { ensureClientBuilt } from '../server/client-build.ts';
import { browserAvailable, launchBrowser } from '../tests/e2e/browser.ts';

const BUDGET_KB = 150;
const ROUNDS = 7;
/** A phone on a mobile network: the round trip Chromium adds to every request. */
const PHONE_LATENCY_MS = 100;

/** How the screen's queries go out: as the app does it, or held back until its code has arrived. */
type Order = 'together' | 'sequence';
type Network = { latencyMs: number; order: Order };
const LOOPBACK: Network = { latencyMs: 0, order: 'together' };

/** The screen whose code the queries wait for in 'sequence' (its chunk, dist/assets/Tasks-….js). */
const SCREEN_CHUNK = /\/assets\/Tasks-[\w-]+\.js$/;

/** The page notes when the task list's first row appears (window.rowsAt, performance.now()): no polling delay in the figure. */
function noteRows() {
  const w = window as unknown as { rowsAt?: number };
  new MutationObserver((_m, observer) => {
    if (document.querySelector('table.tasks-table tbody tr')) {
      w.rowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}
const rowsAt = (page: Page) => page.evaluate(() => (window as unknown as { rowsAt: number }).rowsAt);

async function openPage(context: BrowserContext, network: Network): Promise<Page> {
  await context.addInitScript(noteRows);
  const page = await context.newPage();
  let codeArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (codeArrived = resolve));
  if (network.order === 'sequence') page.on('requestfinished', (request) => SCREEN_CHUNK.test(request.url()) && codeArrived());
  if (network.latencyMs || network.order === 'sequence') {
    // Every request waits the round trip before it goes (requests under way together wait together).
    // In 'sequence', queries (not the login mutation) also wait for the screen's code.
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (network.order === 'sequence' && request.url().endsWith('/graphql') && !/^\s*\{"query":"mutation/.test(request.postData() ?? '')) await arrived;
      if (network.latencyMs) await new Promise((resolve) => setTimeout(resolve, network.latencyMs));
      await route.continue();
    });
  }
  return page;
}

async function visit(browser: Browser, url: string, ready: string, user?: unknown, network = LOOPBACK) {
  const context = await browser.newContext();
  if (user) await context.addInitScript((u) => sessionStorage.setItem('user', JSON.stringify(u)), user);
  const page = await openPage(context, network);
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.body().then(
          (b) => gzipSync(b, { level: 9 }).length,
          () => 0,
        ),
      );
  });
  await page.goto(url);
  await page.waitForSelector(ready);
  const renderedAt = ready.startsWith('table.tasks-table') ? await rowsAt(page) : await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  // Whether the screen's first query went out before its code had arrived.
  const queryBeforeCode = await page.evaluate((chunk) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const query = entries.find((e) => e.name.endsWith('/graphql'));
    const code = entries.find((e) => new RegExp(chunk).test(e.name));
    return Boolean(query && code && query.startTime < code.responseEnd);
  }, SCREEN_CHUNK.source);
  const gzipBytes = (await Promise.all(scripts)).reduce((s, n) => s + n, 0);
  await context.close();
  return { renderedAt, gzipBytes, files: scripts.length, queryBeforeCode };
}

/**
 * From the login's answer (the login page loaded, Login pressed) to the task list's rows: the
 * navigation every lesson starts with (the password check before it is left out). Also when
 * everything the screen needs had arrived (its queries' answers and its scripts): React shows a
 * screen that suspended no sooner than 300 ms after its fallback (the Loading panel) appeared
 * (its FALLBACK_THROTTLE_MS), so when both arrive within that time the rows appear at the same
 * moment in either order; the arrival shows the gain the throttle hides.
 */
async function logInToTasks(browser: Browser, url: string, username: string, network: Network) {
  const context = await browser.newContext();
  const page = await openPage(context, network);
  await page.goto(`${url}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', username);
  // The form's checks (loaded as one types) are in before the press.
  await page.waitForLoadState('networkidle');
  const pressedAt = await page.evaluate(() => performance.now());
  await page.click('button[type=submit]');
  await page.waitForSelector('table.tasks-table tbody tr');
  const shownAt = await rowsAt(page);
  await page.waitForLoadState('networkidle');
  const { loggedInAt, readyAt } = await page.evaluate((after) => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= after);
    const login = entries.find((e) => e.name.endsWith('/graphql'))!;
    const screen = entries.filter((e) => e !== login && e.startTime >= login.responseEnd - 1 && (e.name.endsWith('/graphql') || e.name.endsWith('.js')));
    return { loggedInAt: login.responseEnd, readyAt: Math.max(...screen.map((e) => e.responseEnd)) };
  }, pressedAt);
  await context.close();
  return { rows: shownAt - loggedInAt, ready: readyAt - loggedInAt };
}

export async function clientBenchmark() {
  if (!browserAvailable) return { name: 'Client', lines: ['not run: Chromium is missing (apt-get install chromium)'] };
  await ensureClientBuilt();
  const server = await startBenchServer({ app: { serveClient: true } });
  const login = async (username: string) =>
    (
      await fetch(`${server.url}/api/v1.0/username/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: username }),
      })
    ).json();
  const teacher = await login('demoteacher');
  for (const unit of ['NS2022-ES3', 'NS2022-ES4', 'NS2022-ES5']) {
    await fetch(`${server.url}/api/v1.0/usertasks/assigntask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': teacher.accessToken },
      body: JSON.stringify({ className: 'Demo Class', bookUnitID: unit, Type: 'SB' }),
    });
  }
  const student = await login('demostudent');
  const browser = await launchBrowser();
  const loginRuns = [];
  const taskRuns = [];
  const networks = {
    loopback: [LOOPBACK, { latencyMs: 0, order: 'sequence' }],
    phone: [
      { latencyMs: PHONE_LATENCY_MS, order: 'together' },
      { latencyMs: PHONE_LATENCY_MS, order: 'sequence' },
    ],
  } as const;
  const coldTask = { loopback: [[], []], phone: [[], []] } as Record<keyof typeof networks, [number[], number[]]>;
  /** Cold visits of /task, as the app does it, whose query was asked for before the screen's code arrived. */
  let early = 0;
  const afterLogin = { loopback: [[], []], phone: [[], []] } as Record<keyof typeof networks, [number[], number[]]>;
  const afterLoginReady = { loopback: [[], []], phone: [[], []] } as Record<keyof typeof networks, [number[], number[]]>;
  for (let i = 0; i < ROUNDS; i++) {
    loginRuns.push(await visit(browser, `${server.url}/login`, 'form input[name=username]'));
    taskRuns.push(await visit(browser, `${server.url}/task`, 'table.tasks-table tbody tr', student));
    // Each order in turn within a round, so that a busy moment of the machine does not fall on one only.
    for (const name of ['loopback', 'phone'] as const) {
      for (const k of [0, 1] as const) {
        const cold = await visit(browser, `${server.url}/task`, 'table.tasks-table tbody tr', student, networks[name][k]);
        coldTask[name][k].push(cold.renderedAt);
        if (k === 0 && cold.queryBeforeCode) early++;
        const loggedIn = await logInToTasks(browser, server.url, 'demostudent', networks[name][k]);
        afterLogin[name][k].push(loggedIn.rows);
        afterLoginReady[name][k].push(loggedIn.ready);
      }
    }
  }
  await browser.close();
  await server.close();
  const median = (values: number[]) => percentile(values, 50);
  const gain = (label: string, runs: [number[], number[]]) => {
    const [together, sequence] = runs.map(median) as [number, number];
    return `${label}: together ${ms(together)}, in sequence ${ms(sequence)} → ${(sequence / together).toFixed(2)}× as long in sequence`;
  };
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const loginJs = loginRuns[0]!.gzipBytes;
  const taskJs = taskRuns[0]!.gzipBytes;
  const loginRender = percentile(
    loginRuns.map((r) => r.renderedAt),
    50,
  );
  const taskRender = percentile(
    taskRuns.map((r) => r.renderedAt),
    50,
  );
  return {
    name: `Client (production build, headless Chromium, cold cache, median of ${ROUNDS})`,
    lines: [
      `JavaScript for /login: ${kb(loginJs)} gzip in ${loginRuns[0]!.files} files → ${Math.round((100 * loginJs) / (BUDGET_KB * 1024))}% of the ${BUDGET_KB} KB budget`,
      `JavaScript for /task : ${kb(taskJs)} gzip in ${taskRuns[0]!.files} files → ${Math.round((100 * taskJs) / (BUDGET_KB * 1024))}% of the ${BUDGET_KB} KB budget`,
      `first render of /login (baseline): ${ms(loginRender)}`,
      `first render of /task with its rows: ${ms(taskRender)} → ${(taskRender / loginRender).toFixed(1)}× /login`,
      `the screen's queries started with its code (together) vs. after it (in sequence); the app asked for /task's data before its code had arrived in ${early} of ${2 * ROUNDS} cold visits:`,
      gain('  /task, cold, loopback', coldTask.loopback),
      gain(`  /task, cold, ${PHONE_LATENCY_MS} ms round trip`, coldTask.phone),
      gain('  logged in → /task rows, loopback', afterLogin.loopback),
      gain(`  logged in → /task rows, ${PHONE_LATENCY_MS} ms round trip`, afterLogin.phone),
      gain('  logged in → /task data and code arrived, loopback', afterLoginReady.loopback),
      gain(`  logged in → /task data and code arrived, ${PHONE_LATENCY_MS} ms round trip`, afterLoginReady.phone),
    ],
  };
}
