/**
 * Classes: a teacher's classes, their rosters (student names) and task settings, and the
 * press options a class chooses from. Rules: spec section 5 (Add class, Delete class),
 * section 6 (only teachers) and DESIGN (roster, automatic class management).
 */
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { classes, pressOptions, rosterEntries, users } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, parseInput } from '../errors.ts';
import type { Viewer } from '../deps.ts';
import { isUniqueViolation, nameKey } from '../users/service.ts';
import { addClassSchema, classNameSchema } from './schemas.ts';
import type { BlobStore } from '../storage/blobs.ts';
import { reportKeysOfClass } from '../reports/service.ts';
import { recordingKeysOfClass } from '../results/recordings.ts';

export type ClassRecord = typeof classes.$inferSelect & { students: string[] };

export function requireTeacher(viewer: Viewer): Viewer {
  if (!viewer.isTeacher) throw new ForbiddenError('Only teachers can do this');
  return viewer;
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

/** Roster names containing `text` (case-insensitive, taken literally): a teacher looking for one student among 50. */
export function rosterNameContains(text: string) {
  return like(rosterEntries.studentKey, `%${nameKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * The classes a teacher may work with: their own; through an integration token only the
 * token's classes (server/integrations/tokens.ts). Every class-scoped query filters by this.
 */
export function ownClasses(viewer: Viewer) {
  return and(eq(classes.teacherId, viewer.id), viewer.integration ? inArray(classes.id, [...viewer.integration.classIds]) : undefined)!;
}

export async function listClasses(db: Executor, viewer: Viewer): Promise<ClassRecord[]> {
  requireTeacher(viewer);
  const rows = await db.select().from(classes).where(ownClasses(viewer)).orderBy(asc(classes.createdAt), asc(classes.id));
  if (rows.length === 0) return [];
  const roster = await db
    .select({ classId: rosterEntries.classId, name: rosterEntries.studentName })
    .from(rosterEntries)
    .where(inArray(rosterEntries.classId, rows.map((r) => r.id)))
    .orderBy(asc(rosterEntries.id));
  return rows.map((klass) => ({ ...klass, students: roster.filter((r) => r.classId === klass.id).map((r) => r.name) }));
}

/** The viewer's class by name; another teacher's class is "not found" (no hint that it exists). */
export async function classByName(db: Executor, viewer: Viewer, className: string) {
  requireTeacher(viewer);
  const [klass] = await db
    .select()
    .from(classes)
    .where(and(ownClasses(viewer), eq(classes.nameKey, nameKey(className))));
  if (!klass) throw new NotFoundError(`Class ${className.trim()} not found`);
  return klass;
}

export async function classById(db: Executor, viewer: Viewer, id: number) {
  requireTeacher(viewer);
  const [klass] = await db.select().from(classes).where(and(eq(classes.id, id), ownClasses(viewer)));
  return klass ?? null;
}

export async function addClass(db: Executor, viewer: Viewer, raw: unknown): Promise<{ id: number; name: string }> {
  requireTeacher(viewer);
  const input = parseInput(addClassSchema, raw);
  const [press] = await db
    .select()
    .from(pressOptions)
    .where(and(eq(pressOptions.schoolId, input.schoolID), eq(pressOptions.pressId, input.pressID)));
  if (!press) throw new ValidationError(`pressID ${input.pressID} is not offered for schoolID ${input.schoolID}`, 'pressID');
  try {
    // The class, its roster and the links to students' accounts, all or nothing.
    return await db.transaction(async (tx) => {
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
        })
        .returning({ id: classes.id, name: classes.name });
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
export async function deleteClass(db: Executor, blobs: BlobStore, viewer: Viewer, raw: unknown): Promise<{ id: number; name: string }> {
  requireTeacher(viewer);
  const { className } = parseInput(classNameSchema, raw);
  const klass = await classByName(db, viewer, className);
  await db.transaction(async (tx) => {
    const files = [...(await reportKeysOfClass(tx, klass.id)), ...(await recordingKeysOfClass(tx, klass.id))];
    await tx.delete(classes).where(eq(classes.id, klass.id));
    await blobs.delete(files, tx);
  });
  return { id: klass.id, name: klass.name };
}

/** The settings the client keeps for the selected class (spec: sc-tbTaskType and friends). */
export async function selectClass(db: Executor, viewer: Viewer, raw: unknown) {
  requireTeacher(viewer);
  const { className } = parseInput(classNameSchema, raw);
  const klass = await classByName(db, viewer, className);
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

export async function listPressOptions(db: Executor) {
  return db
    .select({ schoolID: pressOptions.schoolId, pressID: pressOptions.pressId, title: pressOptions.title })
    .from(pressOptions)
    .orderBy(asc(pressOptions.schoolId), asc(pressOptions.pressId));
}
