/**
 * Real names on the roster, the class remembered, forms and the task list for people (issue 33,
 * items 3–6), in Chromium: a roster '张伟, 李娜, Zhang Wei' is accepted, a pupil signs up and claims
 * 张伟 and appears as 张伟 in the teacher's task list; logout and login keep the class selected.
 * SHOTS_DIR=folder also saves the screens at 1280 and 390 px in Chinese and English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserAvailable, browserRequired, launchBrowser, logIn } from './browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { localDate } from '../../client/ui/dates.ts';

const SHOTS = process.env.SHOTS_DIR;

describe.skipIf(!browserAvailable && !browserRequired)('the roster, the remembered class and the task list in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pageAt = async (width: number, lang: 'zh' | 'en' = 'zh') => {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    if (lang === 'en') await context.addInitScript(() => localStorage.setItem('wordbee-lang', 'en'));
    const page = await context.newPage();
    // A first load on a busy machine builds nothing but can take a while.
    page.setDefaultNavigationTimeout(120_000);
    page.setDefaultTimeout(60_000);
    page.on('dialog', (d) => void d.accept());
    return page;
  };
  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };
  const status = (page: Page) => page.getByTestId('status').first().innerText();

  it('accepts a roster of real names; a pupil claims 张伟 and the teacher reads 张伟 in the task list', async () => {
    await server.post('/api/v1.0/username/signup', { username: 'wangli', password: 'wang1', email: 'wang@school.cn', isTeacher: true });
    const page = await pageAt(1280);
    await logIn(page, server.url, 'wangli', 'wang1');
    await page.goto(`${server.url}/classes`);
    await page.getByRole('button', { name: '添加班级 +Class', exact: true }).click();
    // The labels name things; the inputs keep the spec's field names.
    const labels = await page.locator('form.form-grid .field-label').allInnerTexts();
    expect(labels.map((l) => l.replace(/\s*\*$/, '').trim())).toEqual(
      expect.arrayContaining([
        '班级名称 · Class name',
        '学段 School level',
        '教材版本 Textbook series',
        '学生名单 · Students',
        '任务类型 Task type',
        '完成天数 · Days to finish',
        '每词限时（秒） · Seconds per word',
      ]),
    );
    expect(await page.locator('select[name=schoolID] option').allInnerTexts()).toEqual([
      '请选择… · Choose…',
      '全学段（国家课程标准） · All levels (national standards) (K-12)',
      '小学 · Primary school (ES)',
      '初中 · Junior high school (MS)',
      '高中 · Senior high school (HS)',
    ]);
    await page.fill('input[name=className]', '三年级二班');
    await page.selectOption('select[name=schoolID]', 'ES');
    expect(await page.locator('select[name=pressID] option').allInnerTexts()).toContain(
      "人教版 小学（三年级起点） · People's Education Press (PEP), primary (PEP)",
    );
    await page.selectOption('select[name=pressID]', 'PEP');
    await page.fill('input[name=students]', '张伟, 李娜, Zhang Wei');
    await shoot(page, 'classes-add-1280-zh');
    await page.locator('form').getByRole('button', { name: '+Class' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: /\+Class/ })
          .getByTestId('status')
          .innerText(),
      )
      .toBe('已添加班级 三年级二班 · success: class 三年级二班 added');
    // (Each Remove button also says the name, hidden, for a screen reader: the first three lines are what shows.)
    await expect
      .poll(async () => (await page.locator('.roster-list li').allInnerTexts()).map((t) => t.split('\n').slice(0, 3).join('\n')))
      .toEqual([
        '张伟\n尚未注册 not signed up yet\n移除 Remove',
        '李娜\n尚未注册 not signed up yet\n移除 Remove',
        'Zhang Wei\n尚未注册 not signed up yet\n移除 Remove',
      ]);

    await server.post(
      '/api/v1.0/usertasks/assigntask',
      { className: '三年级二班', bookUnitID: 'PEP3A-1', Type: 'SB' },
      { 'x-access-token': (await server.login('wangli', 'wang1')).accessToken },
    );

    // The pupil, on a phone: the teacher's and class's names, then which name on the list is theirs.
    const kid = await pageAt(390);
    await kid.goto(`${server.url}/signup`);
    await kid.fill('input[name=username]', 'zhangwei01');
    await kid.fill('input[name=password]', 'zw1234');
    await kid.fill('input[name=email]', 'zw@home.cn');
    await kid.fill('input[name=teachername]', 'wangli');
    await kid.fill('input[name=classname]', '三年级二班');
    await expect
      .poll(() => kid.locator('select[name=rostername] option').allInnerTexts())
      .toEqual(['请选择你的名字… · Choose your name…', '张伟', '李娜', 'Zhang Wei', '我的名字不在名单上 · My name is not on the list']);
    await kid.click('button[type=submit]');
    await expect.poll(() => status(kid)).toBe('请在名单中选出你的名字 · Choose your name from the class list');
    await kid.selectOption('select[name=rostername]', '张伟');
    await shoot(kid, 'signup-390-zh');
    await kid.click('button[type=submit]');
    await expect
      .poll(() => status(kid))
      .toBe('学生 zhangwei01 已注册，以“张伟”加入班级 三年级二班，请登录 · Student zhangwei01 signed up to class 三年级二班 as 张伟, please login');
    await logIn(kid, server.url, 'zhangwei01', 'zw1234');
    await expect.poll(() => kid.locator('tbody tr').count()).toBe(1);
    // On a phone a task is a card that reads as a sentence.
    await expect
      .poll(() => kid.locator('tbody tr .task-sentence').innerText())
      .toMatch(/^拼写：PEP .*3A · .+ · Unit 1.*，\d{4}-\d\d-\d\d 前完成\s+Spelling Bee, due by \d{4}-\d\d-\d\d$/);
    expect(await kid.locator('tbody tr td[data-col=bookUnitID]').isVisible()).toBe(false);
    await shoot(kid, 'tasks-student-390-zh');
    await kid.context().close();

    // The teacher reads 张伟, with the username beside it.
    await page.goto(`${server.url}/task`);
    await expect.poll(() => page.locator('tbody tr', { hasText: '张伟' }).locator('td').first().innerText()).toBe('张伟 (zhangwei01)');
    const row = page.locator('tbody tr', { hasText: '张伟' });
    const cells = await row.locator('td').allInnerTexts();
    // bookUnitID with the book and unit title; dueBy the date's 10 characters.
    expect(cells[1]).toMatch(/^PEP3A-1\nPEP .*3A · .+ · Unit 1/);
    expect(cells[4]).toBe(localDate(new Date(Date.now() + 7 * 86_400_000)));
    expect(cells[4]).toHaveLength(10);
    await shoot(page, 'tasks-teacher-1280-zh');
    await page.goto(`${server.url}/classes`);
    await expect
      .poll(async () => (await page.locator('.roster-list li').first().innerText()).split('\n').slice(0, 4).join('\n'))
      .toBe('张伟\nzhangwei01\n释放 Release\n移除 Remove');
    await shoot(page, 'classes-roster-1280-zh');
    // A click in the Type cell's empty space, not on its badge, opens the task.
    await page.goto(`${server.url}/task`);
    const typeCell = row.locator('td[data-col=Type]');
    const box = (await typeCell.boundingBox())!;
    const chip = (await typeCell.locator('button').boundingBox())!;
    expect(box.x + box.width - 4).toBeGreaterThan(chip.x + chip.width);
    await typeCell.click({ position: { x: box.width - 4, y: box.height / 2 } });
    await page.waitForURL('**/spellingbee');
    expect(await page.evaluate(() => history.state?.taskId)).toMatch(/^PEP3A-1-\d+-SB-wangli$/);
    await page.context().close();
  });

  it('keeps the selected class across logout and login; no stale "selected" message after deleting it', async () => {
    const token = (await server.login('wangli', 'wang1')).accessToken;
    await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: 'Class 4B', schoolID: 'ES', pressID: 'PEP', students: 'Anna, Bob Li', tbTaskType: 'SB', taskDueDays: '3' },
      { 'x-access-token': token },
    );
    const page = await pageAt(1280);
    await logIn(page, server.url, 'wangli', 'wang1');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('selectedClassname'))).toBe('三年级二班');
    await page.goto(`${server.url}/classes`);
    await page.getByRole('button', { name: '选择班级 SelectClass', exact: true }).click();
    const panel = page.getByRole('region', { name: /SelectClass/ });
    await panel.locator('select').selectOption('Class 4B');
    await panel.getByRole('button', { name: /SelectClass/ }).click();
    await expect
      .poll(() => panel.getByTestId('status').innerText())
      .toBe('已选择 Class 4B：打开“课本”布置单元任务 · Class 4B selected: open Textbooks to assign a unit');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await logIn(page, server.url, 'wangli', 'wang1');
    // Selected again, with the spec's session storage keys filled as SelectClass fills them.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('selectedClassname'))).toBe('Class 4B');
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('sc-tbTaskType'),
        sessionStorage.getItem('sc-taskDueDays'),
        sessionStorage.getItem('schoolID'),
        sessionStorage.getItem('pressID'),
      ]),
    ).toEqual(['SB', '3', 'ES', 'PEP']);
    await expect.poll(() => page.getByTestId('welcome').innerText()).toContain('Class 4B');

    // Deleting the selected class leaves no 'selected' message behind.
    await page.goto(`${server.url}/classes`);
    await page.getByRole('button', { name: '选择班级 SelectClass', exact: true }).click();
    await panel.locator('select').selectOption('Class 4B');
    await panel.getByRole('button', { name: /SelectClass/ }).click();
    await expect.poll(() => panel.getByTestId('status').innerText()).toContain('Class 4B selected');
    await page.getByRole('button', { name: '删除班级 -Class', exact: true }).click();
    const del = page.getByRole('region', { name: /-Class/ });
    await del.locator('select').selectOption('Class 4B');
    await del.getByRole('button', { name: /-Class/ }).click();
    await expect.poll(() => del.getByTestId('status').innerText()).toBe('已删除 Class 4B · Class 4B deleted');
    expect(await panel.getByTestId('status').innerText()).toBe('');
    expect(await page.locator('main').innerText()).not.toContain('Class 4B selected');
    await shoot(page, 'classes-after-delete-1280-zh');
    await page.context().close();
  });
});
