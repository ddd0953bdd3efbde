/**
 * Storage: where stored files live (report PDFs now; recordings and other uploads can use the
 * same interface). The default keeps them in PostgreSQL (table `blobs`), in the caller's
 * transaction, so a file and the row that names it are written and deleted together.
 *
 * The other implementation a deployment can choose is an S3-compatible bucket (AWS S3, MinIO,
 * Aliyun OSS, Tencent COS): `put` → PutObject, `get` → GetObject (null on NoSuchKey),
 * `delete` → DeleteObjects, with keys as object names under a prefix. Such a store ignores the
 * transaction: a put that is rolled back leaves an orphan object, which a bucket lifecycle
 * rule on the `reports/` prefix (older than REPORT_TTL_DAYS) removes. See README, Running
 * several instances.
 */
import { eq, inArray } from 'drizzle-orm';
import { blobs } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';

export type BlobStore = {
  kind: 'postgres' | 's3';
  /** Stores (or replaces) a file; PostgreSQL writes in `tx` when given. */
  put(key: string, bytes: Uint8Array, contentType: string, tx?: Executor): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[], tx?: Executor): Promise<void>;
};

export function postgresBlobStore(db: Executor): BlobStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType, tx = db) {
      await tx
        .insert(blobs)
        .values({ key, bytes: Buffer.from(bytes), contentType })
        .onConflictDoUpdate({ target: blobs.key, set: { bytes: Buffer.from(bytes), contentType } });
    },
    async get(key) {
      const [row] = await db.select({ bytes: blobs.bytes }).from(blobs).where(eq(blobs.key, key));
      return row ? Buffer.from(row.bytes) : null;
    },
    async delete(keys, tx = db) {
      if (keys.length) await tx.delete(blobs).where(inArray(blobs.key, keys));
    },
  };
}
