/**
 * Classes: a teacher's classes, their rosters (student names) and task settings.
 * Rules: spec section 5 (Add class, Delete class) and DESIGN (roster, automatic class management).
 */
import { and, eq, sql } from 'drizzle-orm';
import { classes, pressOptions, rosterEntries, users } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import { ConflictError, ForbiddenError, ValidationError, parseInput } from '../errors.ts';
import type { Viewer } from '../deps.ts';
import { isUniqueViolation, nameKey } from '../users/service.ts';
import { addClassSchema } from './schemas.ts';

export function requireTeacher(viewer: Viewer): Viewer {
  if (!viewer.isTeacher) throw new ForbiddenError('Only teachers can do this');
  return viewer;
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
    const [row] = await db
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
      })
      .returning({ id: classes.id, name: classes.name });
    await db
      .insert(rosterEntries)
      .values(input.students.map((name) => ({ classId: row!.id, studentName: name, studentKey: nameKey(name) })))
      .onConflictDoNothing();
    // Names of students who already signed up with this teacher are linked at once.
    await db.execute(sql`
      update ${rosterEntries} r set user_id = u.id from ${users} u
      where r.class_id = ${row!.id} and r.user_id is null
        and u.username_key = r.student_key and u.teacher_id = ${viewer.id} and not u.is_teacher`);
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`You already have a class named ${input.className}`);
    throw error;
  }
}
