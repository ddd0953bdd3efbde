import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenIssuer } from '../../../server/users/tokens.ts';

const SECRET = 's'.repeat(40);

describe('access tokens', () => {
  it('carry the user and expire after the configured minutes', async () => {
    let now = Date.UTC(2026, 10, 23, 8, 0, 0);
    const tokens = createTokenIssuer(SECRET, 120, () => now);
    const { token, expiresAt, sid } = await tokens.issue(42, { version: 3 });
    expect(expiresAt).toBe(now / 1000 + 120 * 60);
    expect(sid).toMatch(/^[\w-]{16}$/);
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 42, expiresAt, loginAt: now / 1000, sid, version: 3 });
    now += 119 * 60_000;
    await expect(tokens.verify(token)).resolves.toMatchObject({ userId: 42 });
    now += 2 * 60_000;
    await expect(tokens.verify(token)).rejects.toThrow('Your login has expired, please log in again');
  });

  it('a renewed token expires later but keeps the time of its login', async () => {
    let now = Date.UTC(2026, 10, 23, 8, 0, 0);
    const tokens = createTokenIssuer(SECRET, 120, () => now);
    const first = await tokens.issue(42);
    const { loginAt, sid } = await tokens.verify(first.token);
    now += 100 * 60_000;
    const renewed = await tokens.issue(42, { loginAt, sid });
    expect(renewed.expiresAt).toBe(first.expiresAt + 100 * 60);
    // Even within the same second a renewal is a token of its own.
    now -= 100 * 60_000;
    expect((await tokens.issue(42, { loginAt, sid })).token).not.toBe(first.token);
    now += 100 * 60_000;
    // The same login: its time and its sid (a logout of one ends both tokens).
    await expect(tokens.verify(renewed.token)).resolves.toEqual({
      userId: 42,
      expiresAt: renewed.expiresAt,
      loginAt: Date.UTC(2026, 10, 23, 8, 0, 0) / 1000,
      sid,
      version: 0,
    });
    // A new login is a new sid.
    expect((await tokens.issue(42)).sid).not.toBe(sid);
  });

  it('a token verified before lends nothing to an altered copy of it', async () => {
    const tokens = createTokenIssuer(SECRET, 120);
    const { token } = await tokens.issue(42);
    await tokens.verify(token);
    const [header, , signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    await expect(tokens.verify(`${header}.${altered}.${signature}`)).rejects.toThrow('Invalid access token');
    await expect(tokens.verify(token)).resolves.toMatchObject({ userId: 42 });
  });

  it('refuse a token signed with another secret', async () => {
    const forged = await createTokenIssuer('o'.repeat(40), 120).issue(1);
    await expect(createTokenIssuer(SECRET, 120).verify(forged.token)).rejects.toThrow('Invalid access token');
  });

  it('refuse an unsigned token and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '1', iss: 'wordbee', exp: 9999999999 })).toString('base64url');
    const tokens = createTokenIssuer(SECRET, 120);
    await expect(tokens.verify(`${header}.${body}.`)).rejects.toThrow('Invalid access token');
    await expect(tokens.verify('not-a-token')).rejects.toThrow('Invalid access token');
  });

  it('refuse a correctly signed token without a user id', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('wordbee')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(createTokenIssuer(SECRET, 120).verify(token)).rejects.toThrow('Invalid access token');
  });
});
