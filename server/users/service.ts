/**
 * Users: accounts, signup and login, and turning an access token back into a viewer.
 * Rules: spec section 5 (Login, Signup) and DESIGN (unique usernames, argon2id, JWT).
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { prepared, qualified, rowsOf } from '../../db/sql.ts';
import { alias } from 'drizzle-orm/pg-core';
import { hash, verify } from '@node-rs/argon2';
import { classes, endedLogins, rosterEntries, users } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, ValidationError, isUniqueViolation, parseInput } from '../errors.ts';
import type { Deps, Viewer } from '../deps.ts';
import { loginSchema, signupSchema } from './schemas.ts';
import { joinOpenTasks, lockClassTasks } from '../enrolment.ts';
import { nameKey } from '../access.ts';
import { checkLoginAllowed, clearAccountFailures, countSignup, deviceKey, recordLoginFailure } from './throttle.ts';
import { newDevice, withTag, type LoginClient } from './devices.ts';

/** The spec's user record (session storage key 'user'). */
export type UserRecord = {
  username: string;
  isTeacher: boolean;
  accessToken: string;
  teachername: string;
  /** Seconds since the epoch. */
  tokenExpAt: number;
};

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);
// Verified against when the user does not exist, so the reply time does not reveal which names exist.
const absentUserHash = hash('wordbee-absent-user');

/** A new account: a teacher's, or a student's in `className`, under the roster name they claimed when it is not the username. */
export type SignedUp = { username: string; isTeacher: boolean; className?: string; rosterName?: string };

/** `address`: the client's network address, for throttling sign-ups (server/users/throttle.ts). */
export async function signup(deps: Deps, raw: unknown, address?: string): Promise<SignedUp> {
  const input = parseInput(signupSchema, raw);
  if (address) await countSignup(deps, address, deps.config.signupsPerAddress);
  const key = nameKey(input.username);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    if (await findUserByName(tx, key)) throw new ConflictError(`Username ${input.username} is taken, please choose another`);
    if (input.isTeacher) {
      await insertUser(tx, { username: input.username, usernameKey: key, email: input.email, passwordHash, isTeacher: true, teacherId: null });
      return { username: input.username, isTeacher: true };
    }
    const teacher = await findUserByName(tx, nameKey(input.teachername));
    if (!teacher || !teacher.isTeacher) throw new NotFoundError(`Teacher ${input.teachername} not found`);
    const [klass] = await tx
      .select({ id: classes.id, name: classes.name, joinWithoutRoster: classes.joinWithoutRoster })
      .from(classes)
      .where(and(eq(classes.teacherId, teacher.id), eq(classes.nameKey, nameKey(input.classname))));
    if (!klass) throw new NotFoundError(`Class ${input.classname} of teacher ${teacher.username} not found`);
    // An assignment the teacher sends meanwhile either sees this student or is seen by joinOpenTasks.
    await lockClassTasks(tx, klass.id);
    // The roster name the student claims: the one chosen, else one written as the username.
    const wanted = input.rostername || input.username;
    const [listed] = await tx
      .select({ id: rosterEntries.id, name: rosterEntries.studentName, userId: rosterEntries.userId })
      .from(rosterEntries)
      .where(and(eq(rosterEntries.classId, klass.id), eq(rosterEntries.studentKey, nameKey(wanted))))
      .for('update');
    if (input.rostername && !listed) {
      throw new NotFoundError(`${klass.name} 的名单上没有“${input.rostername}” · ${input.rostername} is not on the roster of class ${klass.name}`);
    }
    if (input.rostername && listed?.userId !== null) {
      throw new ConflictError(
        `“${listed!.name}”已被另一位同学认领，请告诉老师 · ${listed!.name} has already been claimed by another student: please tell your teacher`,
      );
    }
    const claim = listed && listed.userId === null ? listed : null;
    if (!claim && !klass.joinWithoutRoster) {
      throw new ValidationError(
        `请在名单中选出你的名字（${klass.name} 只接受名单上的学生） · Choose your name from the roster: class ${klass.name} takes only the students it lists`,
        'rostername',
      );
    }
    const userId = await insertUser(tx, {
      username: input.username,
      usernameKey: key,
      email: input.email,
      passwordHash,
      isTeacher: false,
      teacherId: teacher.id,
    });
    // Automatic class management: the student claims their listed name, or joins under their username.
    let entryId: number;
    if (claim) {
      await tx.update(rosterEntries).set({ userId }).where(eq(rosterEntries.id, claim.id));
      entryId = claim.id;
    } else {
      try {
        const [entry] = await tx
          .insert(rosterEntries)
          .values({ classId: klass.id, studentName: input.username, studentKey: key, userId })
          .returning({ id: rosterEntries.id });
        entryId = entry!.id;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(
            `“${input.username}”已被另一位同学认领 · ${input.username} has already been claimed by another student of class ${klass.name}`,
          );
        throw error;
      }
    }
    // A newcomer finds the class's open tasks waiting.
    await joinOpenTasks(tx, entryId, klass.id);
    const rosterName = claim && nameKey(claim.name) !== key ? claim.name : undefined;
    return { username: input.username, isTeacher: false, className: klass.name, rosterName };
  });
}

async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<number> {
  try {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`Username ${values.username} is taken, please choose another`);
    throw error;
  }
}

async function findUserByName(tx: Executor, key: string) {
  const [row] = await tx.select().from(users).where(eq(users.usernameKey, key));
  return row;
}

/**
 * `client`: the network address and the browser's device cookie, for throttling; `trust` gets
 * the cookie that marks the browser as one this name logged in from (server/users/devices.ts).
 */
export async function login(deps: Deps, raw: unknown, client: LoginClient = {}): Promise<UserRecord> {
  const input = parseInput(loginSchema, raw);
  const key = nameKey(input.username);
  const device = client.device ?? newDevice();
  const tag = await deps.tokens.deviceTag(device.id, key);
  const trusted = client.device?.tags.includes(tag) ? deviceKey(tag) : undefined;
  await checkLoginAllowed(deps, key, client.address, trusted);
  const user = await findUserByName(deps.db, key);
  const ok = await verify(user?.passwordHash ?? (await absentUserHash), input.password);
  if (!user || !ok) {
    await recordLoginFailure(deps, key, client.address, deps.config.loginFailuresPerAddress, trusted);
    throw new AuthenticationError('Wrong username or password');
  }
  await clearAccountFailures(deps, key, trusted);
  const viewer = await viewerFor(deps, user.id, 0, 0);
  const record = asRecord(viewer!, await deps.tokens.issue(user.id, { version: user.tokenVersion }));
  client.trust?.(withTag(device, tag));
  return record;
}

export const asRecord = (viewer: Viewer, issued: { token: string; expiresAt: number }): UserRecord => ({
  username: viewer.username,
  isTeacher: viewer.isTeacher,
  accessToken: issued.token,
  teachername: viewer.teacherName,
  tokenExpAt: issued.expiresAt,
});

/**
 * "Stay logged in": a fresh token for the login the viewer's token belongs to, so that a
 * teacher's day or a long lesson does not end at the token's expiry. A login can be renewed
 * for LOGIN_MAX_HOURS after its password was typed; then the password is asked again.
 * Integration tokens do not expire and are not renewed.
 */
export async function renewLogin(deps: Deps, viewer: Viewer): Promise<UserRecord> {
  if (viewer.integration) throw new ForbiddenError('An integration token does not expire and is not renewed');
  const hours = deps.config.loginMaxHours;
  const renewed = await deps.tokens.issue(viewer.id, { loginAt: viewer.loginAt, sid: viewer.sid, version: viewer.tokenVersion });
  if (renewed.issuedAt - viewer.loginAt >= hours * 3600) {
    throw new AuthenticationError(`You logged in more than ${hours} hour${hours === 1 ? '' : 's'} ago: please log in again`);
  }
  return asRecord(viewer, renewed);
}

/** Why a token of a user who logged out, logged out everywhere or changed the password is refused. */
export const LOGIN_ENDED = 'This login has ended (logged out, or the password was changed), please log in again';

/**
 * Checks the token's signature and expiry, that its user still exists, that its login was not
 * ended (logout) and that its version is the user's (password change, logout everywhere): all
 * in the one statement that loads the viewer.
 */
export async function authenticate(deps: Deps, token: string): Promise<Viewer> {
  const claims = await deps.tokens.verify(token);
  const viewer = await viewerFor(deps, claims.userId, claims.expiresAt, claims.loginAt, claims.sid);
  if (!viewer) throw new AuthenticationError('This account no longer exists, please sign up again');
  if (viewer.ended || viewer.tokenVersion !== claims.version) throw new AuthenticationError(LOGIN_ENDED);
  return viewer;
}

/** A login as a live connection holds it: its user, its sid and the token version it was opened with. */
export type LiveLogin = { userId: number; sid: string; version: number };

/**
 * Of these logins, the ones that have ended since their sockets opened (logout, a password
 * change, logout everywhere, a deleted account): one statement for any number of them. The
 * instance's periodic recheck of its open live connections, so one stays open no longer than
 * that even when the `logins:ended` event did not reach it (Redis away when it was sent).
 */
export async function endedAmong(deps: Pick<Deps, 'db'>, logins: readonly LiveLogin[]): Promise<LiveLogin[]> {
  if (logins.length === 0) return [];
  const rows = rowsOf<LiveLogin>(
    await deps.db.execute(sql`
      select s."userId", s.sid, s.version
      from json_to_recordset(${JSON.stringify(logins)}::json) as s("userId" integer, sid text, version integer)
      where not exists (
          select 1 from ${users} where ${qualified(users.id)} = s."userId"
            and (${qualified(users.tokenVersion)} = s.version or (s.sid <> '' and ${qualified(users.keptSid)} = s.sid)))
        or (s.sid <> '' and exists (select 1 from ${endedLogins} where ${qualified(endedLogins.sid)} = s.sid))`),
  );
  return rows.map((r) => ({ userId: Number(r.userId), sid: r.sid, version: Number(r.version) }));
}

async function viewerFor(deps: Deps, userId: number, tokenExpiresAt: number, loginAt: number, sid = ''): Promise<(Viewer & { ended: boolean }) | undefined> {
  const query = prepared(deps.db, 'viewer', () => viewerQuery(deps, sql.placeholder('userId'), sql.placeholder('sid')).prepare('viewer'));
  const [row] = await query.execute({ userId, sid });
  if (!row) return undefined;
  return { ...row, teacherName: row.teacherName ?? row.username, tokenExpiresAt, loginAt, sid };
}

/**
 * The one SQL statement behind every authenticated call (the benchmarks reuse its text): the
 * user, their teacher's name, their token version and whether the token's login was ended.
 */
export function viewerQuery(deps: Pick<Deps, 'db'>, userId: number | Placeholder, sid: string | Placeholder = '') {
  const teacher = alias(users, 'teacher');
  return deps.db
    .select({
      id: users.id,
      username: users.username,
      isTeacher: users.isTeacher,
      email: users.email,
      teacherName: teacher.username,
      tokenVersion: users.tokenVersion,
      ended: sql<boolean>`exists (select 1 from ${endedLogins} where ${qualified(endedLogins.sid)} = ${sid})`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(teacher, eq(teacher.id, users.teacherId))
    .where(eq(users.id, userId as number));
}

/** What a teacher gets by e-mail of their students' reports; null for a student (reports go to them anyway). */
export async function reportMailOf(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<{ each: boolean; digest: boolean } | null> {
  if (!viewer.isTeacher) return null;
  const [row] = await deps.db.select({ each: users.reportMail, digest: users.reportDigest }).from(users).where(eq(users.id, viewer.id));
  return row ?? { each: true, digest: false };
}

/**
 * A teacher turns the e-mail of each student's report (`each`: a class's homework made one
 * e-mail per student) or the daily summary (`digest`, server/reports/digest.ts) on or off; the
 * Reports list keeps every report either way.
 */
export async function setReportMail(deps: Pick<Deps, 'db'>, viewer: Viewer, which: 'each' | 'digest', enabled: boolean): Promise<boolean> {
  if (!viewer.isTeacher) throw new ForbiddenError('Only teachers choose whether reports are e-mailed to them; a student always gets their own');
  await deps.db
    .update(users)
    .set(which === 'each' ? { reportMail: enabled } : { reportDigest: enabled })
    .where(eq(users.id, viewer.id));
  return enabled;
}
