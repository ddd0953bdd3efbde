/**
 * GraphQL over HTTP at /graphql. The common request — a same-origin POST of JSON whose query or
 * mutation parses and validates — runs straight through yoga's envelop pipeline (its parse
 * and validation caches, graphql-jit, error masking, the same context) without yoga's
 * fetch-API adapter, which cost more than the rest of the request (docs/performance.md).
 * Anything else (GET, GraphiQL, cross-origin calls with CORS, subscriptions over SSE, a body
 * that does not parse or validate) is handed to yoga itself, so every reply but the fast
 * one is yoga's own. JSON replies of 1 KB or more go out brotli- or gzip-compressed to a client
 * that accepts it, on both paths (server/http/compression.ts, server/graphql/compression.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../deps.ts';
import { isJsonType, readBody, PayloadTooLargeError } from '../http/body.ts';
import { accessTokenOf } from '../http/auth.ts';
import { asDomainFailure } from '../http/faults.ts';
import { sendCompressible } from '../http/compression.ts';
import { reportError } from '../observability.ts';
import { GRAPHQL_BODY_LIMIT, UPLOAD_PARAMS, type createGraphQL } from './yoga.ts';
import { discardBody, receiveForm, uploadRefusal, type ReceivedForm } from '../http/uploads.ts';
import { ValidationError } from '../errors.ts';
import { httpStatusOf } from '../http/status.ts';
import type { GraphQLParams } from 'graphql-yoga';

const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

type Params = { query: string; operationName?: string; variables?: Record<string, unknown> };

/**
 * Queries and mutations that parsed, passed every validation rule (GraphQL Armor's limits
 * included) and name one operation that is not a subscription, by their text and operation
 * name: a repeat skips parsing and validating, which cost more than the rest of yoga's work on
 * a small query (docs/performance.md). The schema and the rules never change while the server
 * runs. Bounded by the texts' size.
 */
const knownDocuments = new LRUCache<string, DocumentNode>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (_document, key) => key.length + 1 });

export function createGraphQLHttpHandler(deps: Deps, yoga: ReturnType<typeof createGraphQL>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    const multipart = type.startsWith('multipart/');
    // A browser sends other types to another site without a preflight (a login from another
    // site's page would spend the address's failed-login budget); an upload carries the token
    // header, which needs a preflight too (docs/security.md).
    if (req.method === 'POST' && !multipart && !isJsonType(type) && !type.startsWith('application/graphql+json')) {
      return reply(
        req,
        res,
        415,
        { errors: [{ message: 'Send GraphQL requests as a POST with Content-Type: application/json (or as a GET query)' }] },
        undefined,
        { connection: 'close' },
      );
    }
    if (req.method === 'POST' && multipart && !accessTokenOf(req.headers)) {
      // Every upload needs a login: without the token it is refused as the upload itself would be
      // (its body discarded as it arrives, so the client reads the refusal).
      discardBody(req, res);
      return reply(
        req,
        res,
        401,
        {
          errors: [
            {
              message: 'Please log in: an upload (multipart/form-data) carries the access token in the x-access-token or Authorization header',
              extensions: { code: 'UNAUTHENTICATED' },
            },
          ],
        },
        undefined,
        { 'www-authenticate': 'Bearer realm="WordBee"' },
      );
    }
    if (req.method === 'POST' && multipart) return upload(deps, yoga, req, res);
    if (req.method !== 'POST') {
      if (/%00/.test(req.url ?? '')) return reply(req, res, 400, { errors: [{ message: NUL_MESSAGE }] });
      const badParameter = req.method === 'GET' ? badJsonParameter(req.url ?? '') : undefined;
      if (badParameter) return reply(req, res, 400, { errors: [{ message: badParameter, extensions: { code: 'BAD_REQUEST' } }] });
      return void (await yoga(req, res, { req, res }));
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, GRAPHQL_BODY_LIMIT);
    } catch (error) {
      const tooLarge = error instanceof PayloadTooLargeError;
      req.resume();
      return reply(
        req,
        res,
        tooLarge ? 413 : 400,
        { errors: [{ message: tooLarge ? error.message : 'The request body could not be read' }] },
        undefined,
        tooLarge ? { connection: 'close' } : {},
      );
    }
    // PostgreSQL text cannot hold U+0000 (raw, or as the JSON escape).
    if (raw.includes(0) || raw.includes('\\u0000')) return reply(req, res, 400, { errors: [{ message: NUL_MESSAGE }] });
    if (!isPlainJsonPost(req)) {
      // @whatwg-node reads a body already taken from the stream from `req.body`.
      (req as IncomingMessage & { body?: unknown }).body = raw.length ? raw : ' ';
      return void (await yoga(req, res, { req, res }));
    }
    const params = parseParams(raw);
    if (!params) return replayToYoga(yoga, req, res, raw);
    try {
      const { parse, validate, contextFactory, execute, schema } = yoga.getEnveloped({ req, res, params });
      const key = `${params.operationName ?? ''}\n${params.query}`;
      let document: DocumentNode | undefined = knownDocuments.get(key);
      if (!document) {
        try {
          document = parse(params.query) as DocumentNode;
        } catch (error) {
          // Yoga caches a document's parse error and marks it (400, GRAPHQL_PARSE_FAILED) only when
          // it parses with a request in hand: marked here too, the reply to the same document does
          // not depend on which path or Accept header met it first.
          if (error instanceof GraphQLError) markParseFailure(error);
          return replayToYoga(yoga, req, res, raw);
        }
        const operation = getOperationAST(document, params.operationName);
        if (!operation || operation.operation === 'subscription') return replayToYoga(yoga, req, res, raw);
        let valid: boolean;
        try {
          valid = validate(schema, document).length === 0;
        } catch {
          valid = false; // GraphQL Armor's limits throw from validation: yoga words the refusal
        }
        if (!valid) return replayToYoga(yoga, req, res, raw);
        knownDocuments.set(key, document);
      }
      const result = (await execute({
        schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue: await contextFactory(),
      })) as ExecutionResult | AsyncIterable<unknown>;
      if (isAsyncIterable(result)) throw new Error('incremental delivery is not offered over the fast path');
      // As yoga does: an error may carry the HTTP status and headers of the reply (401/403 for
      // integration tokens, 429 with Retry-After for an empty budget).
      // (Not a request error's `spec` status: plain application/json answers those with 200.)
      const http = (result.errors ?? [])
        .map((e) => (e.extensions as { http?: { spec?: boolean; status?: number; headers?: Record<string, string> } } | undefined)?.http)
        .find((h) => h && !h.spec);
      reply(req, res, http?.status ?? 200, result, serialize(result), http?.headers);
    } catch (error) {
      // The database gone (503, with Retry-After) or refusing a value (400): a message, not a 500.
      // The context factory's failures arrive already masked by yoga (server/graphql/yoga.ts),
      // carrying their HTTP status: the database gone is 503 with Retry-After.
      const http = error instanceof GraphQLError ? (error.extensions as { http?: { status?: number }; code?: string }) : undefined;
      if (http?.http?.status) {
        const status = http.http.status;
        return reply(
          req,
          res,
          status,
          { errors: [{ message: (error as GraphQLError).message, extensions: { code: http.code } }] },
          undefined,
          status === 503 ? { 'retry-after': '5' } : {},
        );
      }
      const failure = asDomainFailure(error instanceof GraphQLError ? (error.originalError ?? error) : error);
      if (failure) {
        const retryAfter = failure.retryAfterSec;
        return reply(
          req,
          res,
          httpStatusOf(failure),
          { errors: [{ message: failure.message }] },
          undefined,
          retryAfter ? { 'retry-after': String(retryAfter) } : {},
        );
      }
      deps.log.error({ err: error, requestId: req.headers['x-request-id'] }, 'unexpected error in a GraphQL request');
      reportError(error, { requestId: String(req.headers['x-request-id'] ?? ''), url: req.url, where: 'graphql' });
      reply(req, res, 500, { errors: [{ message: 'Unexpected error.' }] });
    }
  };
}

/**
 * A GraphQL multipart request (an upload: submitRecording): refused at its headers as a REST
 * upload is (server/http/uploads.ts), read once within the uploads' budget, and handed to yoga
 * already parsed (`UPLOAD_PARAMS`); the budget's share is held until yoga has answered.
 */
async function upload(deps: Deps, yoga: ReturnType<typeof createGraphQL>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (/%00/.test(req.url ?? '')) return reply(req, res, 400, { errors: [{ message: NUL_MESSAGE }] });
  let form: ReceivedForm;
  try {
    form = await receiveForm(req, res, deps.pa, deps.uploads, {
      fields: 2, // operations, map
      fieldBytes: 64 * 1024,
      typeMessage: 'Send a GraphQL upload as multipart/form-data with the fields "operations" and "map" (the GraphQL multipart request spec)',
    });
  } catch (error) {
    const refusal = uploadRefusal(error);
    if (!refusal) throw error;
    return reply(req, res, refusal.status, { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] }, undefined, refusal.headers);
  }
  try {
    let params: unknown;
    try {
      params = operationsOf(form);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return reply(req, res, 400, { errors: [{ message: error.message, extensions: { code: 'BAD_REQUEST' } }] });
    }
    UPLOAD_PARAMS.set(req, params as GraphQLParams);
    // @whatwg-node reads a body already taken from the stream from `req.body`.
    (req as IncomingMessage & { body?: unknown }).body = ' ';
    await yoga(req, res, { req, res });
  } finally {
    form.release();
  }
}

/** The GraphQL multipart request spec: `operations` (JSON) with each `map` path set to its file. */
function operationsOf(form: ReceivedForm): unknown {
  const text = form.fields.get('operations');
  if (text === undefined) throw new ValidationError('Missing multipart form field "operations"');
  if (text.includes('\0') || text.includes('\\u0000')) throw new ValidationError(NUL_MESSAGE);
  let operations: unknown;
  try {
    operations = JSON.parse(text);
  } catch {
    throw new ValidationError('Multipart form field "operations" must be a valid JSON string');
  }
  if (!operations || typeof operations !== 'object') throw new ValidationError('Multipart form field "operations" must be a JSON object (or an array of them)');
  const mapText = form.fields.get('map');
  if (mapText === undefined) return operations;
  let map: unknown;
  try {
    map = JSON.parse(mapText);
  } catch {
    throw new ValidationError('Multipart form field "map" must be a valid JSON string');
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw new ValidationError('Multipart form field "map" must be a JSON object of paths');
  for (const [part, paths] of Object.entries(map)) {
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
      throw new ValidationError('Multipart form field "map" must give each part an array of paths');
    const value = form.file?.field === part ? form.file : (form.fields.get(part) ?? null);
    for (const path of paths as string[]) setPath(operations, path, value);
  }
  return operations;
}

/** Sets `value` at a dotted path ("variables.recording", "0.variables.file"), as yoga does. */
function setPath(target: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) return;
  let current = target as Record<string, unknown>;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (!next || typeof next !== 'object' || !Object.hasOwn(current, key)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
}

/** What yoga's own parse hook puts on a document that does not parse (usePreventMutationViaGET). */
function markParseFailure(error: GraphQLError): void {
  const extensions = error.extensions as Record<string, unknown>;
  extensions.code ??= 'GRAPHQL_PARSE_FAILED';
  const http = (extensions.http ??= {}) as { spec?: boolean; status?: number };
  http.spec ??= true;
  http.status ??= 400;
}

/** A POST of JSON, answered as JSON, from this origin (or from a script: no Origin header). */
function isPlainJsonPost(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  if (
    !String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('application/json')
  )
    return false;
  const accept = String(req.headers.accept ?? '*/*').toLowerCase();
  if (accept.includes('graphql-response+json') || accept.includes('text/event-stream') || accept.includes('multipart/mixed')) return false;
  if (!(accept.includes('application/json') || accept.includes('*/*'))) return false;
  const origin = req.headers.origin;
  if (origin && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`) return false;
  return true;
}

/**
 * The message for a GET whose `variables` or `extensions` is not a JSON object (yoga would throw
 * on it: a 500), or undefined when both are fine or absent.
 */
function badJsonParameter(url: string): string | undefined {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
  for (const name of ['variables', 'extensions']) {
    const text = query?.get(name);
    if (text === null || text === undefined || text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return `The ${name} parameter is not valid JSON: send a JSON object, e.g. ${name}={"name":"value"}`;
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value)))
      return `The ${name} parameter must be a JSON object, e.g. ${name}={"name":"value"}`;
  }
  return undefined;
}

function parseParams(raw: Buffer): Params | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || extensions !== undefined) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  return { query, operationName: (operationName as string | null) ?? undefined, variables: (variables as Record<string, unknown> | null) ?? undefined };
}

/**
 * As yoga writes a result, errors without yoga's internal extensions (`http`, `unexpected`).
 */
function serialize(result: ExecutionResult): string {
  // JSON.stringify, not graphql-jit's compiled stringifier: it took 1.7 times as long on the task list.
  if (!result.errors?.length) return JSON.stringify({ data: result.data, extensions: result.extensions });
  const errors = result.errors.map((e) => {
    const { http: _http, unexpected: _unexpected, ...extensions } = (e.extensions ?? {}) as Record<string, unknown>;
    const json = e.toJSON();
    return { ...json, extensions: Object.keys(extensions).length ? extensions : undefined };
  });
  return JSON.stringify({ ...result, errors });
}

/** A JSON reply, compressed when the client accepts it and it is 1 KB or more. */
function reply(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, text?: string, headers: Record<string, string> = {}): void {
  sendCompressible(req, res, status, { ...headers, 'content-type': 'application/json; charset=utf-8' }, text ?? JSON.stringify(body));
}

/** yoga answers what the fast path does not (its error replies, status codes and headers). */
async function replayToYoga(yoga: ReturnType<typeof createGraphQL>, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- yoga.fetch's overloads do not take the server context as a third argument in its types
  const response: Response = await (yoga.fetch as any)(
    `http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`,
    { method: 'POST', headers, body },
    { req, res },
  );
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => (out[name] = value));
  // Ended meanwhile (the server's time limit answered, or the caller went away).
  if (res.headersSent || res.destroyed) return void (await response.body?.cancel().catch(() => {}));
  res.writeHead(response.status, out);
  if (!response.body) return void res.end();
  // Streamed, not buffered: a subscription sent as a POST is an endless event stream, which ends
  // (and is unsubscribed) when the caller goes away.
  await pipeline(Readable.from(response.body as unknown as AsyncIterable<Uint8Array>), res).catch(() => {});
}
