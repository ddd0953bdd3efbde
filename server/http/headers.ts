import type { ServerResponse } from 'node:http';

/**
 * Security headers on every response: a strict CSP (no inline script), no MIME sniffing, no
 * framing, no referrer leaks. Same-origin only; the GraphQL page in development needs its CDN-free
 * inline bootstrap, so /graphql gets yoga's own page only when GraphiQL is on.
 */
export const CONTENT_SECURITY_POLICY = [
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

export function setSecurityHeaders(res: ServerResponse, path: string): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'same-origin');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  if (path !== '/graphql') res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
}
