/**
 * The orphaned-files sweep: stored files (server/storage/blobs.ts) have no foreign key to the
 * rows that name them, so a row removed by a cascade (a deleted account takes its results,
 * reports and recordings; a class deleted outside deleteClass) leaves its file behind. The
 * report-expiry worker runs this sweep every few minutes (server/reports/mailer.ts): every
 * file under a known prefix that no row names any more is deleted. Files younger than the grace
 * period are left alone, so a store that writes outside the transaction (S3) never loses a file
 * whose row is about to commit.
 */
import type { Executor } from '../../db/index.ts';
import { namedRecordingKeys, namedReportKeys } from '../storage/keys.ts';
import type { Deps } from '../deps.ts';

/** Each prefix of storage and the query telling which of its keys a row still names. */
const OWNERS: { prefix: string; named: (db: Executor, keys: string[]) => Promise<Set<string>> }[] = [
  { prefix: 'reports/', named: namedReportKeys },
  { prefix: 'recordings/', named: namedRecordingKeys },
];

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const PAGE = 500;

/** Deletes the stored files no row names (older than the grace period); returns how many. */
export async function sweepOrphanedFiles(deps: Pick<Deps, 'db' | 'blobs'>, now = new Date(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const createdBefore = new Date(now.getTime() - graceMs);
  let deleted = 0;
  for (const owner of OWNERS) {
    let after: string | undefined;
    for (;;) {
      const keys = await deps.blobs.list(owner.prefix, { createdBefore, after, limit: PAGE });
      if (!keys.length) break;
      const named = await owner.named(deps.db, keys);
      const orphans = keys.filter((k) => !named.has(k));
      await deps.blobs.delete(orphans);
      deleted += orphans.length;
      after = keys.at(-1);
      if (keys.length < PAGE) break;
    }
  }
  return deleted;
}
