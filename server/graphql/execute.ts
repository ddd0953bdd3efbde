/**
 * How every query and mutation runs, whichever way it came: yoga's pipeline (GET, cross-origin
 * calls, server-sent events, WebSocket) calls `executeOperation` as its executor, and the fast
 * path of server/graphql/http.ts (a plain POST of JSON, nearly every request) calls it directly,
 * without envelop's hooks per request (docs/performance.md). One function, so the two ways cannot
 * drift apart:
 *
 * 1. a refused token, or an integration token without the scopes, runs nothing (scopes.ts);
 * 2. a page over the cap runs nothing (connections.ts);
 * 3. the cost estimate is charged to the caller's budgets, or the operation is refused (cost.ts);
 * 4. the document runs as graphql-jit's compiled function, made once per document and operation;
 * 5. the result is charged for the rows it returned (`extensions.cost`, the rate-limit headers);
 * 6. a request error (a variable its type refuses) gets its code.
 *
 * Errors are masked after this, by yoga or by the fast path with the same `maskError`
 * (yoga.ts). Subscriptions stay on graphql-js, with steps 1–3 as envelop's onSubscribe hooks
 * (graphql-jit's subscribe loses Pothos' typed errors).
 */
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { GraphQLError, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './builder.ts';
import { scopeRefusal } from './scopes.ts';
import { pageCapRefusal } from './connections.ts';
import { chargeExecution } from './cost.ts';

type Compiled = CompiledQuery | ExecutionResult;

/** Each document's compiled operations, by operation name ('' for the only one). */
const compiledDocuments = new WeakMap<DocumentNode, Map<string, Compiled>>();

function compiled(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Compiled {
  let byName = compiledDocuments.get(document);
  if (!byName) compiledDocuments.set(document, (byName = new Map()));
  const key = operationName ?? '';
  let found = byName.get(key);
  // A document that cannot be compiled (an operation name it does not hold) answers its errors.
  if (!found) byName.set(key, (found = compileQuery(schema, document, operationName ?? undefined)));
  return found;
}

/**
 * A request error found while executing (a variable whose value its type refuses) has no data
 * and came without a code: it gets BAD_USER_INPUT, and 400 under
 * application/graphql-response+json as GraphQL over HTTP requires of a reply without `data`
 * (200 under plain application/json, as for a document that does not validate).
 */
function withRequestErrorCodes(result: ExecutionResult): ExecutionResult {
  if (result.data !== undefined || !result.errors?.length) return result;
  if (result.errors.every((e) => e.extensions?.code)) return result;
  const errors = result.errors.map((e) =>
    e.extensions?.code
      ? e
      : new GraphQLError(e.message, {
          nodes: e.nodes,
          source: e.source,
          positions: e.positions,
          path: e.path,
          extensions: { ...e.extensions, code: 'BAD_USER_INPUT', http: { spec: true, status: 400 } },
        }),
  );
  return { ...result, errors };
}

/** Runs a query or mutation under the API's rules (above). */
export async function executeOperation(args: ExecutionArgs): Promise<ExecutionResult> {
  const refused = scopeRefusal(args.contextValue as GraphQLContext, args.schema, args.document);
  if (refused) return { errors: [refused] };
  const oversized = pageCapRefusal(args.document, args.variableValues);
  if (oversized) return oversized;
  const charge = await chargeExecution(args);
  if (charge && 'refused' in charge) return charge.refused;
  const operation = compiled(args.schema, args.document, args.operationName);
  const result = isCompiledQuery(operation) ? await operation.query(args.rootValue, args.contextValue, args.variableValues ?? {}) : operation;
  return withRequestErrorCodes(charge ? charge.settle(result) : result);
}

/** Envelop plugin: yoga executes queries and mutations with `executeOperation`. */
export function useOperationRules(): Plugin {
  return {
    onExecute({ setExecuteFn }) {
      setExecuteFn(executeOperation as never);
    },
  };
}
