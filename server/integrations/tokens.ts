/**
 * Integrations: what lets other school systems use WordBee. This file owns integration
 * tokens: a teacher creates one for some of their classes with scopes, sees it once, lists and
 * revokes it; the API accepts it as `Authorization: Bearer wbi_…`. Only its SHA-256 hash is
 * stored (a 256-bit random token needs no slow hash). Scopes are enforced in server/graphql/scopes.ts,
 * the class limits by server/access.ts `ownClasses`; budgets in limits.ts, webhooks in webhooks.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { integrationTokens, users } from '../../db/schema.ts';
import type { Deps, Viewer } from '../deps.ts';
import { AuthenticationError, NotFoundError, ValidationError, parseInput } from '../errors.ts';
import { requireTeacherSession, teacherClassIds } from '../access.ts';
import { MAX_TOKENS, createTokenSchema } from './schemas.ts';

const TOKEN_PREFIX = 'wbi_';
export const isIntegrationToken = (token: string) => token.startsWith(TOKEN_PREFIX);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type IntegrationTokenRecord = Omit<typeof integrationTokens.$inferSelect, 'tokenHash'>;

/** A refused integration token: the whole operation is refused with this sentence (server/graphql/scopes.ts). */
export class IntegrationTokenError extends AuthenticationError {}

export async function createIntegrationToken(deps: Pick<Deps, 'db'>, viewer: Viewer, raw: unknown): Promise<{ token: string; record: IntegrationTokenRecord }> {
  requireTeacherSession(viewer);
  const input = parseInput(createTokenSchema, raw);
  await teacherClassIds(deps.db, viewer, input.classIds);
  const live = await deps.db
    .select({ id: integrationTokens.id })
    .from(integrationTokens)
    .where(and(eq(integrationTokens.teacherId, viewer.id), isNull(integrationTokens.revokedAt)));
  if (live.length >= MAX_TOKENS) throw new ValidationError(`You have ${MAX_TOKENS} tokens already: revoke one first`);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.db
    .insert(integrationTokens)
    .values({
      teacherId: viewer.id,
      name: input.name,
      tokenHash: hashOf(token),
      tokenPrefix: token.slice(0, 10),
      scopes: input.scopes,
      classIds: input.classIds,
    })
    .returning();
  const { tokenHash: _hash, ...record } = row!;
  return { token, record };
}

const recordColumns = {
  id: integrationTokens.id,
  teacherId: integrationTokens.teacherId,
  name: integrationTokens.name,
  tokenPrefix: integrationTokens.tokenPrefix,
  scopes: integrationTokens.scopes,
  classIds: integrationTokens.classIds,
  createdAt: integrationTokens.createdAt,
  lastUsedAt: integrationTokens.lastUsedAt,
  revokedAt: integrationTokens.revokedAt,
};

/** A teacher's tokens, newest first, revoked ones included (they say when). */
export async function listIntegrationTokens(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<IntegrationTokenRecord[]> {
  requireTeacherSession(viewer);
  return deps.db
    .select(recordColumns)
    .from(integrationTokens)
    .where(eq(integrationTokens.teacherId, viewer.id))
    .orderBy(desc(integrationTokens.createdAt), desc(integrationTokens.id));
}

export async function integrationTokenById(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number): Promise<IntegrationTokenRecord | null> {
  if (!viewer.isTeacher || viewer.integration || !Number.isSafeInteger(id)) return null;
  const [row] = await deps.db
    .select(recordColumns)
    .from(integrationTokens)
    .where(and(eq(integrationTokens.id, id), eq(integrationTokens.teacherId, viewer.id)));
  return row ?? null;
}

/** Revoking is immediate and final; revoking again changes nothing. */
export async function revokeIntegrationToken(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number, now = new Date()): Promise<IntegrationTokenRecord> {
  requireTeacherSession(viewer);
  const token = await integrationTokenById(deps, viewer, id);
  if (!token) throw new NotFoundError('Token not found');
  if (token.revokedAt) return token;
  await deps.db
    .update(integrationTokens)
    .set({ revokedAt: now })
    .where(and(eq(integrationTokens.id, id), isNull(integrationTokens.revokedAt)));
  return (await integrationTokenById(deps, viewer, id))!;
}

const LAST_USED_EVERY_MS = 60_000;

/** The teacher a token acts for, bound to its scopes and classes; refused once revoked. */
export async function authenticateIntegrationToken(deps: Deps, token: string, now = new Date()): Promise<Viewer> {
  const [row] = await deps.db
    .select({ ...recordColumns, username: users.username, email: users.email })
    .from(integrationTokens)
    .innerJoin(users, eq(users.id, integrationTokens.teacherId))
    .where(eq(integrationTokens.tokenHash, hashOf(token)));
  if (!row) throw new IntegrationTokenError('This integration token is not valid');
  if (row.revokedAt) throw new IntegrationTokenError('This integration token was revoked');
  // "Last used" to the minute: one write a minute per token, not one per request.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await deps.db
      .update(integrationTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(integrationTokens.id, row.id),
          or(isNull(integrationTokens.lastUsedAt), lt(integrationTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS))),
        ),
      );
  }
  return {
    id: row.teacherId,
    username: row.username,
    isTeacher: true,
    email: row.email,
    teacherName: row.username,
    tokenExpiresAt: 0,
    loginAt: 0,
    integration: { tokenId: row.id, scopes: row.scopes, classIds: row.classIds },
  };
}

/** True once the token is revoked (or gone): an open subscription with it ends at its next event. */
export async function isTokenRevoked(deps: Pick<Deps, 'db'>, tokenId: number): Promise<boolean> {
  const [row] = await deps.db.select({ revokedAt: integrationTokens.revokedAt }).from(integrationTokens).where(eq(integrationTokens.id, tokenId));
  return !row || row.revokedAt !== null;
}
