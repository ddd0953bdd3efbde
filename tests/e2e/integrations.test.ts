/** The Integrations panel on /classes in Chromium: a token shown once, listed and revoked; a webhook added with its deliveries. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { finishTask } from '../helpers/results.ts';
import { bearerGql } from '../helpers/bearer.ts';

describe.skipIf(!browserAvailable && !browserRequired)('the Integrations panel in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: Server;
  let receiverUrl: string;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' } });
    browser = await launchBrowser();
    receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((r) => receiver?.close(r));
  });

  async function openPanel(page: Page) {
    await logIn(page, server.url, 'demoteacher');
    await page.click('a[href="/classes"]');
    await page.getByRole('button', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integration tokens' }).waitFor();
  }

  it('creates a token that is shown once and works, then revokes it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    await openPanel(page);
    const form = page.getByRole('form', { name: 'New integration token' });
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => form.getByTestId('status').innerText()).toBe('请给令牌起个名字 · Give the token a name');
    await page.fill('input[name=tokenName]', 'School gradebook');
    await form.getByLabel('read results').check();
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => form.getByTestId('status').innerText()).toMatch(/Choose at least one class$/);
    await form.getByLabel('Demo Class').check();
    await form.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.locator('.shown-once .secret').innerText()).trim();
    expect(token).toMatch(/^wbi_/);
    const row = page.locator('tr', { hasText: 'School gradebook' });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('读取班级和名单 read classes and rosters, 读取成绩 read results');

    const ask = () => bearerGql(server.url, token, '{ viewer { classes(first: 5) { edges { node { name } } } } }');
    expect((await ask()).body.data.viewer.classes.edges[0].node.name).toBe('Demo Class');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('.shown-once').count()).toBe(0);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.innerText()).toContain('revoked');
    expect((await ask()).status).toBe(401);
  });

  it('adds a webhook and lists its deliveries', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openPanel(page);
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.locator('select[name=webhookClass]').selectOption({ label: 'Demo Class' });
    await page.fill('input[name=webhookUrl]', 'ftp://example.org/x');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect
      .poll(() => form.getByTestId('status').innerText())
      .toMatch(/The URL must start with http:\/\/ or https:\/\/ \(and hold no user name or password\)$/);
    // The cloud metadata address (or any internal one) is refused, in Chinese first.
    await page.fill('input[name=webhookUrl]', 'http://169.254.169.254/latest/meta-data/');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect
      .poll(() => form.getByTestId('status').innerText())
      .toBe(
        '这个网址指向内部地址（本机、内网、链路本地或云元数据地址），Webhook 只能发往公网地址 · The URL must lead to a public address: webhooks are not sent to loopback, private, link-local, metadata or other internal addresses',
      );
    await page.fill('input[name=webhookUrl]', receiverUrl);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.locator('.shown-once .secret').innerText()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    await finishTask(server);
    await server.app.webhooks.drain(new Date(Date.now() + 1000));
    await page.getByRole('button', { name: 'Integrations' }).click();
    await page.getByRole('button', { name: 'Integrations' }).click();
    const row = page.locator('tr', { hasText: receiverUrl });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/task finished: sent \(HTTP 204\)/);
    expect(await row.innerText()).toMatch(/report ready: sent \(HTTP 204\)/);
    // The Reports panel lists the finished task's PDF (read through the pdfReports connection).
    await page.getByRole('button', { name: 'Reports' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Reports' }).innerText()).toMatch(/demostudent-NS2022-ES3-\d+-SB-\d{8}-\d+\.pdf/);
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('tr', { hasText: receiverUrl }).count()).toBe(0);
    // The teacher turns off the e-mail of each report; the setting holds after a reload.
    const mailBox = page.getByRole('region', { name: 'Reports' }).getByRole('checkbox', { name: /E-mail me each student's report/ });
    expect(await mailBox.isChecked()).toBe(true);
    await mailBox.uncheck();
    await expect
      .poll(() => page.getByRole('region', { name: 'Reports' }).innerText())
      .toContain('Reports are no longer e-mailed to you; they stay in the Reports list');
    // …and asks for one summary a day instead.
    const digestBox = page.getByRole('region', { name: 'Reports' }).getByRole('checkbox', { name: /E-mail me a summary of each day's finished tasks/ });
    expect(await digestBox.isChecked()).toBe(false);
    await digestBox.check();
    await expect
      .poll(() => page.getByRole('region', { name: 'Reports' }).innerText())
      .toContain("A summary of the day's finished tasks is e-mailed to you at 18:00 on days your students finish tasks");
    await page.reload();
    await page.getByRole('button', { name: 'Reports' }).click();
    await expect.poll(() => mailBox.isChecked()).toBe(false);
    expect(await digestBox.isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Reports' }).screenshot({ path: '/tmp/wordbee-reports-mail-settings.png' });
  });
});
