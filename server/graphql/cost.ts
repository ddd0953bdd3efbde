/**
 * The GraphQL API's cost limits, as an envelop plugin. Each operation gets a cost estimate
 * before it runs (like Shopify's: each object 1 point, scalars free, a connection 2 plus its
 * nodes times the page it asks for (`first`/`last`, default 20), `nodes` its ids, other lists 20
 * items, each mutation field 10 more, each subscription 20 more), and is charged to the token
 * buckets of server/integrations/limits.ts. What is left is in the response's
 * `extensions.cost`; an operation that would overdraw a bucket runs nothing and gets a
 * RateLimitError with `retryAfterSec` (HTTP 429 with Retry-After); one that costs more than a
 * whole bucket can never run and gets QueryTooCostly (HTTP 400, no Retry-After). Visitors are
 * not charged (login has its own limit).
 */
import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  isObjectType,
  isInterfaceType,
  valueFromASTUntyped,
} from 'graphql';
import type { ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import type { Bucket, Charge } from '../integrations/limits.ts';
import type { Config } from '../config.ts';
import type { Viewer } from '../deps.ts';
import type { GraphQLContext } from './builder.ts';
import { MAX_PAGE } from './connections.ts';

/** Items a list is assumed to hold when the query does not say (`first`/`last`). */
const DEFAULT_PAGE = 20;
const MUTATION_COST = 10;
/**
 * A subscription replays up to a day of events, then holds a connection open: it costs like a
 * page of twenty events up front (open ones are also capped per user, SUBSCRIPTIONS_PER_USER).
 */
const SUBSCRIPTION_COST = 20;

type Variables = Record<string, unknown> | null | undefined;

/**
 * The operation `operationName` (or the only one) of a document, its root type, the document's
 * fragments, and the fixed charge of its kind (a mutation's or subscription's root fields).
 */
function operationOf(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null) {
  // Found once per document and operation: every session's read is counted after it ran.
  let byName = operations.get(document);
  if (!byName) operations.set(document, (byName = new Map()));
  const key = operationName ?? '';
  if (!byName.has(key)) byName.set(key, findOperation(schema, document, operationName));
  return byName.get(key)!;
}

const operations = new WeakMap<DocumentNode, Map<string, ReturnType<typeof findOperation>>>();

function findOperation(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) operation ??= def;
  }
  if (!operation) return null;
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return null;
  const base =
    operation.operation === 'mutation'
      ? MUTATION_COST * operation.selectionSet.selections.length
      : operation.operation === 'subscription'
        ? SUBSCRIPTION_COST * operation.selectionSet.selections.length
        : 0;
  return { operation, root, fragments, base };
}

/** The estimated cost of the operation `operationName` (or the only one) of a document. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables?: Variables, operationName?: string | null): number {
  const found = operationOf(schema, document, operationName);
  if (!found) return 0;
  return found.base + selectionCost(schema, found.operation.selectionSet, found.root, found.fragments, variables, DEFAULT_PAGE, new Set());
}

function selectionCost(
  schema: GraphQLSchema,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Variables,
  page: number,
  seen: Set<string>,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent;
      if (type) cost += selectionCost(schema, selection.selectionSet, type, fragments, variables, page, seen);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      const type = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined;
      if (type) cost += selectionCost(schema, fragment.selectionSet, type, fragments, variables, page, new Set([...seen, fragment.name.value]));
    } else {
      const field = fieldOf(parent, selection.name.value);
      if (!field || !selection.selectionSet) continue;
      const named: GraphQLNamedType = getNamedType(field.type);
      if (isLeafType(named)) continue;
      // A connection's page size is what `first`/`last` ask for; its edges list uses it.
      const arg = (name: string) => {
        const node = selection.arguments?.find((a) => a.name.value === name);
        const value = node ? valueFromASTUntyped(node.value, variables ?? undefined) : undefined;
        return typeof value === 'number' && value >= 0 ? Math.min(value, MAX_PAGE) : undefined;
      };
      const isConnection = field.args.some((a) => a.name === 'first');
      const childPage = isConnection ? (arg('first') ?? arg('last') ?? DEFAULT_PAGE) : DEFAULT_PAGE;
      const inner = selectionCost(schema, selection.selectionSet, named as GraphQLCompositeType, fragments, variables, childPage, seen);
      if (isConnection) cost += 2 + inner;
      else if (!isListType(getNullableType(field.type))) cost += 1 + inner;
      // A connection's edges are free wrappers around its page of nodes; other lists cost per
      // item: as many as the ids asked for (`nodes`), else a page.
      else {
        const ids = selection.arguments?.find((a) => a.name.value === 'ids');
        const asked = ids ? valueFromASTUntyped(ids.value, variables ?? undefined) : undefined;
        cost += /Connection$/.test(parent.name) ? page * inner : (Array.isArray(asked) ? asked.length : page) * (1 + inner);
      }
    }
  }
  return cost;
}

/**
 * What an operation's result cost, counted as the estimate is but on the rows it returned: a
 * connection's page is the edges it gave, a list the items it holds, a null nothing. At most the
 * estimate (a field selected by two fragments is counted once there, perhaps twice here).
 */
function resultCost(schema: GraphQLSchema, document: DocumentNode, data: unknown, operationName?: string | null): number {
  const found = operationOf(schema, document, operationName);
  if (!found) return 0;
  return found.base + returnedCost(costPlan(schema, found.operation.selectionSet, found.root, found.fragments, new Set()), data);
}

/**
 * What counting a result needs of one selection set on one type, worked out once per document
 * (every session's read is counted, so the walk of the schema for each field of each row was a
 * visible part of a GraphQL read's CPU).
 */
type CostPlan = (
  { kind: 'fragment'; concrete: string | null; plan: CostPlan } | { kind: 'field'; key: string; connection: boolean; perItem: number; plan: CostPlan }
)[];

const plans = new WeakMap<SelectionSetNode, Map<string, CostPlan>>();

function costPlan(
  schema: GraphQLSchema,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): CostPlan {
  let byType = plans.get(set);
  if (!byType) plans.set(set, (byType = new Map()));
  const known = byType.get(parent.name);
  if (known) return known;
  const plan: CostPlan = [];
  // A fragment on another concrete type than the object's own selects nothing of it.
  const fragment = (type: GraphQLCompositeType, selections: SelectionSetNode, seenNow: Set<string>) =>
    plan.push({ kind: 'fragment', concrete: isObjectType(type) ? type.name : null, plan: costPlan(schema, selections, type, fragments, seenNow) });
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent;
      if (type) fragment(type, selection.selectionSet, seen);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const spread = fragments.get(selection.name.value);
      if (!spread || seen.has(spread.name.value)) continue;
      const type = schema.getType(spread.typeCondition.name.value) as GraphQLCompositeType | undefined;
      if (type) fragment(type, spread.selectionSet, new Set([...seen, spread.name.value]));
    } else {
      const field = fieldOf(parent, selection.name.value);
      if (!field || !selection.selectionSet) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named)) continue;
      plan.push({
        kind: 'field',
        key: selection.alias?.value ?? selection.name.value,
        connection: field.args.some((a) => a.name === 'first'),
        // A connection's edges are free wrappers around its nodes; other lists cost per item.
        perItem: /Connection$/.test(parent.name) ? 0 : 1,
        plan: costPlan(schema, selection.selectionSet, named as GraphQLCompositeType, fragments, seen),
      });
    }
  }
  byType.set(parent.name, plan);
  return plan;
}

function returnedCost(plan: CostPlan, data: unknown): number {
  if (!data || typeof data !== 'object') return 0;
  const object = data as Record<string, unknown>;
  let cost = 0;
  for (const entry of plan) {
    if (entry.kind === 'fragment') {
      if (entry.concrete === null || typeof object.__typename !== 'string' || object.__typename === entry.concrete) cost += returnedCost(entry.plan, data);
      continue;
    }
    const value = object[entry.key];
    if (value === null || value === undefined) continue;
    if (entry.connection) cost += 2 + returnedCost(entry.plan, value);
    else if (!Array.isArray(value)) cost += 1 + returnedCost(entry.plan, value);
    else cost += listCost(entry.perItem, entry.plan, value);
  }
  return cost;
}

/** A list's items (of lists, at any depth) as `returnedCost` counts them, without flattening a copy. */
function listCost(perItem: number, plan: CostPlan, items: unknown[]): number {
  let cost = 0;
  for (const item of items) {
    if (Array.isArray(item)) cost += listCost(perItem, plan, item);
    else if (item !== null && item !== undefined) cost += perItem + returnedCost(plan, item);
  }
  return cost;
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

// ---------------------------------------------------------------- the plugin

/** The buckets a viewer's operation is charged to. */
function bucketsOf(viewer: Viewer, budgets: Config['budgets']): Bucket[] {
  const user = { key: `user:${viewer.id}`, ...budgets.user };
  return viewer.integration ? [{ key: `token:${viewer.integration.tokenId}`, ...budgets.token }, user] : [user];
}

/**
 * What `extensions.cost` says: the estimate (what the operation had to afford), what it cost (the
 * rows it returned: what was charged), and the tightest bucket after it.
 */
function costExtension(cost: number, charge: Charge, actual = cost) {
  const tightest = charge.levels.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  return {
    requested: cost,
    actual,
    limit: tightest.limit,
    remaining: tightest.remaining,
    restorePerSec: tightest.restorePerSec,
    bucket: tightest.key.split(':')[0],
  };
}

type CostExtension = ReturnType<typeof costExtension>;

/**
 * The rate-limit state as HTTP headers, in the IETF draft's first form
 * (draft-ietf-httpapi-ratelimit-headers up to -06, the one most clients read): the tightest
 * bucket's size, what is left after this operation (its actual cost charged), and the seconds
 * until it is full again. `extensions.cost` says the same in the body.
 */
function rateLimitHeaders(cost: CostExtension): Record<string, string> {
  return {
    'ratelimit-limit': String(cost.limit),
    'ratelimit-remaining': String(Math.max(0, cost.remaining)),
    'ratelimit-reset': String(Math.max(0, Math.ceil((cost.limit - cost.remaining) / cost.restorePerSec))),
  };
}

/** Puts the rate-limit headers on the HTTP reply, when the operation came over HTTP and it is not sent yet. */
function announce(contextValue: unknown, cost: CostExtension): void {
  const res = (contextValue as { res?: ServerResponse }).res;
  if (!res || res.headersSent) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(cost))) res.setHeader(name, value);
}

function refusal(cost: number, charge: Charge) {
  const tightest = charge.levels.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  const tooBig = charge.levels.find((l) => cost > l.limit);
  const message = tooBig
    ? `This operation costs ${cost} points, more than the whole budget of ${tooBig.limit}: ask for fewer items (first:)`
    : `Rate limit: this operation costs ${cost} points and ${tightest.remaining} remain; try again in ${charge.retryAfterSec} s`;
  // Too big for any wait to help: a client's mistake (400), which a retry loop must not repeat.
  const extensions = tooBig
    ? { code: 'QUERY_TOO_COSTLY', http: { status: 400 } }
    : { code: 'RATE_LIMITED', retryAfterSec: charge.retryAfterSec, http: { status: 429, headers: { 'retry-after': String(charge.retryAfterSec) } } };
  return { errors: [new GraphQLError(message, { extensions })], extensions: { cost: costExtension(cost, charge) } };
}

/** Estimates already made, by document (yoga caches documents by query), then operation and variables. */
const estimates = new WeakMap<DocumentNode, Map<string, number>>();

/** operationCost, made once per document, operation and variables (small ones: not an imported file's). */
function estimateOf(schema: GraphQLSchema, document: DocumentNode, variables: Variables, operationName?: string | null): number {
  const key = `${operationName ?? ''}\u0000${JSON.stringify(variables ?? null)}`;
  if (key.length > 2000) return operationCost(schema, document, variables, operationName);
  let known = estimates.get(document);
  if (!known) estimates.set(document, (known = new Map()));
  let cost = known.get(key);
  if (cost === undefined) {
    cost = operationCost(schema, document, variables, operationName);
    if (known.size >= 200) known.clear();
    known.set(key, cost);
  }
  return cost;
}

async function chargeOperation(args: {
  contextValue: unknown;
  schema: GraphQLSchema;
  document: DocumentNode;
  variableValues?: Variables;
  operationName?: string | null;
}) {
  const ctx = args.contextValue as GraphQLContext;
  if (!ctx.viewer) return undefined;
  const cost = estimateOf(args.schema, args.document, args.variableValues, args.operationName);
  const charge = await ctx.deps.budgets.charge(bucketsOf(ctx.viewer, ctx.deps.config.budgets), cost);
  return { cost, charge };
}

/** Envelop plugin: charges each operation before it runs; put it after the scope check. */
export function useCostLimits(): Plugin<object, object, GraphQLContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const charged = await chargeOperation(args);
      if (!charged) return;
      if (!charged.charge.allowed) {
        const refused = refusal(charged.cost, charged.charge);
        announce(args.contextValue, refused.extensions.cost);
        return setResultAndStopExecution(refused);
      }
      return {
        onExecuteDone({ result, setResult }: { result: ExecutionResult | AsyncIterable<unknown>; setResult: (r: ExecutionResult) => void }) {
          if (Symbol.asyncIterator in result) return;
          // The operation had to afford its estimate; it is charged for the rows it returned, the
          // rest given back (a page of 100 asked for that held 3 costs 3 pages' worth less).
          const actual = Math.min(charged.cost, resultCost(args.schema, args.document, result.data, args.operationName));
          const refund = charged.cost - actual;
          let charge = charged.charge;
          if (refund > 0) {
            const ctx = args.contextValue as GraphQLContext;
            ctx.deps.budgets
              .charge(bucketsOf(ctx.viewer!, ctx.deps.config.budgets), -refund)
              .catch((error: unknown) => ctx.deps.log.debug({ err: error }, 'giving back an unused charge failed'));
            charge = { ...charge, levels: charge.levels.map((l) => ({ ...l, remaining: Math.min(l.limit, l.remaining + refund) })) };
          }
          const cost = costExtension(charged.cost, charge, actual);
          announce(args.contextValue, cost);
          setResult({ ...result, extensions: { ...result.extensions, cost } });
        },
      };
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const charged = await chargeOperation(args);
      if (!charged) return;
      if (!charged.charge.allowed) {
        const refused = refusal(charged.cost, charged.charge);
        announce(args.contextValue, refused.extensions.cost);
        return setResultAndStopExecution(refused);
      }
      // A subscription over HTTP (server-sent events): its headers go out before its first event.
      announce(args.contextValue, costExtension(charged.cost, charged.charge));
    },
  };
}
