/**
 * Every request gets an answer. A Host header that is not a host name is refused at once (a
 * replay to yoga builds a URL from it), and a request that has not begun its answer within the
 * server-wide time limit (REQUEST_TIMEOUT_SEC; uploads UPLOAD_TIMEOUT_SEC) is ended with a 503
 * and its connection closed. A reply already under way (a file, a live event stream) goes on at
 * its own pace; the live WebSocket is an upgrade, not a request, and is not limited.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { API_BASE, send } from './rest.ts';

/** A host name or an IPv4 address, or an IPv6 address in brackets; a port after a colon. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** True when the request's Host header (if any: HTTP/1.0 may leave it out) is a host. */
export function hasValidHost(req: IncomingMessage): boolean {
  const host = req.headers.host;
  return host === undefined || HOST.test(host);
}

/** Recordings and GraphQL multipart requests come up a slow link first: they get the upload limit. */
export function isUpload(req: IncomingMessage, path: string): boolean {
  if (path === `${API_BASE}/upload`) return true;
  return path === '/graphql' && /^multipart\//i.test(String(req.headers['content-type'] ?? ''));
}

/** Ends the request with a 503 unless its answer has begun within `limitMs`. */
export function limitRequestTime(req: IncomingMessage, res: ServerResponse, limitMs: number, log: Logger): void {
  const timer = setTimeout(() => {
    if (res.headersSent || res.writableEnded) return;
    log.warn({ requestId: req.headers['x-request-id'], method: req.method, path: (req.url ?? '/').split('?')[0], limitMs }, 'request ended by the time limit');
    res.setHeader('connection', 'close');
    send(res, {
      status: 503,
      headers: { 'retry-after': '5' },
      json: { info: `The server did not finish this request within ${Math.round(limitMs / 1000)} s; nothing more will be done for it, please try again` },
    });
  }, limitMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
  res.once('finish', () => clearTimeout(timer));
}
