/** The built client runs under the server's Content-Security-Policy: no violation on any screen. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the Content-Security-Policy in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { NODE_ENV: 'production' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the pages of a visitor, a teacher and a student load and work with no CSP violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${location.pathname}`),
      );
    });
    const response = await page.goto(`${server.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('welcome').waitFor();
    for (const who of ['demoteacher', 'demostudent']) {
      await page.goto(`${server.url}/login`);
      await page.fill('input[name=username]', who);
      await page.fill('input[name=password]', who);
      await page.click('button[type=submit]');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      for (const path of who === 'demoteacher' ? ['/classes', '/textbooks', '/task'] : ['/task', '/dashboard']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForLoadState('networkidle');
      }
      await page.evaluate(() => sessionStorage.clear());
    }
    expect(violations).toEqual([]);
    // A script injected inline would be refused: the policy is really in force.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as any).__inlineRan ?? false)).toBe(false);
    await expect.poll(() => violations.length).toBe(1);
    expect(violations[0]).toMatch(/^script-src-elem inline /);
    await context.close();
  });
});
