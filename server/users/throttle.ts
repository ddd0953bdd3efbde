/**
 * Login throttling, per account and per address. Counters live in the database (table
 * login_failures), not in memory or only in Redis: every instance behind a load balancer
 * shares them, a restart does not reset a lock, and it works the same on PGlite with nothing
 * else installed. Only failed logins write; a login reads two rows by primary key.
 *
 * After ACCOUNT_FREE_FAILURES failed attempts on a name (or LOGIN_FAILURES_PER_ADDRESS from one
 * address, generous because a whole school may share one address) within FAILURE_WINDOW, the
 * key is locked for LOCK_BASE_SEC, doubling with each further failure up to LOCK_MAX_SEC.
 * While locked every attempt is refused, the right password too, without checking it.
 *
 * Except from where the user has logged in before: a browser that carries the name's device tag
 * (server/users/devices.ts) or a logged-in session re-typing its password is held only by its
 * own failures (`trusted`: `device:<tag>`, `session:<sid>`), which lock it alone, with the same
 * numbers. So a stranger's guesses lock the name for strangers, never for its owner.
 *
 * Sign-ups are counted the same way per address (SIGNUPS_PER_ADDRESS in FAILURE_WINDOW), each
 * one a new account and a password hash: a script cannot make accounts without end.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { qualified } from '../../db/sql.ts';
import { loginFailures } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import { RateLimitError } from '../errors.ts';
import type { Deps } from '../deps.ts';

export const ACCOUNT_FREE_FAILURES = 5;
const FAILURE_WINDOW_MIN = 15;
const LOCK_BASE_SEC = 30;
const LOCK_MAX_SEC = 15 * 60;

const accountKey = (usernameKey: string) => `account:${usernameKey}`;
const addressKey = (address: string) => `address:${address}`;
const signupKey = (address: string) => `signup:${address}`;
/** The throttle key of a browser trusted for a name (its device tag). */
export const deviceKey = (tag: string) => `device:${tag}`;
/** The throttle key of a logged-in session (its login's sid). */
export const sessionKey = (sid: string) => `session:${sid}`;

/** The keys that are locked now, with the seconds left. */
async function lockedKeys(db: Database, keys: string[]): Promise<{ key: string; waitSec: number }[]> {
  const rows = await db
    .select({
      key: loginFailures.key,
      waitSec: sql<number>`ceil(extract(epoch from (${loginFailures.lockedUntil} - now())))::int`,
    })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  return rows.filter((r) => r.waitSec !== null && r.waitSec > 0);
}

/** Refuses a sign-up while its address has made too many; else counts this one. */
export async function countSignup(deps: Pick<Deps, 'db'>, address: string, limit: number): Promise<void> {
  const [locked] = await lockedKeys(deps.db, [signupKey(address)]);
  if (locked) throw new RateLimitError(`Too many sign-ups from this network; please wait ${locked.waitSec} seconds and try again`, locked.waitSec);
  await bump(deps.db, signupKey(address), limit);
}

/**
 * Refuses the attempt when its keys are locked: the `trusted` key alone when the attempt comes
 * from a trusted browser or session, else the account's and the address's.
 */
export async function checkLoginAllowed(deps: Pick<Deps, 'db'>, usernameKey: string, address: string | undefined, trusted?: string): Promise<void> {
  const keys = trusted ? [trusted] : [accountKey(usernameKey), ...(address ? [addressKey(address)] : [])];
  const locked = await lockedKeys(deps.db, keys);
  if (locked.length === 0) return;
  const waitSec = Math.max(...locked.map((r) => r.waitSec));
  const where = trusted ? 'for this account here' : locked.some((r) => r.key.startsWith('account:')) ? 'for this account' : 'from this network';
  throw new RateLimitError(`Too many failed logins ${where}; please wait ${waitSec} seconds and try again`, waitSec);
}

/** Counts a failed attempt: against the `trusted` key alone, else against the account and the address. */
export async function recordLoginFailure(
  deps: Pick<Deps, 'db'>,
  usernameKey: string,
  address: string | undefined,
  addressLimit: number,
  trusted?: string,
): Promise<void> {
  if (trusted) return bump(deps.db, trusted, ACCOUNT_FREE_FAILURES);
  await bump(deps.db, accountKey(usernameKey), ACCOUNT_FREE_FAILURES);
  if (address) await bump(deps.db, addressKey(address), addressLimit);
}

/**
 * A successful login clears its own count: the trusted key's, else the account's (the address
 * keeps its own). A trusted login leaves the account's lock on strangers as it is.
 */
export async function clearAccountFailures(deps: Pick<Deps, 'db'>, usernameKey: string, trusted?: string): Promise<void> {
  await deps.db.delete(loginFailures).where(inArray(loginFailures.key, [trusted ?? accountKey(usernameKey)]));
}

async function bump(db: Database, key: string, freeFailures: number): Promise<void> {
  // One statement, so concurrent failures on several instances all count. The numbers are
  // our own constants (and a validated setting), written inline.
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const failures = qualified(loginFailures.failures);
  const last = qualified(loginFailures.lastFailureAt);
  const count = sql`(case when ${last} < now() - interval '${n(FAILURE_WINDOW_MIN)} minutes' then 1 else ${failures} + 1 end)`;
  const lockFor = (f: SQL) =>
    sql`(case when ${f} >= ${n(freeFailures)} then now() + least(${n(LOCK_MAX_SEC)}, ${n(LOCK_BASE_SEC)} * power(2, least(${f} - ${n(freeFailures)}, 20))) * interval '1 second' else null end)`;
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, lastFailureAt: sql`now()`, lockedUntil: lockFor(sql`1`) })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: { failures: count, lastFailureAt: sql`now()`, lockedUntil: lockFor(count) },
    });
}
