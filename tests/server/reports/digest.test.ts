/** The teachers' daily summary: one e-mail a day at DIGEST_HOUR (school time) with the day's finished tasks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { mailOutbox, results } from '../../../db/schema.ts';
import { finishTask, finishUnit } from '../../helpers/results.ts';
import { enqueueDigests } from '../../../server/reports/digest.ts';
import { localDay, localDayBounds } from '../../../server/time.ts';

const ZONE = 'Asia/Shanghai';
const HOUR = 3600_000;
const DIGEST =
  'mutation ($on: Boolean!) { setReportDigest(enabled: $on) { __typename ... on SetReportDigestPayload { reportDigest info } ... on Error { message } } }';

describe.each(DATABASES)('daily summaries on %s', (kind) => {
  let server: TestServer;
  let who: Awaited<ReturnType<typeof finishTask>>;
  /** Local midnight of the day the tasks were finished. */
  let dayStart: Date;
  let day: string;
  const digests = () => server.app.deps.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'digest:%'));
  const enqueueAt = (at: Date) => enqueueDigests(server.app.deps, at, { timeZone: ZONE, hour: 18 });

  beforeAll(async () => {
    server = await startServer(kind, { app: { mailWorker: false } });
    who = await finishTask(server);
    const [first] = await server.app.deps.db.select({ at: results.createdAt }).from(results);
    day = localDay(first!.at, ZONE);
    dayStart = localDayBounds(day, ZONE).start;
  });
  afterAll(() => server?.close());

  it('is off until the teacher turns it on; a student cannot', async () => {
    expect((await server.gql('{ viewer { reportMail reportDigest } }', {}, who.teacher['x-access-token'])).body.data.viewer).toEqual({
      reportMail: true,
      reportDigest: false,
    });
    expect(await enqueueAt(new Date(dayStart.getTime() + 20 * HOUR))).toBe(0);
    expect((await server.gql(DIGEST, { on: true }, who.student['x-access-token'])).body.data.setReportDigest.__typename).toBe('ForbiddenError');
    expect((await server.gql('{ viewer { reportDigest } }', {}, who.student['x-access-token'])).body.data.viewer.reportDigest).toBeNull();
    expect((await server.gql(DIGEST, { on: true }, who.teacher['x-access-token'])).body.data.setReportDigest).toEqual({
      __typename: 'SetReportDigestPayload',
      reportDigest: true,
      info: "A summary of the day's finished tasks is e-mailed to you at 18:00 on days your students finish tasks",
    });
  });

  it("sums up the day's finished tasks class by class at the hour, once", async () => {
    await finishUnit(server, { teacher: who.teacher, student: who.student, className: 'Demo Class', teacherName: 'demoteacher' }, 'NS2022-ES1');
    // 17:59: the day is not over for the summary; the one due is yesterday's, which had nothing.
    expect(await enqueueAt(new Date(dayStart.getTime() + 18 * HOUR - 60_000))).toBe(0);
    expect(await enqueueAt(new Date(dayStart.getTime() + 18 * HOUR))).toBe(1);
    const [mail] = await digests();
    expect(mail).toMatchObject({
      toAddress: 'demoteacher@wordbee.local',
      subject: `单词蜂每日汇总 ${day}：完成 2 个任务 / WordBee daily summary ${day}: 2 tasks finished`,
      reportId: null,
    });
    expect(mail!.textBody).toContain(
      `demoteacher 老师您好！以下是 ${day} 学生完成的任务。\nDear demoteacher, here are the tasks your students finished on ${day}.`,
    );
    expect(mail!.textBody).toContain('共完成 2 个任务，平均分 94。\n2 tasks finished, average score 94.');
    expect(mail!.textBody).toContain('Demo Class: 2 tasks by 1 student, average 94');
    expect(mail!.textBody).toMatch(
      / {2}\d\d:\d\d {2}demostudent {2}NS2022-ES3 拼写 Spelling Bee {2}87\n {2}\d\d:\d\d {2}demostudent {2}NS2022-ES1 拼写 Spelling Bee {2}100/,
    );
    // The same evening, the next morning (the worker restarted): still one.
    expect(await enqueueAt(new Date(dayStart.getTime() + 23 * HOUR))).toBe(0);
    expect(await enqueueAt(new Date(dayStart.getTime() + 32 * HOUR))).toBe(0);
    // The next day had no finished tasks: nothing.
    expect(await enqueueAt(new Date(dayStart.getTime() + 42 * HOUR))).toBe(0);
    expect(await digests()).toHaveLength(1);
    // It goes out like any mail, without an attachment.
    expect(await server.app.mailer.drain()).toBeGreaterThan(0);
  });

  it('stops when the teacher turns it off', async () => {
    await server.gql(DIGEST, { on: false }, who.teacher['x-access-token']);
    await server.app.deps.db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, 'digest:%'));
    expect(await enqueueAt(new Date(dayStart.getTime() + 18 * HOUR))).toBe(0);
  });
});

describe('the mail worker', () => {
  let server: TestServer;
  let now = Date.now();
  afterAll(() => server?.close());

  it('queues the summaries when their hour comes', async () => {
    // Started in the morning of the day the tasks are finished, with the worker polling fast.
    const today = localDay(new Date(), ZONE);
    const { start } = localDayBounds(today, ZONE);
    now = start.getTime() + 8 * HOUR;
    server = await startServer('pglite', { env: { TIME_ZONE: ZONE, DIGEST_HOUR: '18' }, app: { now: () => now, mailTiming: { intervalMs: 50 } } });
    const who = await finishTask(server);
    await server.gql(DIGEST, { on: true }, who.teacher['x-access-token']);
    await new Promise((r) => setTimeout(r, 300));
    expect(await server.app.deps.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'digest:%'))).toHaveLength(0);
    now = start.getTime() + 18 * HOUR;
    await expect
      .poll(async () => (await server.app.deps.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'digest:%'))).length, { timeout: 5_000 })
      .toBe(1);
  });
});
