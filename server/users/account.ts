/**
 * The account's life after signup: change the password, log out (this login), log out
 * everywhere, delete the account; and what deleting a user removes (also used when a teacher
 * removes a student with their data, server/classes/service.ts). docs/security.md "Accounts" lists it.
 *
 * How tokens end: every access token carries its user's token version (`ver`) and its login's
 * random name (`sid`, kept by renewals); the statement that loads the viewer compares the version
 * and looks the sid up in `ended_logins` (server/users/service.ts, authenticate). Changing the
 * password or logging out everywhere adds one to the version; logging out writes the sid.
 * Integration tokens (wbi_…) are separate: only deleting the account ends them.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import {
  assignments,
  classes,
  endedLogins,
  loginFailures,
  mailOutbox,
  recordings,
  reports,
  results,
  rosterEntries,
  taskRows,
  users,
  webhookDeliveries,
} from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps, Viewer } from '../deps.ts';
import { ForbiddenError, ValidationError, parseInput } from '../errors.ts';
import { changePasswordSchema, deleteAccountSchema } from './schemas.ts';
import { asRecord, hashPassword, type UserRecord } from './service.ts';
import { checkLoginAllowed, clearAccountFailures, recordLoginFailure, sessionKey } from './throttle.ts';
import { joinOpenTasks, lockClassTasks } from '../enrolment.ts';
import { reportKey } from '../storage/keys.ts';
import type { BlobStore } from '../storage/blobs.ts';

function requireSession(viewer: Viewer, what: string): void {
  if (viewer.integration) throw new ForbiddenError(`An integration token cannot ${what}; its teacher revokes it on the Integrations page`);
}

/**
 * The viewer's password, checked against the session's own failed-login count (a stolen token
 * does not give unlimited guesses, and a stranger's guesses at the name do not stop its owner
 * changing the password; the network's count is for guessing names, and a logged-in user names
 * none); a wrong one is a ValidationError on `field`, not a 401, so the page that asked
 * stays logged in.
 */
async function checkPassword(deps: Deps, viewer: Viewer, password: string, field: string): Promise<{ usernameKey: string }> {
  const [row] = await deps.db.select({ hash: users.passwordHash, usernameKey: users.usernameKey }).from(users).where(eq(users.id, viewer.id));
  if (!row) throw new ValidationError('This account no longer exists', field);
  // A logged-in session is held by its own failures, not by a lock strangers put on the name.
  const trusted = viewer.sid ? sessionKey(viewer.sid) : undefined;
  await checkLoginAllowed(deps, row.usernameKey, undefined, trusted);
  if (!(await verify(row.hash, password))) {
    await recordLoginFailure(deps, row.usernameKey, undefined, deps.config.loginFailuresPerAddress, trusted);
    throw new ValidationError(field === 'oldPassword' ? 'Current password is wrong' : 'Password is wrong', field);
  }
  await clearAccountFailures(deps, row.usernameKey, trusted);
  return row;
}

/**
 * Changes the password (the current one is asked first; the new one follows the signup rules)
 * and ends every other login of the user: their tokens carry the old version. This session goes
 * on with the token returned.
 */
export async function changePassword(deps: Deps, viewer: Viewer, raw: unknown): Promise<UserRecord> {
  requireSession(viewer, 'change a password');
  const input = parseInput(changePasswordSchema, raw);
  await checkPassword(deps, viewer, input.oldPassword, 'oldPassword');
  if (input.newPassword === input.oldPassword) throw new ValidationError('New password must differ from the current one', 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const [row] = await deps.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, keptSid: viewer.sid || null })
    .where(eq(users.id, viewer.id))
    .returning({ version: users.tokenVersion });
  deps.live.endLogins({ userId: viewer.id, exceptSid: viewer.sid ?? '' });
  // The password was just typed: a fresh login time, the same sid (this session continues).
  return asRecord(viewer, await deps.tokens.issue(viewer.id, { sid: viewer.sid || undefined, version: row!.version }));
}

/**
 * Ends this login on every instance: its sid is written to `ended_logins` until the last token
 * it could have renewed to would expire anyway. A token from before sids existed has none to
 * end: then every login of the user ends (as logoutEverywhere).
 */
export async function logout(deps: Deps, viewer: Viewer): Promise<{ everywhere: boolean }> {
  requireSession(viewer, 'log out');
  if (!viewer.sid) {
    await logoutEverywhere(deps, viewer);
    return { everywhere: true };
  }
  const lastExpiry = Math.max(viewer.tokenExpiresAt, viewer.loginAt + deps.config.loginMaxHours * 3600 + deps.config.tokenTtlMinutes * 60);
  await deps.db.transaction(async (tx) => {
    // Ended logins whose tokens have all expired are not needed any more.
    await tx.delete(endedLogins).where(lt(endedLogins.expiresAt, sql`now()`));
    await tx
      .insert(endedLogins)
      .values({ sid: viewer.sid!, userId: viewer.id, expiresAt: new Date(lastExpiry * 1000) })
      .onConflictDoNothing();
  });
  deps.live.endLogins({ userId: viewer.id, sid: viewer.sid });
  return { everywhere: false };
}

/** Ends every login of the user, this one included (integration tokens stay). */
export async function logoutEverywhere(deps: Deps, viewer: Viewer): Promise<void> {
  requireSession(viewer, 'log out');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, keptSid: null })
      .where(eq(users.id, viewer.id));
    // Their tokens now fail the version check anyway.
    await tx.delete(endedLogins).where(eq(endedLogins.userId, viewer.id));
  });
  deps.live.endLogins({ userId: viewer.id });
}

/** A student or a teacher deletes their own account, after typing the password again. */
export async function deleteAccount(deps: Deps, viewer: Viewer, raw: unknown): Promise<{ username: string }> {
  requireSession(viewer, 'delete an account');
  const input = parseInput(deleteAccountSchema, raw);
  await checkPassword(deps, viewer, input.password, 'password');
  await deleteUser(deps.db, deps.blobs, viewer.id);
  deps.live.endLogins({ userId: viewer.id });
  return { username: viewer.username };
}

/**
 * Deletes a user and every row about them, in one transaction, and their stored files (report
 * PDFs, recordings) with it (PostgreSQL storage) or right after it commits (S3):
 * - a student: their answers, results (with pronunciation scores, reports and recordings) and
 *   tasks; the roster names they claimed are released (listed again, unclaimed, with the class's
 *   open tasks), except a name that was their username, which goes; their memory model
 *   (word_memory), vocabulary passes, ended logins and failed-login count; the queued e-mails
 *   and webhook deliveries about their results and reports.
 * - a teacher: their classes with everything under them (rosters, assignments, tasks, answers,
 *   results, reports, recordings, webhooks and their deliveries), their own textbooks,
 *   integration tokens, queued e-mails (report copies, daily summaries) and failed-login count.
 *   Their students' accounts stay (no longer in any class of theirs) for the students to keep
 *   or delete.
 * Returns false when there was no such user.
 */
async function deleteUser(db: Executor, blobs: BlobStore, userId: number): Promise<boolean> {
  let files: string[] = [];
  const found = await db.transaction(async (tx) => {
    const purged = await purgeUser(tx, userId);
    files = purged ?? [];
    if (blobs.kind === 'postgres') await blobs.delete(files, tx);
    return purged !== null;
  });
  // Files outside the database go once the rows are gone for good (the orphaned-files sweep
  // catches any this misses).
  if (found && blobs.kind !== 'postgres') await blobs.delete(files);
  return found;
}

/**
 * Queued e-mails and webhook deliveries about results and reports about to be deleted: no
 * foreign key takes them, and they name the student.
 */
export async function forgetResults(tx: Executor, resultIds: number[], reportIds: number[]): Promise<void> {
  if (reportIds.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.reportId, reportIds));
  const events = [...resultIds.map((id) => `task.finished:${id}`), ...reportIds.map((id) => `report.ready:${id}`)];
  if (events.length)
    await tx
      .delete(webhookDeliveries)
      .where(inArray(sql`substring(${webhookDeliveries.dedupeKey} from position(':' in ${webhookDeliveries.dedupeKey}) + 1)`, events));
}

/** deleteUser's rows, in the caller's transaction; returns the stored files to delete, or null when there is no such user. */
export async function purgeUser(tx: Executor, userId: number): Promise<string[] | null> {
  const [user] = await tx
    .select({ id: users.id, usernameKey: users.usernameKey, email: users.email, isTeacher: users.isTeacher })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return null;
  const teacherClasses = user.isTeacher ? (await tx.select({ id: classes.id }).from(classes).where(eq(classes.teacherId, userId))).map((c) => c.id) : [];
  // The rows the deletion takes: a student's own, or every one made in the teacher's classes.
  const classTaskRows = tx
    .select({ id: taskRows.id })
    .from(taskRows)
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .where(inArray(assignments.classId, teacherClasses));
  const theirs = (taskRowId: AnyPgColumn, owner: AnyPgColumn) => (user.isTeacher ? inArray(taskRowId, classTaskRows) : eq(owner, userId));
  const nothing = user.isTeacher && teacherClasses.length === 0;
  const resultRows = nothing ? [] : await tx.select({ id: results.id }).from(results).where(theirs(results.taskRowId, results.userId));
  const resultIds = resultRows.map((r) => r.id);
  const reportRows = resultIds.length
    ? await tx.select({ id: reports.id, fileName: reports.fileName }).from(reports).where(inArray(reports.resultId, resultIds))
    : [];
  const recordingRows = nothing ? [] : await tx.select({ key: recordings.blobKey }).from(recordings).where(theirs(recordings.taskRowId, recordings.userId));
  const files = [...reportRows.map((r) => reportKey(r.fileName)), ...recordingRows.map((r) => r.key)];

  await forgetResults(
    tx,
    resultIds,
    reportRows.map((r) => r.id),
  );
  // Their daily summaries, and mail to their address whose report is gone already.
  await tx
    .delete(mailOutbox)
    .where(or(like(mailOutbox.dedupeKey, `digest:${userId}:%`), and(eq(mailOutbox.toAddress, user.email), isNull(mailOutbox.reportId))));
  await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${user.usernameKey}`));

  if (!user.isTeacher) {
    // The student's roster entries: their tasks (and with them answers, results, reports,
    // recordings) go; a name the teacher wrote is listed again, unclaimed.
    const entries = await tx
      .select({ id: rosterEntries.id, classId: rosterEntries.classId, key: rosterEntries.studentKey })
      .from(rosterEntries)
      .where(eq(rosterEntries.userId, userId));
    for (const entry of entries) {
      await lockClassTasks(tx, entry.classId);
      await tx.delete(taskRows).where(eq(taskRows.rosterEntryId, entry.id));
      if (entry.key === user.usernameKey) {
        await tx.delete(rosterEntries).where(eq(rosterEntries.id, entry.id));
      } else {
        await tx.update(rosterEntries).set({ userId: null }).where(eq(rosterEntries.id, entry.id));
        await joinOpenTasks(tx, entry.id, entry.classId);
      }
    }
  }
  // The rest by cascade (db/schema.ts): results, recordings, word_memory, vocabulary_passes,
  // ended_logins; for a teacher classes (and all under them), books, integration tokens, webhooks.
  await tx.delete(users).where(eq(users.id, userId));
  return files;
}
