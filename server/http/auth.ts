import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parseCookie, stringifySetCookie } from 'cookie';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SEC, formatDevice, parseDevice, type LoginClient } from '../users/devices.ts';

/** The access token of a request: `x-access-token` (spec section 6) or `Authorization: Bearer`. */
export function accessTokenOf(headers: IncomingHttpHeaders | Headers): string | undefined {
  // Fetch-style Headers (yoga may hand a ponyfill, so no instanceof) or node's header object.
  const get = (name: string) => {
    const v = typeof headers.get === 'function' ? (headers as Headers).get(name) : (headers as IncomingHttpHeaders)[name];
    return (Array.isArray(v) ? v[0] : v) ?? undefined;
  };
  const direct = get('x-access-token')?.trim();
  if (direct) return direct;
  const bearer = /^Bearer\s+(.+)$/i.exec(get('authorization') ?? '');
  return bearer?.[1]?.trim() || undefined;
}

/**
 * The client's network address: the socket's, or behind a trusted reverse proxy (TRUST_PROXY)
 * the last X-Forwarded-For entry, the one the proxy itself added (earlier ones are the client's say).
 */
export function clientAddressOf(req: IncomingMessage | undefined, trustProxy: boolean): string | undefined {
  if (!req) return undefined;
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded.length) return forwarded[forwarded.length - 1];
  }
  return req.socket?.remoteAddress ?? undefined;
}

/** Whether the request reached us over TLS (or, behind a trusted proxy, reached the proxy so). */
function overTls(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  return (
    trustProxy &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https'
  );
}

/**
 * A login as its transport sees it (server/users/devices.ts): the address, the browser's device
 * cookie, and, when there is a reply to set it on, the new cookie after a successful login:
 * HttpOnly (no script reads it), SameSite=Strict (another site's page never sends it), Secure
 * over TLS.
 */
export function loginClientOf(req: IncomingMessage | undefined, res: ServerResponse | undefined, trustProxy: boolean): LoginClient {
  return {
    address: clientAddressOf(req, trustProxy),
    // Read only by a login: every GraphQL request builds this, few of them log in.
    get device() {
      return req?.headers.cookie ? parseDevice(parseCookie(req.headers.cookie)[DEVICE_COOKIE]) : undefined;
    },
    trust:
      req && res
        ? (device) => {
            if (res.headersSent) return;
            const cookie = stringifySetCookie(DEVICE_COOKIE, formatDevice(device), {
              httpOnly: true,
              sameSite: 'strict',
              path: '/',
              maxAge: DEVICE_MAX_AGE_SEC,
              secure: overTls(req, trustProxy),
            });
            res.appendHeader('set-cookie', cookie);
          }
        : undefined,
  };
}
