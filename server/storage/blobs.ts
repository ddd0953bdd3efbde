/**
 * Storage: where stored files live: report PDFs (`reports/{fileName}`) and PA recordings
 * (`recordings/{id}`). The default keeps them in PostgreSQL (table `blobs`), in the caller's
 * transaction, so a file and the row that names it are written and deleted together.
 *
 * No foreign key links a file to its row, so a row removed by a cascade (a deleted class or
 * account) leaves its file behind. Code that deletes such rows deletes their files in the same
 * transaction (deleteClass), and the report-expiry worker sweeps up the rest: every file under a
 * prefix that no row names any more, once it is older than an hour
 * (server/jobs/orphaned-files.ts).
 *
 * The other implementation a deployment can choose is an S3-compatible bucket (AWS S3, MinIO,
 * Aliyun OSS, Tencent COS): `put` → PutObject, `get` → GetObject (null on NoSuchKey),
 * `delete` → DeleteObjects, `list` → ListObjectsV2 (Prefix, StartAfter; LastModified for the
 * age), with keys as object names under a prefix. Such a store ignores the transaction: a put
 * that is rolled back leaves an orphan object, which the same sweep removes after its hour (and
 * a bucket lifecycle rule on `reports/`, older than REPORT_TTL_DAYS, as a backstop). See
 * docs/scale-out.md.
 */
import { and, asc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import { blobs } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import { prepared } from '../../db/sql.ts';

export type BlobStore = {
  kind: 'postgres' | 's3';
  /** Stores (or replaces) a file; PostgreSQL writes in `tx` when given. */
  put(key: string, bytes: Uint8Array, contentType: string, tx?: Executor): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[], tx?: Executor): Promise<void>;
  /** Keys under `prefix` stored before `createdBefore`, in key order, after `after`, at most `limit`. */
  list(prefix: string, options: { createdBefore: Date; after?: string; limit: number }): Promise<string[]>;
};

export function postgresBlobStore(db: Executor): BlobStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType, tx = db) {
      // A view of the caller's bytes (an upload's one buffer), not a copy.
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await tx
        .insert(blobs)
        .values({ key, bytes: view, contentType })
        .onConflictDoUpdate({ target: blobs.key, set: { bytes: view, contentType } });
    },
    async get(key) {
      const query = prepared(db, 'blobGet', () =>
        db
          .select({ bytes: blobs.bytes })
          .from(blobs)
          .where(eq(blobs.key, sql.placeholder('key')))
          .prepare('blob_get'),
      );
      const [row] = await query.execute({ key });
      return row ? Buffer.from(row.bytes) : null;
    },
    async delete(keys, tx = db) {
      if (keys.length) await tx.delete(blobs).where(inArray(blobs.key, keys));
    },
    async list(prefix, { createdBefore, after, limit }) {
      const rows = await db
        .select({ key: blobs.key })
        .from(blobs)
        .where(
          and(
            like(blobs.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`),
            lt(blobs.createdAt, createdBefore),
            after === undefined ? undefined : gt(blobs.key, after),
          ),
        )
        .orderBy(asc(blobs.key))
        .limit(limit);
      return rows.map((r) => r.key);
    },
  };
}
