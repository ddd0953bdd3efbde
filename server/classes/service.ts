/**
 * Classes: a teacher's classes, their rosters (student names) and task settings, and the
 * press options a class chooses from. Rules: spec section 5 (Add class, Delete class),
 * section 6 (only teachers) and DESIGN (roster, automatic class management).
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { classes, pressOptions, recordings, reports, results, rosterEntries, taskRows, users } from '../../db/schema.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, isUniqueViolation, parseInput } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import { nameKey, ownClasses, requireTeacher } from '../access.ts';
import { addClassSchema, classNameSchema, joinWithoutRosterSchema, releaseRosterNameSchema, removeStudentSchema } from './schemas.ts';
import { forgetResults, purgeUser } from '../users/account.ts';
import { joinOpenTasks, lockClassTasks } from '../enrolment.ts';
import { recordingKeysOfClass, reportKey, reportKeysOfClass } from '../storage/keys.ts';

/** A roster line: the name the teacher wrote and the account that claimed it (null: nobody yet). */
export type RosterLine = { id: number; name: string; username: string | null };
export type ClassRecord = typeof classes.$inferSelect & { students: string[]; roster: RosterLine[] };

/**
 * How a teacher reads a student: the roster name, with the username beside it where the two
 * differ ('张伟 (zhangwei01)'); the roster name alone when they are the same or nobody claimed it.
 */
export function studentLabel(name: string, username: string | null | undefined): string {
  return username && nameKey(username) !== nameKey(name) ? `${name} (${username})` : name;
}

/**
 * REST bodies repeat the caller's username (spec section 7); it must be the token's user, so
 * nobody acts in another's name by editing the body.
 */
export function checkActingUser(viewer: Viewer, raw: unknown): void {
  const username = raw && typeof raw === 'object' ? (raw as { username?: unknown }).username : undefined;
  if (typeof username === 'string' && username.trim() && nameKey(username) !== nameKey(viewer.username)) {
    throw new ForbiddenError(`You are logged in as ${viewer.username}, not ${username.trim()}`);
  }
}

export async function listClasses(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<ClassRecord[]> {
  requireTeacher(viewer);
  const rows = await deps.db.select().from(classes).where(ownClasses(viewer)).orderBy(asc(classes.createdAt), asc(classes.id));
  if (rows.length === 0) return [];
  const roster = await deps.db
    .select({ id: rosterEntries.id, classId: rosterEntries.classId, name: rosterEntries.studentName, username: users.username })
    .from(rosterEntries)
    .leftJoin(users, eq(users.id, rosterEntries.userId))
    .where(
      inArray(
        rosterEntries.classId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(rosterEntries.id));
  return rows.map((klass) => {
    const lines = roster.filter((r) => r.classId === klass.id).map(({ id, name, username }) => ({ id, name, username }));
    return { ...klass, students: lines.map((r) => r.name), roster: lines };
  });
}

/** The viewer's class by name; another teacher's class is "not found" (no hint that it exists). */
export async function classByName(deps: Pick<Deps, 'db'>, viewer: Viewer, className: string) {
  requireTeacher(viewer);
  const [klass] = await deps.db
    .select()
    .from(classes)
    .where(and(ownClasses(viewer), eq(classes.nameKey, nameKey(className))));
  if (!klass) throw new NotFoundError(`Class ${className.trim()} not found`);
  return klass;
}

export async function classById(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number) {
  requireTeacher(viewer);
  const [klass] = await deps.db
    .select()
    .from(classes)
    .where(and(eq(classes.id, id), ownClasses(viewer)));
  return klass ?? null;
}

export async function addClass(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown): Promise<{ id: number; name: string }> {
  requireTeacher(viewer);
  const input = parseInput(addClassSchema, raw);
  const [press] = await deps.db
    .select()
    .from(pressOptions)
    .where(and(eq(pressOptions.schoolId, input.schoolID), eq(pressOptions.pressId, input.pressID)));
  if (!press) throw new ValidationError(`pressID ${input.pressID} is not offered for schoolID ${input.schoolID}`, 'pressID');
  try {
    // The class, its roster and the links to students' accounts, all or nothing.
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(classes)
        .values({
          teacherId: viewer.id,
          name: input.className,
          nameKey: nameKey(input.className),
          schoolId: input.schoolID,
          pressId: input.pressID,
          tbTaskType: input.tbTaskType,
          spellingTimeoutSec: input.spellingTimeoutSec,
          taskDueDays: input.taskDueDays,
          fmBatchSize: input.fmBatchSize,
          joinWithoutRoster: input.joinWithoutRoster,
        })
        .returning({ id: classes.id, name: classes.name });
      // A teacher's first class is selected from the start (DESIGN: the server keeps the selection).
      await tx
        .update(users)
        .set({ selectedClassId: row!.id })
        .where(and(eq(users.id, viewer.id), isNull(users.selectedClassId)));
      await tx
        .insert(rosterEntries)
        .values(input.students.map((name) => ({ classId: row!.id, studentName: name, studentKey: nameKey(name) })))
        .onConflictDoNothing();
      // Names of students who already signed up with this teacher are linked at once.
      await tx.execute(sql`
        update ${rosterEntries} r set user_id = u.id from ${users} u
        where r.class_id = ${row!.id} and r.user_id is null
          and u.username_key = r.student_key and u.teacher_id = ${viewer.id} and not u.is_teacher`);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`You already have a class named ${input.className}`);
    throw error;
  }
}

/**
 * Deletes the class with its roster, assignments, tasks, results, reports and recordings
 * (cascade), and in the same transaction the stored files of those reports and recordings,
 * which no foreign key reaches (server/storage/blobs.ts).
 */
export async function deleteClass(deps: Pick<Deps, 'db' | 'blobs'>, viewer: Viewer, raw: unknown): Promise<{ id: number; name: string }> {
  requireTeacher(viewer);
  const { className } = parseInput(classNameSchema, raw);
  const klass = await classByName(deps, viewer, className);
  await deps.db.transaction(async (tx) => {
    const files = [...(await reportKeysOfClass(tx, klass.id)), ...(await recordingKeysOfClass(tx, klass.id))];
    await tx.delete(classes).where(eq(classes.id, klass.id));
    await deps.blobs.delete(files, tx);
  });
  return { id: klass.id, name: klass.name };
}

/** The settings the client keeps for the selected class (spec: sc-tbTaskType and friends). */
export async function selectClass(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown) {
  requireTeacher(viewer);
  const { className } = parseInput(classNameSchema, raw);
  const klass = await classByName(deps, viewer, className);
  // Kept for the next login (an integration acts for the teacher but does not choose for them).
  if (!viewer.integration) await deps.db.update(users).set({ selectedClassId: klass.id }).where(eq(users.id, viewer.id));
  return {
    id: klass.id,
    className: klass.name,
    schoolID: klass.schoolId,
    pressID: klass.pressId,
    tbTaskType: klass.tbTaskType,
    spellingTimeoutSec: klass.spellingTimeoutSec,
    taskDueDays: klass.taskDueDays,
  };
}

export async function listPressOptions(deps: Pick<Deps, 'db'>) {
  return deps.db
    .select({ schoolID: pressOptions.schoolId, pressID: pressOptions.pressId, title: pressOptions.title })
    .from(pressOptions)
    .orderBy(asc(pressOptions.schoolId), asc(pressOptions.pressId));
}

/**
 * The class a teacher works with: the one they selected last, else their only class; null when
 * they have several and selected none (or a student asks).
 */
export async function selectedClassOf(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<typeof classes.$inferSelect | null> {
  if (!viewer.isTeacher) return null;
  const [me] = await deps.db.select({ selected: users.selectedClassId }).from(users).where(eq(users.id, viewer.id));
  if (me?.selected) {
    const klass = await classById(deps, viewer, me.selected);
    if (klass) return klass;
  }
  const own = await deps.db.select().from(classes).where(ownClasses(viewer)).limit(2);
  return own.length === 1 ? own[0]! : null;
}

/**
 * A teacher releases a roster name a student took by mistake: the name is free to claim again
 * (with the class's open tasks), and the account stays in the class under its username, keeping
 * the tasks and results it made.
 */
export async function releaseRosterName(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown): Promise<ClassRecord> {
  requireTeacher(viewer);
  const input = parseInput(releaseRosterNameSchema, raw);
  const klass = await classByName(deps, viewer, input.className);
  await deps.db.transaction(async (tx) => {
    await lockClassTasks(tx, klass.id);
    const [entry] = await tx
      .select({ id: rosterEntries.id, name: rosterEntries.studentName, userId: rosterEntries.userId, username: users.username })
      .from(rosterEntries)
      .leftJoin(users, eq(users.id, rosterEntries.userId))
      .where(and(eq(rosterEntries.classId, klass.id), eq(rosterEntries.studentKey, nameKey(input.name))));
    if (!entry) throw new NotFoundError(`名单上没有“${input.name}” · ${input.name} is not on the roster of ${klass.name}`);
    if (entry.userId === null || entry.username === null) throw new ConflictError(`“${entry.name}”还没有学生认领 · Nobody has claimed ${entry.name} yet`);
    if (nameKey(entry.username) === nameKey(entry.name))
      throw new ConflictError(`“${entry.name}”是这位学生自己的用户名，无需释放 · ${entry.name} is the student's own username: there is nothing to release`);
    const [clash] = await tx
      .select({ id: rosterEntries.id })
      .from(rosterEntries)
      .where(and(eq(rosterEntries.classId, klass.id), eq(rosterEntries.studentKey, nameKey(entry.username))));
    if (clash) throw new ConflictError(`名单上已有“${entry.username}” · ${entry.username} is already a name on the roster`);
    // The entry (with the tasks and results the account made) follows the account ...
    await tx
      .update(rosterEntries)
      .set({ studentName: entry.username, studentKey: nameKey(entry.username) })
      .where(eq(rosterEntries.id, entry.id));
    // ... and the name is listed again, unclaimed, with the class's open tasks waiting.
    const [fresh] = await tx
      .insert(rosterEntries)
      .values({ classId: klass.id, studentName: entry.name, studentKey: nameKey(entry.name) })
      .returning({ id: rosterEntries.id });
    await joinOpenTasks(tx, fresh!.id, klass.id);
  });
  return (await listClasses(deps, viewer)).find((c) => c.id === klass.id)!;
}

/**
 * A teacher removes a student from a class: the roster name goes, with the tasks, answers,
 * results, reports and recordings the student made in this class. `deleteData` (a guardian's
 * request, PIPL): the student's account goes too, with every row about them (deleteUser); only
 * for a student who signed up with this teacher. `student` is the roster name or the username.
 */
export async function removeStudent(
  deps: Pick<Deps, 'db' | 'blobs'>,
  viewer: Viewer,
  raw: unknown,
): Promise<{ klass: ClassRecord; removed: string; accountDeleted: boolean }> {
  requireTeacher(viewer);
  if (viewer.integration) throw new ForbiddenError('An integration token cannot remove students');
  const input = parseInput(removeStudentSchema, raw);
  const klass = await classByName(deps, viewer, input.className);
  const key = nameKey(input.student);
  let files: string[] = [];
  const entry = await deps.db.transaction(async (tx) => {
    await lockClassTasks(tx, klass.id);
    const rows = await tx
      .select({
        id: rosterEntries.id,
        name: rosterEntries.studentName,
        key: rosterEntries.studentKey,
        userId: rosterEntries.userId,
        username: users.username,
        usernameKey: users.usernameKey,
        teacherId: users.teacherId,
      })
      .from(rosterEntries)
      .leftJoin(users, eq(users.id, rosterEntries.userId))
      .where(and(eq(rosterEntries.classId, klass.id), or(eq(rosterEntries.studentKey, key), eq(users.usernameKey, key))));
    // The roster name first, else the account that claimed a name.
    const found = rows.find((r) => r.key === key) ?? rows[0];
    if (!found) throw new NotFoundError(`名单上没有“${input.student}” · ${input.student} is not on the roster of ${klass.name}`);
    if (input.deleteData && found.userId !== null && found.teacherId !== viewer.id) {
      throw new ForbiddenError(`${found.username} signed up with another teacher: only their own teacher or they themselves can delete their account`);
    }
    if (input.deleteData && found.userId !== null) {
      // With the data: the account and everything about it (which releases or deletes its roster
      // entries), in the same transaction; then this roster name goes as well.
      files = (await purgeUser(tx, found.userId)) ?? [];
    } else {
      const made = await tx
        .select({ resultId: results.id, reportId: reports.id, fileName: reports.fileName })
        .from(results)
        .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
        .leftJoin(reports, eq(reports.resultId, results.id))
        .where(eq(taskRows.rosterEntryId, found.id));
      const recorded = await tx
        .select({ key: recordings.blobKey })
        .from(recordings)
        .innerJoin(taskRows, eq(taskRows.id, recordings.taskRowId))
        .where(eq(taskRows.rosterEntryId, found.id));
      files = [...made.flatMap((r) => (r.fileName ? [reportKey(r.fileName)] : [])), ...recorded.map((r) => r.key)];
      await forgetResults(
        tx,
        made.map((r) => r.resultId),
        made.flatMap((r) => (r.reportId ? [r.reportId] : [])),
      );
    }
    await tx.delete(rosterEntries).where(eq(rosterEntries.id, found.id));
    if (deps.blobs.kind === 'postgres') await deps.blobs.delete(files, tx);
    return found;
  });
  if (deps.blobs.kind !== 'postgres') await deps.blobs.delete(files);
  const accountDeleted = input.deleteData && entry.userId !== null;
  return { klass: (await listClasses(deps, viewer)).find((c) => c.id === klass.id)!, removed: studentLabel(entry.name, entry.username), accountDeleted };
}

/** A teacher lets students whose name is not listed join the class at signup, or not. */
export async function setJoinWithoutRoster(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown): Promise<ClassRecord> {
  requireTeacher(viewer);
  const input = parseInput(joinWithoutRosterSchema, raw);
  const klass = await classByName(deps, viewer, input.className);
  await deps.db.update(classes).set({ joinWithoutRoster: input.allowed }).where(eq(classes.id, klass.id));
  return (await listClasses(deps, viewer)).find((c) => c.id === klass.id)!;
}

/**
 * What a student signing up chooses from: the class's roster names nobody has claimed yet, and
 * whether they may join without one. Null when the teacher or class does not exist (the signup
 * itself says which). Names only, no accounts: the signup form already needs both names.
 */
export async function signupRoster(
  deps: Pick<Deps, 'db'>,
  teachername: string,
  classname: string,
): Promise<{ className: string; names: string[]; joinWithoutRoster: boolean } | null> {
  if (!teachername.trim() || !classname.trim()) return null;
  const [klass] = await deps.db
    .select({ id: classes.id, name: classes.name, joinWithoutRoster: classes.joinWithoutRoster })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(and(eq(users.usernameKey, nameKey(teachername)), eq(users.isTeacher, true), eq(classes.nameKey, nameKey(classname))));
  if (!klass) return null;
  const free = await deps.db
    .select({ name: rosterEntries.studentName })
    .from(rosterEntries)
    .where(and(eq(rosterEntries.classId, klass.id), isNull(rosterEntries.userId)))
    .orderBy(asc(rosterEntries.id));
  return { className: klass.name, names: free.map((r) => r.name), joinWithoutRoster: klass.joinWithoutRoster };
}
