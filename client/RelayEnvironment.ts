/**
 * The one Relay environment: queries and mutations over HTTP POST /graphql, subscriptions
 * over graphql-ws on the same path. Both send the session's access token.
 */
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type RequestParameters, type SubscribeFunction } from 'relay-runtime';
import type { Client } from 'graphql-ws';
import { expireSession, readUser } from './session';

export class NetworkError extends Error {
  constructor(
    message: string,
    /** No answer within the request's time: sent again at once it would most likely wait as long. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * How long a request may go unanswered. A phone that loses its network mid-request (a stalled
 * connection, not a refused one) would otherwise wait for minutes, the screen saying 'saving…' or
 * 'Scoring' all along; a loaded server answers a result within 20 s (docs/performance.md).
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** An upload (a PA recording, up to a few hundred KB) goes up a slow link first, then is scored. */
const UPLOAD_TIMEOUT_MS = 90_000;

/**
 * The server understood the request and refused it, saying why (a finished task, a class that
 * is gone, a login that ran out): named after the server's error code, not a network failure.
 */
export class RefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status, and for a 503 or 429 the seconds its Retry-After asked to wait. */
    readonly status = 0,
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = code;
  }
}

/**
 * Files go as a GraphQL multipart request (operations, map, then the files), which graphql-yoga
 * reads natively; everything else as JSON.
 */
function requestBody(query: string | null | undefined, variables: Record<string, unknown>, uploadables?: Record<string, File | Blob> | null) {
  if (!uploadables) return { body: JSON.stringify({ query, variables }), type: 'application/json' };
  const form = new FormData();
  const names = Object.keys(uploadables);
  form.append('operations', JSON.stringify({ query, variables: { ...variables, ...Object.fromEntries(names.map((n) => [n, null])) } }));
  form.append('map', JSON.stringify(Object.fromEntries(names.map((n, i) => [String(i), [`variables.${n}`]]))));
  names.forEach((n, i) => form.append(String(i), uploadables[n]!));
  return { body: form, type: null };
}

/** JSON with the object keys sorted: the same variables give the same key whatever their order. */
export const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * Queries sent ahead by the route table with their text alone (routeQueries.ts), by name and
 * variables: the screen's own request for them, once its code (and the compiled query) has
 * arrived, takes the answer under way instead of asking again.
 */
const early = new Map<string, Promise<unknown>>();
const earlyKey = (name: string, variables: Record<string, unknown>) => `${name} ${stableJson(variables)}`;

/** Sends a query now, for the next request of the same query and variables to take. */
export function sendEarly(params: RequestParameters, variables: Record<string, unknown>): void {
  const key = earlyKey(params.name, variables);
  if (early.has(key)) return;
  const answer = send(params, variables, {}, null) as Promise<unknown>;
  answer.catch(() => {}); // a failure is the screen's to show, when it takes the answer
  early.set(key, answer);
}

/** Forgets the answers sent ahead that no screen took (the route they were sent for is left). */
export function dropEarly(): void {
  early.clear();
}

const fetchGraphQL: FetchFunction = (operation, variables, config, uploadables) => {
  const key = earlyKey(operation.name, variables);
  const answer = uploadables ? undefined : early.get(key);
  if (answer) {
    early.delete(key);
    return answer as ReturnType<FetchFunction>;
  }
  return send(operation, variables, config, uploadables);
};

const send: FetchFunction = async (operation, variables, _config, uploadables) => {
  const token = readUser()?.accessToken;
  const { body, type } = requestBody(operation.text, variables, uploadables);
  const abort = new AbortController();
  const timer = window.setTimeout(() => abort.abort(), uploadables ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  let response: Response;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's JSON reply, read field by field below
  let json: any;
  try {
    try {
      response = await fetch('/graphql', {
        method: 'POST',
        headers: { ...(type ? { 'content-type': type } : {}), ...(token ? { 'x-access-token': token } : {}) },
        body,
        signal: abort.signal,
      });
    } catch {
      throw abort.signal.aborted ? timedOut() : new NetworkError('Cannot reach the WordBee server. Check the connection and try again.');
    }
    // The reply itself may stall on the way too.
    json = await response.json().catch(() => {
      if (abort.signal.aborted) throw timedOut();
      return null;
    });
  } finally {
    window.clearTimeout(timer);
  }
  if (!json) throw new NetworkError(`The server answered ${response.status} without data. Please try again.`);
  if (Array.isArray(json.errors) && json.errors.length && !json.data) {
    const message = json.errors.map((e: { message: string }) => e.message).join('; ');
    const code = json.errors.find((e: { extensions?: { code?: unknown } }) => typeof e.extensions?.code === 'string')?.extensions.code as string | undefined;
    // The login this page holds is no longer accepted: to the login page, which says so.
    if (response.status === 401 && code === 'UNAUTHENTICATED' && token) expireSession();
    const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
    throw code ? new RefusedError(code, message, response.status, Number.isFinite(retryAfter) ? retryAfter : undefined) : new NetworkError(message);
  }
  return json;
};

const timedOut = () => new NetworkError('The WordBee server did not answer in time. Check the connection and try again.', true);

/** graphql-ws's close code for a connection_init the server refused. */
const FORBIDDEN_CLOSE = 4403;
let wsClient: Client | null = null;
/** Set when the connection is closed on purpose to open it again at once (reconnectLive). */
let reopenNow = false;
/** graphql-ws loads with the first live view (only the dashboard has one), not with the first page. */
async function subscriptionClient(): Promise<Client> {
  const { createClient } = await import('graphql-ws');
  wsClient ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: () => ({ accessToken: readUser()?.accessToken ?? '' }),
    retryAttempts: Infinity,
    // 4403: the server refused the login this page holds (graphql-ws closes at connection_init):
    // to the login page, which says so, as a 401 over HTTP does. Anything else is worth retrying.
    shouldRetry: (event) => (event as { code?: number } | null)?.code !== FORBIDDEN_CLOSE,
    on: {
      closed: (event) => {
        if ((event as { code?: number } | null)?.code === FORBIDDEN_CLOSE && readUser()) expireSession();
      },
    },
    // graphql-ws's own backoff (1 s doubling, plus 0.3–3 s at random, so that a restarted server
    // is not hit by every class at once), except right after a renewed login.
    retryWait: async (retries) => {
      if (reopenNow) {
        reopenNow = false;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** Math.min(retries, 5) + 300 + Math.random() * 2700));
    },
    lazy: true,
  });
  return wsClient;
}

/**
 * After the login was renewed: the live connection (opened with the old token) reconnects with
 * the new one, and graphql-ws subscribes the open live views again (they replay what they missed).
 */
export function reconnectLive(): void {
  if (!wsClient) return;
  reopenNow = true;
  wsClient.terminate();
}

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create((sink) => {
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    subscriptionClient().then(
      (client) => {
        if (closed) return;
        unsubscribe = client.subscribe(
          { operationName: operation.name, query: operation.text ?? '', variables },
          {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- graphql-ws's ExecutionResult and Relay's GraphQLResponse describe the same JSON
            next: (value) => sink.next(value as any),
            error: (error) => sink.error(error instanceof Error ? error : new NetworkError('The live connection closed')),
            complete: () => sink.complete(),
          },
        );
      },
      () => sink.error(new NetworkError('Cannot reach the WordBee server. Check the connection and try again.')),
    );
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });

function createEnvironment(): Environment {
  return new Environment({ network: Network.create(fetchGraphQL, subscribe), store: new Store(new RecordSource()) });
}

export const environment = createEnvironment();
