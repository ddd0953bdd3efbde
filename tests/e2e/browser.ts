/**
 * Debian's Chromium driven by playwright-core (browser downloads do not work here). Browser
 * tests skip locally when Chromium is missing; in CI (WORDBEE_REQUIRE_BROWSER=1) they fail.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];

export const browserAvailable = existsSync(CHROMIUM_PATH);
export const browserRequired = process.env.WORDBEE_REQUIRE_BROWSER === '1';

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/** Signs in through the login screen and waits for the task list. */
export async function logIn(page: Page, baseUrl: string, username: string, password = username): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/task');
}

/** Makes the page believe its login runs out `seconds` from now (the token itself is unchanged). */
export function setLoginExpiry(page: Page, seconds: number): Promise<void> {
  return page.evaluate((s) => {
    const user = JSON.parse(sessionStorage.getItem('user')!);
    sessionStorage.setItem('user', JSON.stringify({ ...user, tokenExpAt: Math.floor(Date.now() / 1000) + s }));
  }, seconds);
}
