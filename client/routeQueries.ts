/**
 * Render-as-you-fetch, as relayjs/relay-examples' route table does it: a route names the queries
 * its screen shows (routes.tsx, `queries`), and they are started the moment the route is entered
 * (at the page's first load before React renders, then at every navigation), so the data travels
 * while the screen's code is loaded, not after it. A screen reads its query with `useRouteQuery`:
 * the reference the route started when its variables are the same, else (a variable the screen
 * changed: another period, a search, a refresh) one started there and then. The references of a
 * route are let go when the next route is entered.
 */
import { useEffect } from 'react';
import { loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { getRequest, type FetchPolicy, type GraphQLTaggedNode, type OperationType } from 'relay-runtime';
import { environment } from './RelayEnvironment';

/** One query a route starts: the compiled query (its `__generated__` artifact), its variables and fetch policy. */
export type RouteQuery = { query: GraphQLTaggedNode; variables: Record<string, unknown>; fetchPolicy?: FetchPolicy };

/** The queries started for the route being shown, by query name and variables. */
let started = new Map<string, PreloadedQuery<OperationType>>();
let startedFor: string | null = null;
/** References whose screen or panel has gone, let go with the route's (see `useRouteQuery`). */
let retired: PreloadedQuery<OperationType>[] = [];

/** JSON with the object keys sorted: the same variables give the same key whatever their order. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

const keyOf = (query: GraphQLTaggedNode, variables: Record<string, unknown>, fetchKey: string | number | undefined) =>
  `${getRequest(query).params.name} ${stable(variables)} ${fetchKey || ''}`;

function start(query: GraphQLTaggedNode, variables: Record<string, unknown>, fetchPolicy: FetchPolicy | undefined, fetchKey?: string | number) {
  const key = keyOf(query, variables, fetchKey);
  let reference = started.get(key);
  if (!reference) {
    reference = loadQuery<OperationType>(environment, query, variables, { fetchPolicy: fetchPolicy ?? 'store-or-network' });
    started.set(key, reference);
  }
  return reference;
}

/**
 * Starts a route's queries; `visit` names the visit (the path and who is logged in), so that the
 * renders of one visit start them once. The previous route's references are let go (a screen
 * still showing keeps its data until it is gone: Relay retains what a mounted component reads).
 */
export function startRouteQueries(visit: string, queries: readonly RouteQuery[]): void {
  if (visit === startedFor) return;
  startedFor = visit;
  const previous = started;
  started = new Map();
  for (const q of queries) start(q.query, q.variables, q.fetchPolicy);
  for (const reference of [...previous.values(), ...retired]) reference.dispose();
  retired = [];
}

/**
 * A screen's query: the data the route started fetching with it when the variables match, else
 * fetched now. Suspends until the data is there and throws a failed request to the error
 * boundary, as `useLazyLoadQuery` does. A new `fetchKey` fetches again.
 */
export function useRouteQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Q['variables'],
  options: { fetchPolicy?: FetchPolicy; fetchKey?: string | number } = {},
): Q['response'] {
  const key = keyOf(query, variables as Record<string, unknown>, options.fetchKey);
  const reference = start(query, variables as Record<string, unknown>, options.fetchPolicy, options.fetchKey) as PreloadedQuery<Q>;
  // A reference serves its screen while it shows. Once the screen (or a panel) is gone, showing it
  // again starts the query anew with its fetch policy, as useLazyLoadQuery did: a network-only
  // panel opened again asks the server again. (StrictMode's trial unmount puts it back at once.)
  useEffect(() => {
    const shared = reference as PreloadedQuery<OperationType>;
    if (!started.has(key)) {
      started.set(key, shared);
      retired = retired.filter((r) => r !== shared);
    }
    return () => {
      if (started.get(key) !== shared) return;
      started.delete(key);
      retired.push(shared);
    };
  }, [key, reference]);
  return usePreloadedQuery<Q>(query, reference);
}
