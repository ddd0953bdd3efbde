/**
 * Jobs: background work that must run on exactly one instance at a time when several share
 * the database (the mail outbox and report expiry, server/reports/mailer.ts). An instance
 * holds a job's lease in `worker_leases` until it expires; it renews it on every run, hands it
 * back when it stops, and another instance takes over once a lease is released or has expired
 * (a crashed holder). Times are the database's, so instances' clocks need not agree.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { workerLeases } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';

/** A new holder name: readable in the table (host and process), unique per server started. */
const newHolderId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export type Lease = {
  /** True when this holder has the lease now (taken or renewed for `ttlMs`). */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
};

export function createLease(db: Database, name: string, options: { holder?: string; ttlMs?: number } = {}): Lease {
  const holder = options.holder ?? newHolderId();
  const ttl = sql`make_interval(secs => ${(options.ttlMs ?? 30_000) / 1000})`;
  return {
    async acquire() {
      const rows = await db
        .insert(workerLeases)
        .values({ name, holder, expiresAt: sql`now() + ${ttl}` })
        .onConflictDoUpdate({
          target: workerLeases.name,
          set: { holder, expiresAt: sql`now() + ${ttl}` },
          // Renew our own lease, or take one that was given back or has run out.
          setWhere: sql`${workerLeases.holder} = ${holder} or ${workerLeases.expiresAt} < now()`,
        })
        .returning({ holder: workerLeases.holder });
      return rows.length === 1;
    },
    async release() {
      await db.delete(workerLeases).where(and(eq(workerLeases.name, name), eq(workerLeases.holder, holder)));
    },
  };
}
