import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { eq, gt, max } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { blobs, mailOutbox, reports } from '../../../db/schema.ts';
import { finishTask, finishUnit } from '../../helpers/results.ts';
import { deleteExpiredReports } from '../../../server/reports/service.ts';

describe.each(DATABASES)('reports on %s', (kind) => {
  let server: TestServer;
  let who: Awaited<ReturnType<typeof finishTask>>;
  beforeAll(async () => {
    server = await startServer(kind, { app: { mailWorker: false } });
    who = await finishTask(server);
  });
  afterAll(() => server?.close());

  it('makes a PDF per finished task, listed to the teacher with its expiry, downloadable by the teacher only', async () => {
    const list = (await server.get('/api/v1.0/userreports', who.teacher)).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      fileName: expect.stringMatching(/^demostudent-NS2022-ES3-\d+-SB-\d{8}-\d+\.pdf$/),
      student: 'demostudent',
      bookUnitID: 'NS2022-ES3',
      Type: 'SB',
      score: 87,
    });
    const days = (new Date(list[0].expireAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const pdf = await fetch(`${server.url}/api/v1.0/userreports/${list[0].fileName}`, { headers: who.teacher });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(server.dataDir, 'report.pdf');
    writeFileSync(file, bytes);
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    if (text.status === 0) {
      expect(text.stdout).toContain('demostudent');
      expect(text.stdout).toContain('学生 Student');
      expect(text.stdout).toContain('得分 Score');
      expect(text.stdout).toContain('Wrong spell words list (correct word, wrong spell;)');
      expect(text.stdout).toMatch(/blue,\s+bleu;/);
    } else if (process.env.CI) throw new Error('pdftotext is needed in CI');
    expect((await server.get(`/api/v1.0/userreports/${list[0].fileName}`, who.student)).status).toBe(403);
    expect((await server.get('/api/v1.0/userreports', who.student)).status).toBe(403);
    await server.post('/api/v1.0/username/signup', { username: 'mrxu1', password: 'xu123', email: 'xu@school.cn', isTeacher: true });
    const other = { 'x-access-token': (await server.login('mrxu1', 'xu123')).accessToken };
    expect((await server.get('/api/v1.0/userreports', other)).body).toEqual([]);
    expect((await server.get(`/api/v1.0/userreports/${list[0].fileName}`, other)).status).toBe(404);
    expect((await server.get('/api/v1.0/userreports/..%2F..%2Fjwt-secret', who.teacher)).status).toBe(400);
  });

  it('gives a download link that works without a login, for that file only, until it expires', async () => {
    const query = '{ viewer { pdfReports(first: 1) { edges { node { fileName signedDownloadUrl } } } } }';
    const { fileName, signedDownloadUrl } = (await server.gql(query, {}, who.teacher['x-access-token'])).body.data.viewer.pdfReports.edges[0].node;
    const link = new URL(signedDownloadUrl, server.url);
    expect(link.pathname).toBe(`/api/v1.0/userreports/${fileName}`);
    const pdf = await fetch(link);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const token = link.searchParams.get('link')!;
    const refused = async (url: string) => {
      const r = await server.get(url);
      expect(r).toEqual({ status: 401, body: { info: 'This download link is not valid or has expired; ask for a new one' } });
    };
    // Tampered, for another file, an access token in its place, expired.
    await refused(`/api/v1.0/userreports/${fileName}?link=${token.slice(0, -2)}xx`);
    await refused(`/api/v1.0/userreports/other-NS2022-ES3-1-SB-20261124-1.pdf?link=${token}`);
    await refused(`/api/v1.0/userreports/${fileName}?link=${who.teacher['x-access-token']}`);
    const stale = await server.app.deps.tokens.signLink(`report:${fileName}`, -10);
    await refused(`/api/v1.0/userreports/${fileName}?link=${stale}`);
    // Nor is a link a login.
    expect((await server.get('/api/v1.0/userreports', { 'x-access-token': token })).status).toBe(401);
  });

  it('queues one e-mail each to the student and the teacher, written as .eml without SMTP', async () => {
    const queued = await server.app.deps.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(queued.map((m) => m.toAddress).sort()).toEqual(['demostudent@wordbee.local', 'demoteacher@wordbee.local']);
    // Chinese first for the families, then English; the unit by its title; the class named once.
    expect(queued[0]!.textBody).toMatch(
      /^您好！\ndemostudent 在「Demo Class」完成了拼写练习：.+（NS2022-ES3），得分 87（8 题答对 7 题）。\n详细报告见附件 .+\.pdf，在单词蜂中保留至 \d{4}-\d{2}-\d{2}。\n\nHello,\ndemostudent finished a Spelling Bee task in Demo Class: .+ \(NS2022-ES3\), with a score of 87 \(7 of 8 right\)\./,
    );
    expect(await server.app.mailer.drain()).toBe(2);
    expect(await server.app.mailer.drain()).toBe(0);
    const files = readdirSync(path.join(server.dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    const eml = readFileSync(path.join(server.dataDir, 'outbox', files[0]!), 'utf8');
    // The subject in Chinese, then English (encoded as RFC 2047 words in the .eml).
    expect(queued[0]!.subject).toBe('单词蜂学习报告：demostudent「拼写」87 分 / WordBee report: demostudent, Spelling Bee, score 87');
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain('Content-Type: application/pdf');
    // Both carry the report as it is stored (the mail worker takes the one its process just made).
    const [stored] = await server.app.deps.db.select({ pdf: blobs.bytes }).from(blobs);
    for (const file of files) {
      const mail = readFileSync(path.join(server.dataDir, 'outbox', file), 'utf8');
      const attached = /Content-Type: application\/pdf[^]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(mail)?.[1];
      expect(Buffer.from(attached ?? '', 'base64').equals(Buffer.from(stored!.pdf))).toBe(true);
    }
  });

  it('deletes reports once they expire', async () => {
    expect((await server.app.deps.db.select().from(blobs)).map((b) => b.key)).toEqual([expect.stringMatching(/^reports\/demostudent-NS2022-ES3-.*\.pdf$/)]);
    expect(await deleteExpiredReports(server.app.deps, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(await server.app.deps.db.select().from(reports)).toEqual([]);
    // The PDF leaves storage with its report.
    expect(await server.app.deps.db.select().from(blobs)).toEqual([]);
  });

  it('pages the report list by place, not by offset: a report made between pages is neither repeated nor skipped', async () => {
    const ids = { teacher: who.teacher, student: who.student, className: 'Demo Class', teacherName: 'demoteacher' };
    for (const unit of ['NS2022-ES1', 'NS2022-ES2', 'NS2022-MS1']) await finishUnit(server, ids, unit);
    const PAGE =
      'query($after: String) { viewer { pdfReports(first: 2, after: $after) { edges { node { bookUnitId } } pageInfo { hasNextPage endCursor } } } }';
    const page = async (after?: string) => (await server.gql(PAGE, { after }, who.teacher['x-access-token'])).body.data.viewer.pdfReports;
    const first = await page();
    expect(first.edges.map((e: any) => e.node.bookUnitId)).toEqual(['NS2022-MS1', 'NS2022-ES2']);
    await finishUnit(server, ids, 'NS2022-MS2');
    const second = await page(first.pageInfo.endCursor);
    expect(second.edges.map((e: any) => e.node.bookUnitId)).toEqual(['NS2022-ES1']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await page()).edges.map((e: any) => e.node.bookUnitId)).toEqual(['NS2022-MS2', 'NS2022-MS1']);
  });

  it("a teacher may stop getting each student's report by e-mail; the student still gets theirs, and the list keeps it", async () => {
    const MAIL =
      'mutation ($on: Boolean!) { setReportMail(enabled: $on) { __typename ... on SetReportMailPayload { reportMail info } ... on Error { message } } }';
    const teacherToken = who.teacher['x-access-token']!;
    expect((await server.gql('{ viewer { reportMail } }', {}, teacherToken)).body.data.viewer.reportMail).toBe(true);
    expect((await server.gql(MAIL, { on: false }, teacherToken)).body.data.setReportMail).toEqual({
      __typename: 'SetReportMailPayload',
      reportMail: false,
      info: 'Reports are no longer e-mailed to you; they stay in the Reports list',
    });
    expect((await server.gql('{ viewer { reportMail } }', {}, teacherToken)).body.data.viewer.reportMail).toBe(false);
    // The e-mails queued from here on (PostgreSQL keeps no row order: the mailer's updates move rows).
    const [newest] = await server.app.deps.db.select({ id: max(mailOutbox.id) }).from(mailOutbox);
    await finishUnit(server, { teacher: who.teacher, student: who.student, className: 'Demo Class', teacherName: 'demoteacher' }, 'NS2022-MS1');
    const added = await server.app.deps.db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, newest?.id ?? 0))
      .orderBy(mailOutbox.id);
    expect(added.map((m) => m.toAddress)).toEqual(['demostudent@wordbee.local']);
    expect((await server.get('/api/v1.0/userreports', who.teacher)).body.map((r: any) => r.bookUnitID)).toContain('NS2022-MS1');
    // A student's reports always reach them: the setting is a teacher's.
    expect((await server.gql(MAIL, { on: false }, who.student['x-access-token']!)).body.data.setReportMail.__typename).toBe('ForbiddenError');
    expect((await server.gql('{ viewer { reportMail } }', {}, who.student['x-access-token']!)).body.data.viewer.reportMail).toBeNull();
    await server.gql(MAIL, { on: true }, teacherToken);
  });

  it("a teacher finds one student's reports by part of the name", async () => {
    await server.post('/api/v1.0/username/signup', {
      username: 'Juliet',
      password: 'jul123',
      email: 'juliet@home.cn',
      isTeacher: false,
      teachername: 'demoteacher',
      classname: 'Demo Class',
    });
    const juliet = { 'x-access-token': (await server.login('Juliet', 'jul123')).accessToken };
    await finishUnit(server, { teacher: who.teacher, student: juliet, className: 'Demo Class', teacherName: 'demoteacher' }, 'NS2022-HSM1');
    const LIST = 'query ($s: String) { viewer { pdfReports(first: 100, student: $s) { edges { node { student bookUnitId } } } } }';
    const students = async (s?: string) =>
      new Set((await server.gql(LIST, { s }, who.teacher['x-access-token'])).body.data.viewer.pdfReports.edges.map((e: any) => e.node.student));
    expect(await students()).toEqual(new Set(['demostudent', 'Juliet']));
    expect(await students('JUL')).toEqual(new Set(['Juliet']));
    expect(await students('demo')).toEqual(new Set(['demostudent']));
    expect(await students('_')).toEqual(new Set());
    // The spec's REST list is every report, as before.
    expect(new Set((await server.get('/api/v1.0/userreports', who.teacher)).body.map((r: any) => r.student))).toEqual(new Set(['demostudent', 'Juliet']));
  });
});

describe('mail over SMTP', () => {
  it('is retried with backoff while the mail server refuses, then delivered once', async () => {
    const received: string[] = [];
    let refuse = true;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          if (refuse) return callback(new Error('451 try again later'));
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as { port: number }).port;
    const server = await startServer('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, app: { mailWorker: false } });
    try {
      await finishTask(server);
      const now = Date.now();
      expect(await server.app.mailer.drain(new Date(now))).toBe(0);
      const [first] = await server.app.deps.db.select().from(mailOutbox);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now + 29_000);
      // Not due yet: nothing is sent.
      refuse = false;
      expect(await server.app.mailer.drain(new Date(now + 1000))).toBe(0);
      expect(await server.app.mailer.drain(new Date(now + 31_000))).toBe(2);
      expect(await server.app.mailer.drain(new Date(now + 10 * 60_000))).toBe(0);
      expect(received).toHaveLength(2);
      expect(received[0]).toMatch(/^Subject: =\?UTF-8\?/m);
      const rows = await server.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
      expect(rows).toHaveLength(2);
    } finally {
      await server.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
