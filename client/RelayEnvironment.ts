/**
 * The one Relay environment: queries and mutations over HTTP POST /graphql, subscriptions
 * over graphql-ws on the same path. Both send the session's access token.
 */
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from 'relay-runtime';
import { createClient, type Client } from 'graphql-ws';
import { expireSession, readUser } from './session';

export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * The server understood the request and refused it, saying why (a finished task, a class that
 * is gone, a login that ran out): named after the server's error code, not a network failure.
 */
export class RefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
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

const fetchGraphQL: FetchFunction = async (operation, variables, _config, uploadables) => {
  const token = readUser()?.accessToken;
  const { body, type } = requestBody(operation.text, variables, uploadables);
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { ...(type ? { 'content-type': type } : {}), ...(token ? { 'x-access-token': token } : {}) },
      body,
    });
  } catch {
    throw new NetworkError('Cannot reach the WordBee server. Check the connection and try again.');
  }
  const json = await response.json().catch(() => null);
  if (!json) throw new NetworkError(`The server answered ${response.status} without data. Please try again.`);
  if (Array.isArray(json.errors) && json.errors.length && !json.data) {
    const message = json.errors.map((e: { message: string }) => e.message).join('; ');
    const code = json.errors.find((e: { extensions?: { code?: unknown } }) => typeof e.extensions?.code === 'string')?.extensions.code as string | undefined;
    // The login this page holds is no longer accepted: to the login page, which says so.
    if (response.status === 401 && code === 'AuthenticationError' && token) expireSession();
    throw code ? new RefusedError(code, message) : new NetworkError(message);
  }
  return json;
};

let wsClient: Client | null = null;
/** Set when the connection is closed on purpose to open it again at once (reconnectLive). */
let reopenNow = false;
function subscriptionClient(): Client {
  wsClient ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: () => ({ accessToken: readUser()?.accessToken ?? '' }),
    retryAttempts: Infinity,
    shouldRetry: () => true,
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
  Observable.create((sink) =>
    subscriptionClient().subscribe(
      { operationName: operation.name, query: operation.text ?? '', variables },
      {
        next: (value) => sink.next(value as any),
        error: (error) => sink.error(error instanceof Error ? error : new NetworkError('The live connection closed')),
        complete: () => sink.complete(),
      },
    ),
  );

export function createEnvironment(): Environment {
  return new Environment({ network: Network.create(fetchGraphQL, subscribe), store: new Store(new RecordSource()) });
}

export const environment = createEnvironment();

