/**
 * Reports: a PDF per finished task, kept until it expires (REPORT_TTL_DAYS), listed to and
 * downloadable by the student's teacher, and e-mailed to the student and the teacher through
 * the durable outbox (server/reports/mailer.ts). Rules: DESIGN (Reports), spec screen 8.
 */
import { encodeGlobalID } from '@pothos/plugin-relay';
import { and, asc, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, localDay } from '../time.ts';
import { alias } from 'drizzle-orm/pg-core';
import { assignments, books, classes, jobs, mailOutbox, reports, results, rosterEntries, taskRows, units, users } from '../../db/schema.ts';
import { unitNameOf } from '../tasks/schemas.ts';
import type { Executor } from '../../db/index.ts';
import { qualified } from '../../db/sql.ts';
import type { Deps, Viewer } from '../deps.ts';
import { AuthenticationError, NotFoundError, ValidationError } from '../errors.ts';
import type { TokenIssuer } from '../users/tokens.ts';
import { ownClasses, requireTeacher, rosterNameContains } from '../access.ts';
import { reportKey } from '../storage/keys.ts';
import { renderReportPdf, type ReportContent } from './pdf.ts';
import { type BlobStore } from '../storage/blobs.ts';
import { enqueueWebhookEvent } from '../integrations/webhooks.ts';
import { composeReportMail } from './templates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `{student}-{bookID}-{unitID}-{TPID}-{Type}-{yyyymmdd}.pdf`: only letters, digits, '_', '.', '-'. */
function reportFileName(c: Pick<ReportContent, 'student' | 'studentUsername' | 'taskId' | 'finishedAt' | 'timeZone'>, resultId: number): string {
  const [bookId, unitId, tpid, type] = c.taskId.split('-');
  const date = localDay(c.finishedAt, c.timeZone ?? DEFAULT_TIME_ZONE).replace(/-/g, '');
  // A roster name in Chinese characters would be all '_': the username names the file then.
  const who = /^[A-Za-z0-9_. ]+$/.test(c.student) || !c.studentUsername ? c.student : c.studentUsername;
  return `${who}-${bookId}-${unitId}-${tpid}-${type}-${date}-${resultId}.pdf`.replace(/[^A-Za-z0-9_.-]/g, '_');
}

const isReportFileName = (name: string) => /^[A-Za-z0-9_.-]{1,160}\.pdf$/.test(name) && !name.includes('..');

/** What a report job carries: the report's content as the result's transaction knew it. */
export type ReportJob = Omit<ReportContent, 'finishedAt'> & { finishedAt: string; ttlDays: number };

/** The report job's payload for a result (written in the result's transaction; done after it commits). */
export const reportJobOf = (content: ReportContent, ttlDays: number): ReportJob => ({ ...content, finishedAt: content.finishedAt.toISOString(), ttlDays });

/**
 * Queues a result's report (PDF, e-mails, report.ready webhook) in the result's transaction, so
 * a stored result always gets its report, after the transaction, exactly once (server/jobs/queue.ts).
 */
export async function enqueueReport(tx: Executor, resultId: number, content: ReportContent, ttlDays: number, now: Date): Promise<void> {
  await tx
    .insert(jobs)
    .values({ kind: 'report', dedupeKey: `report:${resultId}`, resultId, payload: reportJobOf(content, ttlDays), createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing();
}

/**
 * Does a report job: renders the PDF (outside any transaction), then in one transaction stores
 * it, lists it and queues its two e-mails and its webhook. A result has one report (a unique
 * key), so a job done again after a crash (its work committed, its 'done' mark not) writes
 * nothing new. False when the report was there already.
 */
export async function makeReport(
  deps: Pick<Deps, 'db' | 'blobs'>,
  resultId: number,
  job: ReportJob,
  render: (content: ReportContent) => Promise<Buffer> = renderReportPdf,
): Promise<boolean> {
  const content: ReportContent = { ...job, finishedAt: new Date(job.finishedAt) };
  const pdf = await render(content);
  return deps.db.transaction((tx) => createReport(tx, deps.blobs, resultId, content, job.ttlDays, content.finishedAt, pdf));
}

/**
 * Writes the report and its two e-mails in the caller's transaction; nothing when the result
 * has its report already (returns false).
 */
async function createReport(
  tx: Executor,
  blobs: BlobStore,
  resultId: number,
  content: ReportContent,
  ttlDays: number,
  now: Date,
  rendered?: Buffer,
): Promise<boolean> {
  const fileName = reportFileName(content, resultId);
  const [report] = await tx
    .insert(reports)
    .values({ resultId, fileName, createdAt: now, expireAt: new Date(now.getTime() + ttlDays * DAY_MS) })
    .onConflictDoNothing({ target: reports.resultId })
    .returning({ id: reports.id });
  if (!report) return false;
  await blobs.put(reportKey(fileName), rendered ?? (await renderReportPdf(content)), 'application/pdf', tx);
  const teacher = alias(users, 'teacher');
  const [people] = await tx
    .select({ studentEmail: users.email, teacherEmail: teacher.email, teacherWantsMail: teacher.reportMail, classId: classes.id })
    .from(results)
    .innerJoin(users, eq(users.id, results.userId))
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(eq(results.id, resultId));
  const keptUntil = localDay(new Date(now.getTime() + ttlDays * DAY_MS), content.timeZone ?? DEFAULT_TIME_ZONE);
  const [bookId, unitId] = [content.bookUnitId.slice(0, content.bookUnitId.indexOf('-')), content.bookUnitId.slice(content.bookUnitId.indexOf('-') + 1)];
  const [unit] = await tx
    .select({ book: books.title, title: units.title })
    .from(books)
    .leftJoin(units, and(eq(units.bookId, books.id), eq(units.unitId, unitId)))
    .where(eq(books.id, bookId));
  const unitName = content.unitName ?? (unit ? unitNameOf(unit.book, unitId, unit.title ?? '') : undefined);
  const { subject, text } = composeReportMail({ ...content, unitName, fileName, keptUntil });
  // The teacher unless they turned report e-mails off (the Reports list keeps every report).
  const recipients = [...new Set([people?.studentEmail, people?.teacherWantsMail ? people.teacherEmail : null].filter((a): a is string => Boolean(a)))];
  if (recipients.length) {
    await tx
      .insert(mailOutbox)
      .values(
        recipients.map((to) => ({
          dedupeKey: `report:${report!.id}:${to.toLowerCase()}`,
          toAddress: to,
          subject,
          textBody: text,
          reportId: report!.id,
          createdAt: now,
          nextAttemptAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  if (people) {
    await enqueueWebhookEvent(
      tx,
      people.classId,
      'report.ready',
      `report.ready:${report!.id}`,
      {
        reportId: encodeGlobalID('Report', report!.id),
        fileName,
        student: content.student,
        taskId: content.taskId,
        bookUnitId: content.bookUnitId,
        type: content.type,
        score: content.score,
        expireAt: new Date(now.getTime() + ttlDays * DAY_MS).toISOString(),
        // downloadUrl is added when it is sent (postedPayload in server/integrations/webhooks.ts).
      },
      now,
    );
  }
  return true;
}

export type ReportListing = {
  id: number;
  fileName: string;
  expireAt: Date;
  createdAt: Date;
  student: string;
  studentUsername: string | null;
  className: string;
  bookUnitId: string;
  type: string;
  score: number;
};

/** A place in the report list (newest first, then by file name): a report's time and file name. */
export type ReportPlace = { createdAt: Date; fileName: string };

/** The reports of a teacher's students that have not expired, newest first. */
export async function listReports(deps: Pick<Deps, 'db'>, viewer: Viewer, now = new Date(), options: { student?: string } = {}): Promise<ReportListing[]> {
  return reportsPage(deps, viewer, { student: options.student }, now);
}

/**
 * A page of the report list in the database, not the whole list cut in memory: a class of 50 keeps
 * 1,500 reports a month, a teacher of four classes 6,000. `after`/`before` are places; `inverted`
 * reads from the end (the oldest first) for `last`.
 */
export async function reportsPage(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  page: { after?: ReportPlace; before?: ReportPlace; limit?: number; inverted?: boolean; student?: string; id?: number },
  now = new Date(),
): Promise<ReportListing[]> {
  requireTeacher(viewer);
  // Places are JavaScript times: compared to the millisecond, as the cursors carry them.
  const at = sql<Date>`date_trunc('milliseconds', ${reports.createdAt})`;
  const placeOf = (p: ReportPlace) => sql`${p.createdAt.toISOString()}::timestamptz`;
  const comesAfter = (p: ReportPlace) => or(lt(at, placeOf(p)), and(eq(at, placeOf(p)), gt(reports.fileName, p.fileName)));
  const comesBefore = (p: ReportPlace) => or(gt(at, placeOf(p)), and(eq(at, placeOf(p)), lt(reports.fileName, p.fileName)));
  const query = deps.db
    .select({
      id: reports.id,
      fileName: reports.fileName,
      expireAt: reports.expireAt,
      createdAt: reports.createdAt,
      student: rosterEntries.studentName,
      studentUsername: sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`,
      className: classes.name,
      bookId: assignments.bookId,
      unitId: assignments.unitId,
      type: assignments.type,
      score: results.score,
    })
    .from(reports)
    .innerJoin(results, eq(results.id, reports.resultId))
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .where(
      and(
        ownClasses(viewer),
        gt(reports.expireAt, now),
        page.student ? rosterNameContains(page.student) : undefined,
        page.id !== undefined ? eq(reports.id, page.id) : undefined,
        page.after ? comesAfter(page.after) : undefined,
        page.before ? comesBefore(page.before) : undefined,
      ),
    )
    .orderBy(...(page.inverted ? [asc(at), desc(reports.fileName)] : [desc(at), asc(reports.fileName)]));
  const rows = page.limit === undefined ? await query : await query.limit(page.limit);
  return rows.map((r) => ({ ...r, bookUnitId: `${r.bookId}-${r.unitId}` }));
}

/** One report of the teacher's students by its id (`node(id:)`), or null: expired, or not theirs. */
export async function reportById(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number, now = new Date()): Promise<ReportListing | null> {
  if (!viewer.isTeacher) return null;
  const [report] = await reportsPage(deps, viewer, { id, limit: 1 }, now);
  return report ?? null;
}

/** A report's PDF, for the teacher of its student only; anything else is "not found". */
export async function reportPdf(deps: Pick<Deps, 'db' | 'blobs'>, viewer: Viewer, fileName: string, now = new Date()): Promise<Buffer> {
  requireTeacher(viewer);
  return readReportPdf(deps.db, deps.blobs, fileName, ownClasses(viewer), now);
}

/** How long a download link (`Report.signedDownloadUrl`) works. */
export const REPORT_LINK_SECONDS = 3600;
const linkSubject = (fileName: string) => `report:${fileName}`;

/**
 * What lets a download of a report's PDF work without a login for an hour (for a gradebook to
 * fetch it): a token signed for this file, which `reportPdfByLink` checks.
 */
export function reportLinkToken(tokens: TokenIssuer, fileName: string): Promise<string> {
  return tokens.signLink(linkSubject(fileName), REPORT_LINK_SECONDS);
}

/** A report's PDF by a download link: the link was signed for this file and has not expired. */
export async function reportPdfByLink(deps: Pick<Deps, 'db' | 'blobs' | 'tokens'>, fileName: string, link: string, now = new Date()): Promise<Buffer> {
  if (!(await deps.tokens.verifyLink(link, linkSubject(fileName))))
    throw new AuthenticationError('This download link is not valid or has expired; ask for a new one');
  return readReportPdf(deps.db, deps.blobs, fileName, undefined, now);
}

async function readReportPdf(db: Executor, blobs: BlobStore, fileName: string, scope: SQL | undefined, now: Date): Promise<Buffer> {
  if (!isReportFileName(fileName)) throw new ValidationError('Not a report file name');
  const [row] = await db
    .select({ pdf: reports.pdf })
    .from(reports)
    .innerJoin(results, eq(results.id, reports.resultId))
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(and(eq(reports.fileName, fileName), scope, gt(reports.expireAt, now)));
  const pdf = row ? (row.pdf ? Buffer.from(row.pdf) : await blobs.get(reportKey(fileName))) : null;
  if (!pdf) throw new NotFoundError(`No report file ${fileName}`);
  return pdf;
}

/** Deletes expired reports (their queued e-mails keep their text, without the attachment). */
export async function deleteExpiredReports(deps: Pick<Deps, 'db' | 'blobs'>, now = new Date()): Promise<number> {
  const gone = await deps.db.delete(reports).where(lte(reports.expireAt, now)).returning({ fileName: reports.fileName });
  await deps.blobs.delete(gone.map((r) => reportKey(r.fileName)));
  return gone.length;
}
