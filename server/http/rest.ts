/**
 * The `/api/v1.0` compatibility layer (spec section 7): a small router over node:http where
 * each domain registers its routes (server/<domain>/rest.ts). Handlers parse, call the
 * service and shape the reply; errors become the spec's `{info}` replies with a 4xx status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from 'find-my-way';
import type { Deps, Viewer } from '../deps.ts';
import { AuthenticationError, DomainError, ValidationError } from '../errors.ts';
import { httpStatusOf } from './status.ts';
import { authenticate } from '../users/service.ts';
import { readJson } from './body.ts';
import { reportError } from '../observability.ts';
import { asDomainFailure, hasNul, UnavailableError } from './faults.ts';
import { accessTokenOf, clientAddressOf } from './auth.ts';

export const API_BASE = '/api/v1.0';
const JSON_LIMIT = 256 * 1024;

type RestRequest = {
  deps: Deps;
  req: IncomingMessage;
  /** The reply, for a handler that must know when it is sent (an upload's refused body). */
  res: ServerResponse;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  /** The parsed JSON body (at most 256 KB unless the route allows more). */
  body(limit?: number): Promise<unknown>;
  /** The signed-in user; throws AuthenticationError without a valid token. */
  viewer(): Promise<Viewer>;
};

export type RestReply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  | { status?: number; bytes: Uint8Array; contentType: string; headers?: Record<string, string> };

export type RestHandler = (r: RestRequest) => Promise<RestReply>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class RestRouter {
  private readonly router = Router({ ignoreTrailingSlash: true, caseSensitive: true });
  private readonly registered: string[] = [];

  constructor(private readonly deps: Deps) {}

  /**
   * `errors: 'text'` answers refusals as plain text, for the calls whose spec'd reply is text
   * ('success' or a message); the default is the spec's `{info}` object.
   */
  on(method: Method, path: string, handler: RestHandler, options: { errors?: 'json' | 'text' } = {}): this {
    this.registered.push(`${method} ${path}`);
    this.router.on(method, `${API_BASE}${path}`, (req, res, params) => {
      void this.run(handler, req, res, params as Record<string, string | undefined>, options.errors ?? 'json');
    });
    return this;
  }

  /** Every registered call as 'METHOD /path' (without /api/v1.0), e.g. for the permission matrix test. */
  calls(): string[] {
    return [...this.registered];
  }

  /** True when the request was an API call (answered, possibly with 404). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    if (url !== API_BASE && !url.startsWith(`${API_BASE}/`)) return false;
    const found = this.router.find(req.method as Method, url.split('?')[0]!);
    if (!found) {
      send(res, { status: 404, json: { info: `No such call: ${req.method} ${url.split('?')[0]}` } });
      return true;
    }
    this.router.lookup(req, res);
    return true;
  }

  private async run(handler: RestHandler, req: IncomingMessage, res: ServerResponse, params: Record<string, string | undefined>, errors: 'json' | 'text') {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let viewer: Promise<Viewer> | undefined;
    const request: RestRequest = {
      deps: this.deps,
      req,
      res,
      params,
      query: url.searchParams,
      body: (limit = JSON_LIMIT) => readJson(req, limit),
      viewer: () => {
        viewer ??= (async () => {
          const token = accessTokenOf(req.headers);
          if (!token) throw new AuthenticationError('Please log in (no access token was sent)');
          return authenticate(this.deps, token);
        })();
        return viewer;
      },
    };
    try {
      if ([...url.searchParams.values(), ...Object.values(params)].some((v) => v !== undefined && hasNul(v))) {
        throw new ValidationError('The address must not contain a NUL character (%00)');
      }
      send(res, await handler(request));
    } catch (error) {
      const reply = errorReply(this.deps, req, error);
      send(res, errors === 'text' && 'json' in reply ? { status: reply.status, headers: reply.headers, text: (reply.json as { info: string }).info } : reply);
    }
  }
}

export function errorReply(deps: Deps, req: IncomingMessage, error: unknown): RestReply {
  const requestId = String(req.headers['x-request-id'] ?? '');
  // Without the query string: it can hold a report link's token.
  const url = (req.url ?? '').split('?')[0];
  const failure = error instanceof DomainError ? null : asDomainFailure(error);
  if (failure instanceof UnavailableError) deps.log.warn({ err: error, requestId, url }, 'database unreachable');
  if (failure) error = failure;
  if (error instanceof DomainError) {
    const status = httpStatusOf(error);
    // Someone held back by a throttle (sign-ups, logins) is worth a line: where from, and what.
    if (error.kind === 'rateLimited') deps.log.warn({ requestId, url, address: clientAddressOf(req, deps.config.trustProxy) }, error.message);
    const headers: Record<string, string> = error.retryAfterSec !== undefined ? { 'retry-after': String(error.retryAfterSec) } : {};
    if (error.kind === 'unauthenticated') headers['www-authenticate'] = 'Bearer realm="WordBee"';
    return { status, json: { info: error.message }, headers };
  }
  deps.log.error({ err: error, requestId, url }, 'unexpected error in REST call');
  reportError(error, { requestId, url, where: 'rest' });
  return { status: 500, json: { info: `Something went wrong on the server; please try again (request ${requestId})` } };
}

export function send(res: ServerResponse, reply: RestReply): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.status === 304) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let payload: string | Uint8Array;
  if ('json' in reply) {
    headers['content-type'] = 'application/json; charset=utf-8';
    payload = JSON.stringify(reply.json);
  } else if ('text' in reply) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    payload = reply.text;
  } else {
    headers['content-type'] = reply.contentType;
    payload = reply.bytes;
  }
  // A known length, not a chunked reply: a browser's audio element cannot tell a chunked Ogg's
  // duration (it reads Infinity, and the word's audio never plays).
  headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength);
  res.writeHead(reply.status ?? 200, headers);
  res.end(payload);
}
