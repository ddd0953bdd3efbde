/**
 * The one Pothos schema builder: its plugins and the context every resolver receives.
 * Domain folders add their types, queries and mutations in their own graphql.ts.
 */
import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin, { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { LRUCache } from 'lru-cache';
import { isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { Deps, Viewer } from '../deps.ts';
import type { LoginClient } from '../users/devices.ts';
import { BusyError } from '../speech/tts.ts';
import { AuthenticationError, ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from '../errors.ts';

export type GraphQLContext = {
  deps: Deps;
  /** Null for a visitor, or when the token was refused (`authError` says why). */
  viewer: Viewer | null;
  authError: AuthenticationError | null;
  requestId: string;
  /** The client's network address and device cookie (login throttling, server/users/devices.ts). */
  client: LoginClient;
};

/** Whether a decoded global id names a type that implements Node (anything else loads as null). */
function namesANode(id: { typename: string } | null, info: GraphQLResolveInfo): boolean {
  const type = id?.typename ? info.schema.getType(id.typename) : undefined;
  return isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node');
}

/**
 * Text made once per value and kept: V8 takes about 0.75 µs to write a date as ISO 8601 and 0.6 µs
 * to base64 a global id, and a page of 20 tasks writes 20 of each per request (the task list's
 * GraphQL reply spent 40 µs on them, docs/performance.md). The same due dates and ids come back in
 * every classmate's list. The strings are what the plain call makes, so nothing a client sees
 * changes.
 */
const isoTexts = new LRUCache<number, string>({ max: 20_000 });
const globalIds = new LRUCache<string, string>({ max: 50_000 });

function isoText(value: Date): string {
  const time = value.getTime();
  let text = isoTexts.get(time);
  if (text === undefined) isoTexts.set(time, (text = value.toISOString())); // an invalid date throws here, as before
  return text;
}

function cachedGlobalId(typename: string, id: bigint | number | string): string {
  const key = `${typename}:${id}`;
  let globalId = globalIds.get(key);
  if (globalId === undefined) globalIds.set(key, (globalId = encodeGlobalID(typename, id)));
  return globalId;
}

/** What Pothos' relay plugin keeps of a `builder.node(…)` on its GraphQL type: the `id` option. */
type NodeTypeExtensions = { pothosOptions?: { id?: { resolve?: GraphQLFieldResolver<unknown, GraphQLContext> } } };

/**
 * Node ids answered at once. Pothos' relay plugin resolves every `id` through an async function,
 * so a page of tasks made a promise per row for a string it had at hand, and graphql-jit then
 * finished each row on a later microtask: in the server's own process that was 12–25% of the
 * GraphQL task list's CPU (docs/performance.md). Here each Node type's `id` calls the type's own
 * `id.resolve` and encodes its value as the plugin does (`String(value)`, the same
 * `encodeGlobalID`, so the same string); only an id that comes as a promise waits for it.
 */
export function withImmediateNodeIds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) continue;
    const idOf = (type.extensions as NodeTypeExtensions).pothosOptions?.id?.resolve;
    const field = type.getFields().id;
    // A Node type made some other way than builder.node keeps its own resolver.
    if (!idOf || !field) continue;
    const encode = (id: unknown) => cachedGlobalId(type.name, String(id));
    field.resolve = (parent, args, context, info) => {
      const id: unknown = idOf(parent, args, context, info);
      return isPromiseLike(id) ? Promise.resolve(id).then(encode) : encode(id);
    };
  }
  return schema;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

/** The most global ids one `nodes` call resolves. */
const MAX_NODES = 100;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ErrorsPlugin, RelayPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Relay's generated parts are part of the public contract too: each is described.
    nodeTypeOptions: { description: 'An object with a global id; any of them can be fetched again with `node(id:)`.' },
    idFieldOptions: { description: 'A global id (opaque): pass it to `node(id:)` to fetch this object again.' },
    encodeGlobalID: cachedGlobalId,
    // An id that is not one (not base64, no type, a type that is not a Node) names nothing: null,
    // as for an object that does not exist, and the rest of a `nodes` batch is still answered.
    decodeGlobalID: (globalID) => {
      try {
        return decodeGlobalID(globalID);
      } catch {
        return { typename: '', id: globalID };
      }
    },
    nodeQueryOptions: {
      description: 'Any object by its global id; null when it does not exist or the viewer may not see it.',
      args: { id: { description: 'A global id from an `id` field.' } },
      resolve: (_root, args, _ctx, info, resolveNode) => {
        args.id = namesANode(args.id, info) ? args.id : (null as never);
        return resolveNode(args.id);
      },
    },
    nodesQueryOptions: {
      description: `Several objects by their global ids (at most ${MAX_NODES}), in the same order; null for each one that cannot be seen.`,
      args: { ids: { description: `Global ids from \`id\` fields, at most ${MAX_NODES}.` } },
      // Each id is a lookup: a list of thousands would hold the server for as many queries.
      resolve: (_root, args, _ctx, info, resolveNodes) => {
        if (args.ids.length > MAX_NODES) throw new ValidationError(`Ask for at most ${MAX_NODES} ids at a time (${args.ids.length} were sent)`);
        // The plugin loads what `args.ids` holds when it is called; null entries come back null.
        args.ids = args.ids.map((id) => (namesANode(id, info) ? id : (null as never)));
        return resolveNodes(args.ids);
      },
    },
    pageInfoTypeOptions: { description: 'Where a page of a connection sits in the whole list.' },
    hasNextPageFieldOptions: { description: 'True when more items follow the last one of this page (fetch with `after: endCursor`).' },
    hasPreviousPageFieldOptions: { description: 'True when items come before the first one of this page.' },
    startCursorFieldOptions: { description: "The first item's cursor, null on an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor, null on an empty page; pass it as `after` for the next page." },
    firstArgOptions: { description: 'At most this many items, from the start (or after `after`).' },
    afterArgOptions: { description: 'Only items after this cursor (an `endCursor` or edge `cursor`).' },
    lastArgOptions: { description: 'At most this many items, from the end (or before `before`).' },
    beforeArgOptions: { description: 'Only items before this cursor.' },
    cursorFieldOptions: { description: "This item's place in the list, for `after` or `before`." },
    nodeFieldOptions: { description: 'The item.' },
    edgesFieldOptions: { description: 'The items of this page, each with its cursor.' },
    pageInfoFieldOptions: { description: 'Whether there are more pages, and the cursors to fetch them.' },
    defaultConnectionTypeOptions: { description: 'A page of a list (Relay cursor connection): ask with `first` and `after`.' },
    defaultEdgeTypeOptions: { description: 'One item of a page and its cursor.' },
  },
  errors: {
    defaultTypes: [],
    // Mutations return `Payload | SomeError | ...` directly, named after the field: `LoginResult`.
    directResult: true,
    defaultUnionOptions: {
      name: ({ fieldName }) => `${fieldName[0]!.toUpperCase()}${fieldName.slice(1)}Result`,
      description: "A mutation's result: its payload, or one of the typed errors (`... on Error { message }`) a client must handle.",
    },
  },
});

builder.queryType({ description: 'Everything a client can read.' });
builder.scalarType('DateTime', {
  description: 'A point in time, as an ISO 8601 string in UTC.',
  serialize: isoText,
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new ValidationError('Not a valid date');
    return date;
  },
});
builder.scalarType('JSON', {
  description: 'Any JSON value (used for the spec-shaped sbArr result array).',
  serialize: (value) => value,
  parseValue: (value) => value,
});
builder.scalarType('File', {
  description: 'An uploaded file (GraphQL multipart request: https://github.com/jaydenseric/graphql-multipart-request-spec).',
  serialize: () => {
    throw new ValidationError('Files are only accepted as input');
  },
  parseValue: (value) => {
    // graphql-yoga hands over its fetch implementation's File (not always the global class).
    const file = value as File | null;
    if (file && typeof file === 'object' && typeof file.arrayBuffer === 'function' && typeof file.size === 'number') return file;
    throw new ValidationError('Expected an uploaded file');
  },
});
builder.mutationType({ description: 'Everything a client can change.' });

/** The viewer, or the reason there is none: every protected resolver starts here. */
/**
 * A cursor that is a place in a list ordered by time, then by a key (keyset paging): a list that
 * grows while a client pages through it neither repeats nor skips an item.
 */
export const placeCursor = (kind: string, at: Date, key: string | number) => Buffer.from(`${kind}:${at.getTime()}:${key}`).toString('base64url');
export function placeOf(kind: string, cursor: string): { at: Date; key: string } {
  const match = new RegExp(`^${kind}:(\\d{1,15}):(.+)$`).exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new ValidationError('Not a cursor of this list: pass an endCursor or startCursor it gave');
  return { at: new Date(Number(match[1])), key: match[2]! };
}

/** The row id inside a decoded global id, or null: a hand-made id like `Class:abc` names nothing. */
export function rowIdOf(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

export function viewerOf(ctx: GraphQLContext): Viewer {
  if (ctx.viewer) return ctx.viewer;
  throw ctx.authError ?? new AuthenticationError();
}

// ---------------------------------------------------------------- typed errors

const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'An error a client is expected to handle; `message` is a sentence for the user.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'What went wrong, for the user.' }) }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'The input broke a rule; nothing was changed.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ValidationError,
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: 'The input field at fault, when one is.' }),
  }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any error class: Pothos infers the object type from this constructor
const simpleError = (cls: new (...args: any[]) => DomainError, name: string, description: string) =>
  builder.objectType(cls, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (v) => v instanceof cls,
    fields: () => ({}),
  });

simpleError(AuthenticationError, 'AuthenticationError', 'Not logged in, or the credentials or token were refused.');
simpleError(ForbiddenError, 'ForbiddenError', 'Logged in, but not allowed to do this; nothing was changed.');
simpleError(NotFoundError, 'NotFoundError', 'What the input names does not exist (or is not visible to the viewer).');
simpleError(ConflictError, 'ConflictError', 'The change clashes with existing data, e.g. a name already taken.');

simpleError(BusyError, 'BusyError', 'The server is busy with this kind of work; try again in a moment. Nothing was changed.');

builder.objectType(RateLimitError, {
  name: 'RateLimitError',
  description: 'Too many attempts; try again after `retryAfterSec` seconds.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof RateLimitError,
  fields: (t) => ({ retryAfterSec: t.exposeInt('retryAfterSec', { description: 'Seconds to wait.' }) }),
});
