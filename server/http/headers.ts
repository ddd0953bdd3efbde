import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Security headers on every response: a strict CSP (no inline script), no MIME sniffing, no
 * framing, no referrer leaks. Same-origin only; the GraphQL page in development needs its CDN-free
 * inline bootstrap, so /graphql gets yoga's own page only when GraphiQL is on.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** `graphiql`: GraphiQL is served at /graphql (development), whose page bootstraps inline. */
export function setSecurityHeaders(res: ServerResponse, path: string, graphiql = true): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'same-origin');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  if (path !== '/graphql' || !graphiql) res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
}

const CORS_METHODS = 'GET, POST, OPTIONS';
const CORS_HEADERS = 'content-type, authorization, x-access-token, x-request-id';

/**
 * Cross-origin access (docs/security.md): none unless the request's Origin is listed in
 * CORS_ORIGINS (or that list is `*`). Tokens travel in headers, never cookies, so no
 * credentials are allowed. Returns true when it answered the request (a preflight).
 */
export function handleCors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (allowed.length) res.setHeader('vary', 'Origin');
  const ok = typeof origin === 'string' && (allowed.includes('*') || allowed.includes(origin));
  if (ok) {
    res.setHeader('access-control-allow-origin', allowed.includes('*') ? '*' : origin);
    res.setHeader('access-control-expose-headers', 'x-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset');
  }
  if (!preflight) return false;
  if (!ok) {
    res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ info: `Cross-origin calls from ${String(origin ?? 'this page')} are not allowed (see CORS_ORIGINS)` }));
    return true;
  }
  res.writeHead(204, {
    'access-control-allow-methods': CORS_METHODS,
    'access-control-allow-headers': CORS_HEADERS,
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}
