/**
 * Enrolment: what joining a class means for its tasks, shared by the domains that change who is
 * in a class (users: signup and account deletion; classes: the roster; tasks: assigning). It
 * sits below them all so that none of them reaches up into another for it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { assignments, taskRows } from '../db/schema.ts';
import type { Executor } from '../db/index.ts';

/**
 * Serialises what adds a teacher's assignments to a class (a teacher assigning, a student joining)
 * until the calling transaction ends. The automatic next task takes no lock (`assignNext`).
 */
export async function lockClassTasks(tx: Executor, classId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727003, ${classId})`);
}

/**
 * A student who joins a class (signup, or a name added to the roster) receives the class's
 * open teacher assignments that are not yet past due. Call it in a transaction that holds
 * `lockClassTasks`, so that an assignment made meanwhile is not missed.
 */
export async function joinOpenTasks(db: Executor, rosterEntryId: number, classId: number, now = new Date()): Promise<number> {
  const open = await db
    .select({ id: assignments.id, due: sql<string>`max(${taskRows.dueAt})` })
    .from(assignments)
    .innerJoin(taskRows, eq(taskRows.assignmentId, assignments.id))
    .where(and(eq(assignments.classId, classId), eq(assignments.origin, 'teacher'), eq(taskRows.status, 'open')))
    .groupBy(assignments.id);
  const current = open.filter((a) => new Date(a.due) > now);
  if (current.length === 0) return 0;
  const added = await db
    .insert(taskRows)
    .values(current.map((a) => ({ assignmentId: a.id, rosterEntryId, dueAt: new Date(a.due) })))
    .onConflictDoNothing()
    .returning({ id: taskRows.id });
  return added.length;
}
