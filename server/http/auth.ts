import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

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
    const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (forwarded.length) return forwarded[forwarded.length - 1];
  }
  return req.socket?.remoteAddress ?? undefined;
}
