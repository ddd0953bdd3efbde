/**
 * `npm run screenshots -- [BASE_URL] [OUT_DIR]`: screenshots of every screen, per role, at desktop
 * and phone widths, for a person to look at. Run against a server started with `npm start`.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/browser.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '/tmp/wordbee-shots';
const only = process.env.SHOTS?.split(',');
mkdirSync(out, { recursive: true });

const visitorRoutes = ['/', '/help', '/listening', '/login', '/signup', '/padocs', '/rjbpep', '/nowhere'];
const signedInRoutes = ['/task', '/dashboard', '/classes', '/textbooks', '/record'];
const widths = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };

const browser = await launchBrowser();
for (const [size, viewport] of Object.entries(widths)) {
  for (const role of ['visitor', 'demoteacher', 'demostudent']) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    if (role !== 'visitor') {
      await page.goto(`${base}/login`);
      await page.fill('input[name=username]', role);
      await page.fill('input[name=password]', role);
      await page.click('button[type=submit]');
      await page.waitForURL('**/task');
    }
    const routes = role === 'visitor' ? visitorRoutes : signedInRoutes;
    for (const route of routes) {
      const name = `${size}-${role}${route.replace(/\//g, '_') || '_home'}`;
      if (only && !only.some((o) => name.includes(o))) continue;
      await page.goto(`${base}${route}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: size === 'desktop' });
      console.log(`${out}/${name}.png`);
    }
    await context.close();
  }
}
await browser.close();
