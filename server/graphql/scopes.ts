/**
 * What an integration token may select. Deny by default: every field of an operation sent with
 * a token must be listed here (by type, or by `Type.field`), and the token must hold its scope.
 * A refused operation runs nothing and says which scope it lacks. Sessions (JWT) need no scopes;
 * any refused token (expired, forged, revoked) makes the operation a 401, unless it only logs in.
 */
import { GraphQLError, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './builder.ts';
import type { Scope } from '../integrations/schemas.ts';
import { IntegrationTokenError, isTokenRevoked } from '../integrations/tokens.ts';

type Need = Scope | 'any';

/** Every field of these types needs the scope (the parent field was checked already for 'any'). */
const TYPE_SCOPES: Record<string, Need> = {
  Class: 'classes:read',
  Shelf: 'classes:read',
  Book: 'classes:read',
  Unit: 'classes:read',
  UnitWord: 'classes:read',
  PressOption: 'classes:read',
  Task: 'classes:read',
  Report: 'results:read',
  ClassResult: 'results:read',
  Dashboard: 'results:read',
  DashboardRecord: 'results:read',
  LevelVocabulary: 'results:read',
  ClassEvent: 'results:read',
  ClassWeakWords: 'results:read',
  WeakWord: 'results:read',
  WeakWordStudent: 'results:read',
  CommonWrongSpelling: 'results:read',
  AssignTaskPayload: 'tasks:assign',
  AssignWordsPayload: 'tasks:assign',
  PageInfo: 'any',
  Node: 'any',
  Error: 'any',
  ValidationError: 'any',
  ForbiddenError: 'any',
  NotFoundError: 'any',
  AuthenticationError: 'any',
  ConflictError: 'any',
  RateLimitError: 'any',
};

const FIELD_SCOPES: Record<string, Need> = {
  'Query.viewer': 'any',
  'Query.node': 'any',
  'Query.nodes': 'any',
  'Query.pressOptions': 'classes:read',
  'User.id': 'any',
  'User.username': 'any',
  'User.isTeacher': 'any',
  'User.teachername': 'any',
  'User.email': 'any',
  'User.tokenExpAt': 'any',
  'User.tokenExpiresAt': 'any',
  'User.classes': 'classes:read',
  'User.class': 'classes:read',
  'User.tasks': 'classes:read',
  'Class.results': 'results:read',
  'User.reports': 'results:read',
  'User.pdfReports': 'results:read',
  'User.dashboard': 'results:read',
  'Class.weakWords': 'results:read',
  'Mutation.assignTask': 'tasks:assign',
  'Mutation.assignWords': 'tasks:assign',
  'Subscription.classActivity': 'results:read',
};

/** Connection and edge types take the scope of the field that returned them. */
const needOf = (type: string, field: string): Need | undefined =>
  field === '__typename' || type.startsWith('__') || field.startsWith('__')
    ? 'any'
    : (FIELD_SCOPES[`${type}.${field}`] ?? TYPE_SCOPES[type] ?? (/(Connection|ConnectionEdge)$/.test(type) ? 'any' : undefined));

/** The fields of `document` the scopes do not cover, each with the scope it lacks. */
function missingScopes(schema: GraphQLSchema, document: DocumentNode, scopes: readonly string[]): { field: string; needs: string }[] {
  const typeInfo = new TypeInfo(schema);
  const missing: { field: string; needs: string }[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent) return;
        const need = needOf(parent.name, node.name.value);
        if (need === 'any') return;
        if (need === undefined) missing.push({ field: `${parent.name}.${node.name.value}`, needs: 'a signed-in user' });
        else if (!scopes.includes(need)) missing.push({ field: `${parent.name}.${node.name.value}`, needs: need });
      },
    }),
  );
  return missing;
}

/** Root fields a caller whose token was refused may still use: they need no login. */
const WITHOUT_LOGIN = new Set(['login', 'signup', '__typename']);

/** Whether every root field of every operation in the document is one that needs no login. */
function needsNoLogin(document: DocumentNode): boolean {
  return document.definitions.every(
    (def) => def.kind !== Kind.OPERATION_DEFINITION || def.selectionSet.selections.every((s) => s.kind === Kind.FIELD && WITHOUT_LOGIN.has(s.name.value)),
  );
}

/** RFC 6750: a 401 says which scheme to authenticate with, and that the token sent was refused. */
const BEARER_CHALLENGE = 'Bearer realm="WordBee", error="invalid_token"';

/** The scope as the `IntegrationScope` enum names it (READ_RESULTS for results:read). */
const scopeName = (scope: string) => scope.split(':').reverse().join('_').toUpperCase();

function refusal(context: GraphQLContext, schema: GraphQLSchema, document: DocumentNode): GraphQLError | undefined {
  // A token was sent and refused (expired, forged, revoked, its account gone): the whole
  // operation is refused with 401, as the docs say, rather than run as a visitor's (a `viewer`
  // of null looked like an empty account). Logging in or signing up needs no token.
  if (context.authError && (context.authError instanceof IntegrationTokenError || !needsNoLogin(document))) {
    return new GraphQLError(context.authError.message, {
      extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'www-authenticate': BEARER_CHALLENGE } } },
    });
  }
  const integration = context.viewer?.integration;
  if (!integration) return undefined;
  const missing = missingScopes(schema, document, integration.scopes);
  if (missing.length === 0) return undefined;
  const first = missing[0]!;
  const message =
    first.needs === 'a signed-in user'
      ? `An integration token cannot use ${first.field}`
      : `This token lacks the scope ${scopeName(first.needs)} (needed for ${first.field})`;
  // Scopes named as the IntegrationScope enum names them (READ_RESULTS, not results:read).
  const named = missing.map((m) => ({ field: m.field, needs: m.needs === 'a signed-in user' ? m.needs : scopeName(m.needs) }));
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN', http: { status: 403 }, missing: named } });
}

type Streamed = ExecutionResult | AsyncIterableIterator<ExecutionResult>;

/**
 * The stream, ended at the first event after the token was revoked. Written out rather than as an
 * async generator: a generator waiting for the class's next event would take a `return()` (the
 * client's `complete`, a closed socket) only after that event, and the live view's slot
 * (LIVE_VIEWS_PER_USER) would stay taken until then. Here `return()` reaches the source at once.
 */
function untilRevoked(source: AsyncIterable<ExecutionResult>, revoked: () => Promise<boolean>): AsyncIterableIterator<ExecutionResult> {
  const iterator = source[Symbol.asyncIterator]();
  let ended = false;
  const end = async (): Promise<IteratorResult<ExecutionResult>> => {
    if (!ended) {
      ended = true;
      await iterator.return?.();
    }
    return { done: true, value: undefined };
  };
  const stream: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => stream,
    next: async () => {
      if (ended) return { done: true, value: undefined };
      const step = await iterator.next();
      if (step.done || ended) {
        ended = true;
        return { done: true, value: undefined };
      }
      if (await revoked()) {
        await end();
        return { done: false, value: { errors: [new GraphQLError('This integration token was revoked', { extensions: { code: 'UNAUTHENTICATED' } })] } };
      }
      return step;
    },
    return: end,
    throw: async (error?: unknown) => {
      await end();
      throw error;
    },
  };
  return stream;
}

/** Envelop plugin: checks scopes before any resolver runs, for queries, mutations and subscriptions. */
export function useIntegrationScopes(): Plugin<object, object, GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = refusal(args.contextValue as GraphQLContext, args.schema, args.document);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const context = args.contextValue as GraphQLContext;
      const error = refusal(context, args.schema, args.document);
      if (error) return setResultAndStopExecution({ errors: [error] });
      const integration = context.viewer?.integration;
      if (!integration) return;
      // A token revoked while its subscription is open: the stream ends at its next event.
      return {
        onSubscribeResult({ result, setResult }: { result: Streamed; setResult(next: Streamed): void }) {
          if (Symbol.asyncIterator in result) setResult(untilRevoked(result, () => isTokenRevoked(context.deps, integration.tokenId)));
        },
      };
    },
  };
}
