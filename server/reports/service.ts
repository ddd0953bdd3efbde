/**
 * Reports: a PDF per finished task, kept until it expires (REPORT_TTL_DAYS), listed to and
 * downloadable by the student's teacher, and e-mailed to the student and the teacher through
 * the durable outbox (server/reports/mailer.ts). Rules: DESIGN (Reports), spec screen 8.
 */
import { and, asc, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, localDay } from '../time.ts';
import {
  assignments,
  blobs,
  books,
  classes,
  jobs,
  mailOutbox,
  reports,
  results,
  rosterEntries,
  taskRows,
  units,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema.ts';
import { unitNameOf } from '../tasks/schemas.ts';
import { keepReportPdf } from './recent-pdfs.ts';
import type { Executor } from '../../db/index.ts';
import { preparedSql, qualified, rowsOf } from '../../db/sql.ts';
import type { Deps, Viewer } from '../deps.ts';
import { AuthenticationError, NotFoundError, ValidationError } from '../errors.ts';
import type { TokenIssuer } from '../users/tokens.ts';
import { ownClasses, requireTeacher, rosterNameContains } from '../access.ts';
import { reportKey } from '../storage/keys.ts';
import { renderReportPdf, type ReportContent } from './pdf.ts';
import { type BlobStore } from '../storage/blobs.ts';
import { webhookPayload } from '../integrations/webhooks.ts';
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
 * Does a report job: renders the PDF (outside any transaction), reads who gets it, then in one
 * statement (so one short transaction of its own) stores the report, its PDF (when the blobs
 * are in PostgreSQL), its e-mails and its report.ready webhook deliveries. A result has one
 * report (a unique key), so a job done again after a crash (its work committed, its 'done'
 * mark not) writes nothing new. False when the report was there already.
 */
export async function makeReport(
  deps: Pick<Deps, 'db' | 'blobs'>,
  resultId: number,
  job: ReportJob,
  render: (content: ReportContent) => Promise<Buffer> = renderReportPdf,
): Promise<boolean> {
  const content: ReportContent = { ...job, finishedAt: new Date(job.finishedAt) };
  const now = content.finishedAt;
  const [bookId, unitId] = [content.bookUnitId.slice(0, content.bookUnitId.indexOf('-')), content.bookUnitId.slice(content.bookUnitId.indexOf('-') + 1)];
  const facts = await reportFacts(deps.db, resultId, bookId, unitId);
  if (facts?.done) return false;
  const pdf = await render(content);
  const fileName = reportFileName(content, resultId);
  const expireAt = new Date(now.getTime() + job.ttlDays * DAY_MS);
  const keptUntil = localDay(expireAt, content.timeZone ?? DEFAULT_TIME_ZONE);
  const unitName = content.unitName ?? (facts?.book !== null && facts?.book !== undefined ? unitNameOf(facts.book, unitId, facts.unitTitle ?? '') : undefined);
  const { subject, text } = composeReportMail({ ...content, unitName, fileName, keptUntil });
  // The teacher unless they turned report e-mails off (the Reports list keeps every report).
  const recipients = [...new Set([facts?.studentEmail, facts?.teacherWantsMail ? facts.teacherEmail : null].filter((a): a is string => Boolean(a)))];
  const inDatabase = deps.blobs.kind === 'postgres';
  // Elsewhere (S3) the PDF is stored first: a report row never names a file that is not there.
  if (!inDatabase) await deps.blobs.put(reportKey(fileName), pdf, 'application/pdf');
  const statement = preparedSql(deps.db, `report:${inDatabase ? 'blob' : 'row'}`, () => reportStatement(inDatabase));
  const written = await statement.execute({
    resultId,
    fileName,
    key: reportKey(fileName),
    pdf,
    now: now.toISOString(),
    expireAt: expireAt.toISOString(),
    subject,
    text,
    recipients: JSON.stringify(recipients.map((to) => ({ to, key: to.toLowerCase() }))),
    classId: facts?.classId ?? 0,
    // report.ready's body; its event id and report id are the new report's, set in the statement.
    webhook: JSON.stringify(
      webhookPayload(
        facts?.classId ?? 0,
        facts?.className ?? '',
        'report.ready',
        'report.ready:',
        {
          reportId: null,
          fileName,
          student: content.student,
          taskId: content.taskId,
          bookUnitId: content.bookUnitId,
          type: content.type,
          score: content.score,
          expireAt: expireAt.toISOString(),
          // downloadUrl is added when it is sent (postedPayload in server/integrations/webhooks.ts).
        },
        now,
      ),
    ),
  });
  const [report] = rowsOf<{ id: number }>(written);
  if (report) keepReportPdf(report.id, fileName, pdf);
  return report !== undefined;
}

/** Who a result's report goes to, its unit's names, and whether it has its report already: one read. */
async function reportFacts(db: Executor, resultId: number, bookId: string, unitId: string) {
  const query = preparedSql(db, 'reportFacts', () => {
    const [result, book, unit] = ['resultId', 'bookId', 'unitId'].map((name) => sql.placeholder(name));
    return sql`
      select s.email as "studentEmail", t.email as "teacherEmail", t.report_mail as "teacherWantsMail", c.id as "classId", c.name as "className",
        exists (select 1 from ${reports} p where p.result_id = r.id) as done,
        (select b.title from ${books} b where b.id = ${book}) as book,
        (select u.title from ${units} u where u.book_id = ${book} and u.unit_id = ${unit}) as "unitTitle"
      from ${results} r
      join ${users} s on s.id = r.user_id
      join ${taskRows} tr on tr.id = r.task_row_id
      join ${assignments} a on a.id = tr.assignment_id
      join ${classes} c on c.id = a.class_id
      join ${users} t on t.id = c.teacher_id
      where r.id = ${result}`;
  });
  const [row] = rowsOf<{
    studentEmail: string | null;
    teacherEmail: string | null;
    teacherWantsMail: boolean;
    classId: number;
    className: string;
    done: boolean;
    book: string | null;
    unitTitle: string | null;
  }>(await query.execute({ resultId, bookId, unitId }));
  return row;
}

/** The report's global id (`Report`), as encodeGlobalID makes it. */
const REPORT_ID = sql`encode(convert_to('Report:' || report.id, 'UTF8'), 'base64')`;

function reportStatement(withBlob: boolean): SQL {
  const p = (name: string) => sql.placeholder(name);
  const now = sql`${p('now')}::timestamptz`;
  return sql`
    with report as (
      insert into ${reports} (result_id, file_name, created_at, expire_at)
      values (${p('resultId')}::int, ${p('fileName')}::text, ${now}, ${p('expireAt')}::timestamptz)
      on conflict (result_id) do nothing
      returning id),
    ${
      withBlob
        ? sql`stored as (
      insert into ${blobs} (key, bytes, content_type) select ${p('key')}::text, ${p('pdf')}::bytea, 'application/pdf' from report
      on conflict (key) do update set bytes = excluded.bytes, content_type = excluded.content_type),`
        : sql``
    }
    mailed as (
      insert into ${mailOutbox} (dedupe_key, to_address, subject, text_body, report_id, created_at, next_attempt_at)
      select 'report:' || report.id || ':' || m.key, m."to", ${p('subject')}::text, ${p('text')}::text, report.id, ${now}, ${now}
      from report, jsonb_to_recordset(${p('recipients')}::jsonb) as m("to" text, key text)
      on conflict do nothing),
    hooked as (
      insert into ${webhookDeliveries} (webhook_id, dedupe_key, event, payload, created_at, next_attempt_at)
      select h.id, h.id || ':report.ready:' || report.id, 'report.ready',
        jsonb_set(jsonb_set(${p('webhook')}::jsonb, '{id}', to_jsonb('report.ready:' || report.id)), '{data,reportId}', to_jsonb(${REPORT_ID})), ${now}, ${now}
      from report, ${webhooks} h
      where h.class_id = ${p('classId')}::int and h.deleted_at is null and h.events @> '["report.ready"]'::jsonb
      on conflict do nothing)
    select id from report`;
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
