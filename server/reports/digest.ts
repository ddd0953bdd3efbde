/**
 * The daily summary: a teacher who chose it (User.reportDigest) gets one e-mail a day, at
 * DIGEST_HOUR in the school's time zone, listing the tasks their students finished that day,
 * class by class, instead of (or besides) one e-mail per report. The mail outbox worker calls
 * `enqueueDigests` every minute; each teacher's day is one outbox row (dedupe key
 * `digest:{teacher}:{day}`), so a digest is queued once however many instances run the loop,
 * and one missed at its hour (the server was down) goes out when it is back, that day or the
 * next morning. A day without finished tasks sends nothing.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { qualified } from '../../db/sql.ts';
import { studentLabel } from '../classes/service.ts';
import { SIGNATURE, TASK_NAMES } from './templates.ts';
import { assignments, classes, mailOutbox, results, rosterEntries, taskRows, users } from '../../db/schema.ts';
import { dayBefore, localDay, localDayBounds, localHour, localMinute } from '../time.ts';
import type { Deps } from '../deps.ts';

export type DigestRow = {
  className: string;
  student: string;
  studentUsername?: string | null;
  bookUnitId: string;
  type: string;
  score: number;
  finishedAt: Date;
};

/** The local day whose summary is due at `now`: today from DIGEST_HOUR on, else yesterday. */
export function dueDigestDay(now: Date, zone: string, hour: number): string {
  const today = localDay(now, zone);
  return localHour(now, zone) >= hour ? today : dayBefore(today);
}

/** Scores under this are named again at the foot of their class (the reports' "fair" band starts at 60). */
const NEEDS_PRACTICE = 60;

const average = (rows: DigestRow[]) => Math.round(rows.reduce((sum, r) => sum + r.score, 0) / rows.length);

/** The summary's subject and text: per class, its finished tasks in the order they came; Chinese first, English beneath. */
export function composeDigest(teacher: string, day: string, rows: DigestRow[], zone: string): { subject: string; text: string } {
  const byClass = new Map<string, DigestRow[]>();
  for (const row of rows) byClass.set(row.className, [...(byClass.get(row.className) ?? []), row]);
  const tasks = (n: number) => `${n} task${n === 1 ? '' : 's'}`;
  const who = (r: DigestRow) => studentLabel(r.student, r.studentUsername);
  const lines = [
    `${teacher} 老师您好！以下是 ${day} 学生完成的任务。`,
    `Dear ${teacher}, here are the tasks your students finished on ${day}.`,
    '',
    `共完成 ${rows.length} 个任务，平均分 ${average(rows)}。`,
    `${tasks(rows.length)} finished, average score ${average(rows)}.`,
  ];
  for (const [className, list] of byClass) {
    const students = new Set(list.map((r) => r.student)).size;
    const width = Math.max(...list.map((r) => displayWidth(who(r))));
    lines.push(
      '',
      `「${className}」：${students} 名学生完成 ${list.length} 个任务，平均分 ${average(list)}`,
      `${className}: ${tasks(list.length)} by ${students} student${students === 1 ? '' : 's'}, average ${average(list)}`,
    );
    for (const r of list) {
      const name = TASK_NAMES[r.type as keyof typeof TASK_NAMES];
      lines.push(
        `  ${localMinute(r.finishedAt, zone).slice(11, 16)}  ${who(r)}${' '.repeat(width - displayWidth(who(r)))}  ${r.bookUnitId} ${name ? `${name.zh} ${name.en}` : r.type}  ${r.score}`,
      );
    }
    const low = list.filter((r) => r.score < NEEDS_PRACTICE);
    if (low.length) {
      const named = low.map((r) => `${who(r)} ${r.bookUnitId} ${r.type} (${r.score})`).join(', ');
      lines.push(`  低于 ${NEEDS_PRACTICE} 分、需要多练习：${named}`, `  Below ${NEEDS_PRACTICE}, to practise more: ${named}`);
    }
  }
  lines.push(
    '',
    '每份报告的 PDF 都在单词蜂「班级」页的报告列表中。',
    "Each report's PDF is in the Reports list on the Classes page of WordBee.",
    '',
    ...SIGNATURE,
  );
  return {
    subject: `单词蜂每日汇总 ${day}：完成 ${rows.length} 个任务 / WordBee daily summary ${day}: ${tasks(rows.length)} finished`,
    text: lines.join('\n'),
  };
}

/** Columns line up in a plain-text mail: a Chinese character is two columns wide. */
const displayWidth = (text: string) =>
  [...text].reduce((n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c) ? 2 : 1), 0);

/** Queues the due day's summary of every teacher who chose one (at most once per teacher and day). */
export async function enqueueDigests(deps: Pick<Deps, 'db'>, now: Date, options: { timeZone: string; hour: number }): Promise<number> {
  const day = dueDigestDay(now, options.timeZone, options.hour);
  const { start, end } = localDayBounds(day, options.timeZone);
  const rows = await deps.db
    .select({
      teacherId: users.id,
      teacher: users.username,
      email: users.email,
      className: classes.name,
      student: rosterEntries.studentName,
      studentUsername: sql<string | null>`(select su.username from ${users} su where su.id = ${qualified(rosterEntries.userId)})`,
      bookId: assignments.bookId,
      unitId: assignments.unitId,
      type: assignments.type,
      score: results.score,
      finishedAt: results.createdAt,
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .innerJoin(rosterEntries, eq(rosterEntries.id, taskRows.rosterEntryId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(and(eq(users.reportDigest, true), gte(results.createdAt, start), lt(results.createdAt, end)))
    .orderBy(asc(users.id), asc(classes.name), asc(results.createdAt));
  const byTeacher = new Map<number, typeof rows>();
  for (const row of rows) byTeacher.set(row.teacherId, [...(byTeacher.get(row.teacherId) ?? []), row]);
  let queued = 0;
  for (const [teacherId, list] of byTeacher) {
    const { subject, text } = composeDigest(
      list[0]!.teacher,
      day,
      list.map((r) => ({ ...r, bookUnitId: `${r.bookId}-${r.unitId}` })),
      options.timeZone,
    );
    const inserted = await deps.db
      .insert(mailOutbox)
      .values({ dedupeKey: `digest:${teacherId}:${day}`, toAddress: list[0]!.email, subject, textBody: text, createdAt: now, nextAttemptAt: now })
      .onConflictDoNothing()
      .returning({ id: mailOutbox.id });
    queued += inserted.length;
  }
  return queued;
}
