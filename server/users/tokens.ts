/**
 * Access tokens: HS256-signed JWTs carrying the user id, with an expiry (TOKEN_TTL_MINUTES).
 * The secret is JWT_SECRET, or one generated at first start and kept in DATA_DIR so tokens
 * survive a restart. Several instances must share JWT_SECRET (docs/scale-out.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { AuthenticationError } from '../errors.ts';

/**
 * `loginAt`: when its user typed the password (seconds); a renewed token keeps its login's, and
 * its `sid`, the login's random name (logout ends it, server/users/service.ts). `version`: the
 * user's token version when it was issued (users.token_version). Tokens made before either
 * existed read as version 0 and sid ''.
 */
type TokenClaims = { userId: number; expiresAt: number; loginAt: number; sid: string; version: number };

/** What a renewed token keeps of its login; a new login leaves them out. */
type TokenSession = { loginAt?: number; sid?: string; version?: number };

export type TokenIssuer = {
  /** A token for `userId`; with the earlier token's `loginAt` and `sid` when it renews that login. */
  issue(userId: number, session?: TokenSession): Promise<{ token: string; issuedAt: number; expiresAt: number; sid: string }>;
  /** Throws AuthenticationError for a bad signature, a malformed token or an expired one. */
  verify(token: string): Promise<TokenClaims>;
  /** A link token: whoever holds it may GET one thing (`subject`) until it expires, without a login. */
  signLink(subject: string, seconds: number): Promise<string>;
  /** True when `token` is a live link token for `subject` (an access token never is). */
  verifyLink(token: string, subject: string): Promise<boolean>;
  /** The tag that says a browser (`deviceId`) has logged in as the name `usernameKey` (server/users/devices.ts). */
  deviceTag(deviceId: string, usernameKey: string): Promise<string>;
};

const LINK_AUDIENCE = 'wordbee-link';

export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export function createTokenIssuer(secret: string, ttlMinutes: number, now: () => number = Date.now): TokenIssuer {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every call, which showed
  // in the task list's profile.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  async function verifySigned(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: 'wordbee',
        currentDate: new Date(now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.exp !== 'number') {
        throw new AuthenticationError('Invalid access token, please log in again');
      }
      // Tokens issued before renewals existed carry no auth_time: their login is their issue.
      const loginAt = typeof payload.auth_time === 'number' ? payload.auth_time : (payload.iat ?? 0);
      const sid = typeof payload.sid === 'string' ? payload.sid : '';
      const version = typeof payload.ver === 'number' && Number.isSafeInteger(payload.ver) ? payload.ver : 0;
      return { userId, expiresAt: payload.exp, loginAt, sid, version };
    } catch (error) {
      if (error instanceof AuthenticationError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AuthenticationError('Your login has expired, please log in again');
      throw new AuthenticationError('Invalid access token, please log in again');
    }
  }
  // Tokens verified lately (a school's signed-in users, a few hundred bytes each).
  const verified = new LRUCache<string, TokenClaims>({ max: 20_000 });
  return {
    async issue(userId, session = {}) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + ttlMinutes * 60;
      const sid = session.sid || randomBytes(12).toString('base64url');
      const token = await new SignJWT({ auth_time: session.loginAt ?? issuedAt, sid, ver: session.version ?? 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setIssuer('wordbee')
        // Unique, so that a token renewed within the second of its login is still a new one.
        .setJti(randomBytes(9).toString('base64url'))
        .sign(await key);
      return { token, issuedAt, expiresAt, sid };
    },
    async verify(token) {
      // A token's claims follow from its text: one verified before is only checked for expiry
      // again. The signature check (jose's parsing and a WebCrypto HMAC) was 7% of a result
      // post's CPU, paid anew on every request.
      const known = verified.get(token);
      if (known && known.expiresAt * 1000 > now()) return known;
      const claims = await verifySigned(token);
      verified.set(token, claims);
      return claims;
    },
    // Links carry an audience that access tokens lack, and a subject that is no user id, so
    // neither can stand in for the other.
    async signLink(subject, seconds) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setAudience(LINK_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + seconds)
        .setIssuer('wordbee')
        .sign(await key);
    },
    async deviceTag(deviceId, usernameKey) {
      // 12 bytes of the HMAC: unguessable, and short, as one cookie holds a class's worth.
      const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(`device\n${deviceId}\n${usernameKey}`));
      return Buffer.from(mac).subarray(0, 12).toString('base64url');
    },
    async verifyLink(token, subject) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: 'wordbee',
          audience: LINK_AUDIENCE,
          subject,
          currentDate: new Date(now()),
        });
        return typeof payload.exp === 'number';
      } catch {
        return false;
      }
    },
  };
}
