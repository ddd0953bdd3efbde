/**
 * PA recordings: the audio a student uploaded for a Pronunciation Assessment task, kept with
 * its result. The `recordings` row says what it is (task row, student, type, size, created);
 * the bytes are in storage (server/storage/blobs.ts) under `recordings/{id}`, written in the
 * result's transaction. The student who made a recording and the teacher of the class may
 * fetch it; anyone else is told it does not exist.
 */
import { and, eq, sql } from 'drizzle-orm';
import { recordings, rosterEntries } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import type { BlobStore } from '../storage/blobs.ts';
import type { Deps, Viewer } from '../deps.ts';
import { NotFoundError, parseInput, ValidationError } from '../errors.ts';
import { nameKey, ownClasses } from '../access.ts';
import { recordingKey } from '../storage/keys.ts';
import { studentTaskRow, taskRowFor } from '../tasks/service.ts';
import { taskIdSchema } from '../tasks/schemas.ts';

/** Stores a recording in `tx` (the result's transaction): the audio in storage, the row here. */
export async function storeRecording(
  tx: Executor,
  blobs: BlobStore,
  recording: { taskRowId: number; userId: number; mimeType: string; bytes: Uint8Array; createdAt: Date },
): Promise<{ id: number; blobKey: string }> {
  // The key names the row, so the id is drawn first.
  const drawn = (await tx.execute(sql`select nextval(pg_get_serial_sequence('recordings', 'id'))::int as id`)) as unknown as { rows?: { id: number }[] } & {
    id: number;
  }[];
  const id = Number((drawn.rows ?? drawn)[0]!.id);
  const blobKey = recordingKey(id);
  await blobs.put(blobKey, recording.bytes, recording.mimeType, tx);
  await tx.insert(recordings).values({
    id,
    taskRowId: recording.taskRowId,
    userId: recording.userId,
    mimeType: recording.mimeType,
    sizeBytes: recording.bytes.length,
    blobKey,
    createdAt: recording.createdAt,
  });
  return { id, blobKey };
}

export type StoredRecording = { bytes: Buffer; mimeType: string; fileName: string };

/**
 * The recording of a PA task: a student's own (`taskId` is their task label), or for the
 * class's teacher the named student's. Anything else is "not found".
 */
export async function recordingOfTask(deps: Pick<Deps, 'db' | 'blobs'>, viewer: Viewer, taskId: string, student?: string): Promise<StoredRecording> {
  const label = taskId.trim();
  let taskRowId: number;
  if (viewer.isTeacher) {
    if (!student?.trim()) throw new ValidationError('Name the student whose recording you want (student=…)');
    if (parseInput(taskIdSchema, label).practice) throw new NotFoundError('Free practice is not stored');
    const found = await taskRowFor(deps, label, and(ownClasses(viewer), eq(rosterEntries.studentKey, nameKey(student)))!);
    if (!found) throw new NotFoundError(`No recording of ${label} by ${student}`);
    taskRowId = found.row.id;
  } else {
    taskRowId = (await studentTaskRow(deps, viewer, label)).row.id;
  }
  const [recording] = await deps.db.select().from(recordings).where(eq(recordings.taskRowId, taskRowId));
  const bytes = recording ? await deps.blobs.get(recording.blobKey) : null;
  if (!recording || !bytes) throw new NotFoundError(`No recording of ${label}${viewer.isTeacher ? ` by ${student}` : ''}`);
  return { bytes, mimeType: recording.mimeType, fileName: `${label}${extensionOf(recording.mimeType)}`.replace(/[^A-Za-z0-9_.-]/g, '_') };
}

const extensionOf = (mimeType: string) => ({ 'audio/wav': '.wav', 'audio/ogg': '.ogg', 'audio/webm': '.webm' })[mimeType] ?? '';
