/**
 * The storage keys of the files rows name (server/storage/blobs.ts): a report's PDF and a PA
 * recording's audio, and the queries that find the keys of a class's files (deleted with the
 * class) or tell which keys a row still names (the orphaned-files sweep). Here, below the
 * domains, so that classes, users and jobs need not reach up into reports or results for them.
 */
import { eq, inArray } from 'drizzle-orm';
import { assignments, recordings, reports, results, taskRows } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';

/** Where a report's PDF is kept in storage. */
export const reportKey = (fileName: string) => `reports/${fileName}`;

/** Where a recording's audio is kept in storage. */
export const recordingKey = (id: number) => `recordings/${id}`;

/** The storage keys of the reports of a class's results (deleted with the class). */
export async function reportKeysOfClass(db: Executor, classId: number): Promise<string[]> {
  const rows = await db
    .select({ fileName: reports.fileName })
    .from(reports)
    .innerJoin(results, eq(results.id, reports.resultId))
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .where(eq(assignments.classId, classId));
  return rows.map((r) => reportKey(r.fileName));
}

/** The storage keys of the recordings of a class's tasks (deleted with the class). */
export async function recordingKeysOfClass(db: Executor, classId: number): Promise<string[]> {
  const rows = await db
    .select({ key: recordings.blobKey })
    .from(recordings)
    .innerJoin(taskRows, eq(taskRows.id, recordings.taskRowId))
    .innerJoin(assignments, eq(assignments.id, taskRows.assignmentId))
    .where(eq(assignments.classId, classId));
  return rows.map((r) => r.key);
}

/** Of `keys` (under `reports/`), those a report row still names (for the orphaned-files sweep). */
export async function namedReportKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const names = keys.map((k) => k.slice('reports/'.length));
  if (!names.length) return new Set();
  const rows = await db.select({ fileName: reports.fileName }).from(reports).where(inArray(reports.fileName, names));
  return new Set(rows.map((r) => reportKey(r.fileName)));
}

/** Of `keys`, those a recording row still names (for the orphaned-files sweep). */
export async function namedRecordingKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.select({ key: recordings.blobKey }).from(recordings).where(inArray(recordings.blobKey, keys));
  return new Set(rows.map((r) => r.key));
}
