/**
 * A live event is executed once per distinct subscription on this instance, not once per
 * subscriber (issue 36: live views for a whole school). Each subscriber still subscribes on its
 * own — its field's `subscribe` checks who may watch, takes a live-view slot and replays the
 * past — but the events its stream yields are executed through a memo kept on the event
 * object: subscribers whose document, operation, variables and viewer are the same get the
 * result the first of them made. The live layer hands one event object to every subscriber of a
 * class (server/live/pubsub.ts); a replayed event is read per subscriber and so executed per
 * subscriber. The memo dies with the event once every subscriber has passed it.
 *
 * What an event's result may depend on besides the event and the operation is the viewer:
 * resolvers may read `ctx.viewer`, and integration tokens see the fields their scopes allow.
 * The key therefore holds who the viewer is and what they may see (user id, role, the token and
 * its scopes and classes); a student, another teacher or a narrower token never shares a
 * teacher's result. The rest of the context (request id, network address, socket) is read by no
 * resolver of an event.
 */
import { createSourceEventStream, execute, GraphQLError, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './builder.ts';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Each parsed document gets a number (yoga's parse cache gives one query the same document). */
const documentNumbers = new WeakMap<DocumentNode, number>();
let documents = 0;

/** Per event object: the result of each distinct subscription that has executed it. */
const executions = new WeakMap<object, Map<string, Result>>();

/** JSON with object keys sorted: the same variables in another order are the same key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Who the viewer is and what they may see: the part of the context an event's result may depend on. */
function viewerKey(context: GraphQLContext | undefined): string {
  const viewer = context?.viewer;
  if (!viewer) return 'visitor';
  const role = viewer.isTeacher ? 'teacher' : 'student';
  const token = viewer.integration;
  if (!token) return `user ${viewer.id} ${role}`;
  return `user ${viewer.id} ${role} token ${token.tokenId} [${[...token.scopes].sort()}] [${[...token.classIds].sort((a, b) => a - b)}]`;
}

/** The key under which subscribers share an event's result. */
function subscriptionKey(args: ExecutionArgs): string {
  let number = documentNumbers.get(args.document);
  if (number === undefined) documentNumbers.set(args.document, (number = ++documents));
  return `${number}\u0000${args.operationName ?? ''}\u0000${canonical(args.variableValues ?? {})}\u0000${viewerKey(args.contextValue as GraphQLContext)}`;
}

/** The event's result for the subscription `key`: executed by the first subscriber that asks. */
function sharedResult(args: ExecutionArgs, key: string, event: unknown): Result {
  if (typeof event !== 'object' || event === null) return execute({ ...args, rootValue: event });
  let byKey = executions.get(event);
  if (!byKey) executions.set(event, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) byKey.set(key, (result = execute({ ...args, rootValue: event })));
  return result;
}

/**
 * A variable the operation cannot take is the caller's mistake, said as such (as yoga's own
 * executor does): such errors come before any field ran, so they have no path; an error of the
 * field's `subscribe` (not found, not allowed) has one and keeps its own code.
 */
function requestErrors(result: ExecutionResult): ExecutionResult {
  const isRequestError = (e: GraphQLError) => e.path === undefined && !e.extensions?.code;
  if (!result.errors?.some(isRequestError)) return result;
  const errors = result.errors.map((e) =>
    isRequestError(e)
      ? new GraphQLError(e.message, {
          nodes: e.nodes,
          source: e.source,
          positions: e.positions,
          extensions: { ...e.extensions, code: 'BAD_USER_INPUT', http: { status: 400 } },
        })
      : e,
  );
  return { ...result, errors };
}

/** graphql-js' subscribe, with each event's execution shared among the subscribers of one key. */
async function subscribeShared(args: ExecutionArgs): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return requestErrors(source as ExecutionResult);
  const key = subscriptionKey(args);
  const events = source[Symbol.asyncIterator]();
  const stream: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => stream,
    next: async () => {
      const step = await events.next();
      if (step.done) return { done: true, value: undefined };
      return { done: false, value: await sharedResult(args, key, step.value) };
    },
    return: async () => {
      await events.return?.();
      return { done: true, value: undefined };
    },
    throw: async (error?: unknown) => {
      await events.return?.();
      throw error;
    },
  };
  return stream;
}

/** Envelop plugin: subscriptions execute each event once per distinct subscription (see above). */
export function useSharedSubscriptionExecution(): Plugin {
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(subscribeShared as Parameters<typeof setSubscribeFn>[0]);
    },
  };
}
