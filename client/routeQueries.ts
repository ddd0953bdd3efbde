/**
 * Render-as-you-fetch, as relayjs/relay-examples' route table does it: a route names the queries
 * its screen shows (routes.tsx, `queries`), and they are sent the moment the route is entered
 * (at the page's first load before React renders, then at every navigation), so the data travels
 * while the screen's code is loaded, not after it. The route table holds only each query's name
 * and text (`…graphql?params`, vite.config.ts): the compiled query that reads and stores the
 * answer comes with the screen's code, and its request takes the answer already under way
 * (`sendEarly` in RelayEnvironment.ts) when its variables are the ones the route sent. A screen
 * reads its query with `useRouteQuery` (with the same fetch policy as its route's entry); a
 * variable the screen changed (another period, a search, a refresh) asks the server then. The
 * references of a route are let go when the next route is entered.
 */
import { useEffect } from 'react';
import { loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { getRequest, type FetchPolicy, type GraphQLTaggedNode, type OperationType, type RequestParameters } from 'relay-runtime';
import { dropEarly, environment, sendEarly, stableJson } from './RelayEnvironment';

/** One query a route sends: its name and text (`…graphql?params`), its variables and fetch policy. */
export type RouteQuery = { query: RequestParameters; variables: Record<string, unknown>; fetchPolicy?: FetchPolicy };

/** The queries started for the route being shown, by query name and variables. */
let started = new Map<string, PreloadedQuery<OperationType>>();
let startedFor: string | null = null;
/** References whose screen or panel has gone, let go with the route's (see `useRouteQuery`). */
let retired: PreloadedQuery<OperationType>[] = [];
/** Nothing is in the store before the first route: its queries are all sent, whatever their policy. */
let firstRoute = true;

const keyOf = (name: string, variables: Record<string, unknown>, fetchKey: string | number | undefined) => `${name} ${stableJson(variables)} ${fetchKey || ''}`;

function start(query: GraphQLTaggedNode, variables: Record<string, unknown>, fetchPolicy: FetchPolicy | undefined, fetchKey?: string | number) {
  const key = keyOf(getRequest(query).params.name, variables, fetchKey);
  let reference = started.get(key);
  if (!reference) {
    reference = loadQuery<OperationType>(environment, query, variables, { fetchPolicy: fetchPolicy ?? 'store-or-network' });
    started.set(key, reference);
  }
  return reference;
}

/**
 * Sends a route's queries; `visit` names the visit (the path and who is logged in), so that the
 * renders of one visit send them once. A query whose policy may answer from the store
 * ('store-or-network') is sent only for the first route; after it, the screen asks if the store
 * lacks it. The previous route's references are let go (a screen still showing keeps its data
 * until it is gone: Relay retains what a mounted component reads).
 */
export function startRouteQueries(visit: string, queries: readonly RouteQuery[]): void {
  if (visit === startedFor) return;
  startedFor = visit;
  const previous = started;
  started = new Map();
  dropEarly();
  for (const q of queries) {
    if (firstRoute || q.fetchPolicy === 'network-only' || q.fetchPolicy === 'store-and-network') sendEarly(q.query, q.variables);
  }
  firstRoute = false;
  for (const reference of [...previous.values(), ...retired]) reference.dispose();
  retired = [];
}

/**
 * A screen's query: the answer the route sent for with its code when the variables match, else
 * fetched now. Suspends until the data is there and throws a failed request to the error
 * boundary, as `useLazyLoadQuery` does. A new `fetchKey` fetches again.
 */
export function useRouteQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Q['variables'],
  options: { fetchPolicy?: FetchPolicy; fetchKey?: string | number } = {},
): Q['response'] {
  const key = keyOf(getRequest(query).params.name, variables as Record<string, unknown>, options.fetchKey);
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
