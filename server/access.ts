/**
 * Who the viewer is and what they may reach, shared by every domain: names compared by key,
 * the teacher checks, and the filters that keep a teacher to their own classes. Each domain's
 * service applies these; none of them decides a domain's own rules.
 */
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { qualified } from '../db/sql.ts';
import { classes, rosterEntries, users } from '../db/schema.ts';
import type { Executor } from '../db/index.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import type { Viewer } from './deps.ts';

/** Usernames, class names and roster names are compared case-insensitively (DESIGN). */
export const nameKey = (name: string) => name.trim().toLowerCase();

export function requireTeacher(viewer: Viewer): Viewer {
  if (!viewer.isTeacher) throw new ForbiddenError('Only teachers can do this');
  return viewer;
}

/** Only a signed-in teacher (not another token) manages tokens and webhooks. */
export function requireTeacherSession(viewer: Viewer): Viewer {
  requireTeacher(viewer);
  if (viewer.integration) throw new ForbiddenError('An integration token cannot manage tokens or webhooks');
  return viewer;
}

/**
 * The classes a teacher may work with: their own; through an integration token only the
 * token's classes (server/integrations/tokens.ts). Every class-scoped query filters by this.
 */
export function ownClasses(viewer: Viewer) {
  return and(eq(classes.teacherId, viewer.id), viewer.integration ? inArray(classes.id, [...viewer.integration.classIds]) : undefined)!;
}

/** The viewer's classes among `ids`; any other id is "not found". */
export async function teacherClassIds(db: Executor, viewer: Viewer, ids: number[]): Promise<number[]> {
  const found = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.teacherId, viewer.id), inArray(classes.id, ids)));
  if (found.length !== ids.length) throw new NotFoundError('Class not found');
  return ids;
}

/** Roster names (or their students' usernames) containing `text` (case-insensitive, taken literally): a teacher looking for one student among 50. */
export function rosterNameContains(text: string) {
  const pattern = `%${nameKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The roster name, or the username of the account that claimed it.
  return or(
    like(rosterEntries.studentKey, pattern),
    sql`exists (select 1 from ${users} su where su.id = ${qualified(rosterEntries.userId)} and su.username_key like ${pattern})`,
  )!;
}
