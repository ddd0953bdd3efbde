/**
 * Connections as docs/api.md promises them, over Pothos' resolvers: a cursor that is not one of
 * the list's is a ValidationError naming `after`/`before` (not "Invalid base64 string" with no
 * code, nor a silently empty page), an empty cursor counts as none, and an empty page has null
 * cursors, except that a page by place that follows a cursor gives it back (a client keeps its place).
 */
import { offsetForArgs, offsetToCursor, resolveCursorConnection } from '@pothos/plugin-relay';
import { GraphQLError, valueFromASTUntyped, visit, type ArgumentNode, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ValidationError } from '../errors.ts';

type PageArgs = { first?: number | null; last?: number | null; after?: string | null; before?: string | null };
type PageInfo = { startCursor?: string | null; endCursor?: string | null };
type Connection = { edges: readonly unknown[]; pageInfo: PageInfo };

const NOT_A_CURSOR = 'Not a cursor of this list: pass an endCursor or startCursor it gave';

/** The cursors Pothos makes for a list read by position: base64 of `OffsetConnection:{n}`. */
function offsetCursor(cursor: string | null | undefined, field: 'after' | 'before'): string | undefined {
  if (!cursor) return undefined;
  if (!/^OffsetConnection:\d{1,9}$/.test(Buffer.from(cursor, 'base64').toString())) throw new ValidationError(NOT_A_CURSOR, field);
  return cursor;
}

/** An empty page by position has no cursors (Pothos makes up `OffsetConnection:-1`). */
function withoutMadeUpCursors<C extends Connection>(connection: C): C {
  if (connection.edges.length === 0) Object.assign(connection.pageInfo, { startCursor: null, endCursor: null });
  return connection;
}

/** An empty page by place keeps the cursor it followed (Pothos gives it back); with none, null, not ''. */
function withoutEmptyCursors<C extends Connection>(connection: C): C {
  connection.pageInfo.startCursor ||= null;
  connection.pageInfo.endCursor ||= null;
  return connection;
}

/** An item of a page by position; its cursor is made only when a client asks for it (most do not). */
class OffsetEdge<T> {
  constructor(
    readonly node: T,
    private readonly offset: number,
  ) {}
  get cursor(): string {
    return offsetToCursor(this.offset);
  }
}

/**
 * A whole list, paged by position (`first`/`after`, at most 100 a page): Pothos' array
 * connection (the same pages and cursors), with the edges' cursors made on demand.
 */
export function offsetConnection<T>(args: PageArgs, items: readonly T[]) {
  const checked = { ...args, after: offsetCursor(args.after, 'after'), before: offsetCursor(args.before, 'before') };
  const { limit, offset, expectedSize, hasPreviousPage, hasNextPage } = offsetForArgs({ args: checked, totalCount: items.length });
  const nodes = items.slice(offset, offset + limit);
  const edges = nodes.slice(0, expectedSize).map((node, i) => new OffsetEdge(node, offset + i));
  return withoutMadeUpCursors({
    edges,
    totalCount: items.length,
    pageInfo: {
      startCursor: offsetToCursor(offset),
      endCursor: offsetToCursor(offset + edges.length - 1),
      hasPreviousPage,
      hasNextPage: hasNextPage(nodes.length),
    },
  });
}

/** A page by place, as the Pothos resolver reads it. */
type PlacePage = { after?: string; before?: string; limit: number; inverted: boolean };
type Page<T> = {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor?: string | null; endCursor?: string | null };
};

/** A list paged by place (keyset cursors, see `placeCursor`): items added while a client pages are neither repeated nor skipped. */
export async function placeConnection<T>(
  options: { args: PageArgs; toCursor: (item: T) => string; defaultSize: number; maxSize: number },
  resolve: (page: PlacePage) => readonly T[] | Promise<readonly T[]>,
): Promise<Page<T>> {
  const args = { ...options.args, after: options.args.after || null, before: options.args.before || null };
  const connection = (await resolveCursorConnection({ ...options, args } as never, resolve as never)) as unknown as Page<T>;
  return withoutEmptyCursors(connection);
}

/** The most a page of any connection may ask for (`first`/`last`), as GitHub's API does. */
export const MAX_PAGE = 100;

/** The `first`/`last` arguments of each document's fields, found once per document (yoga caches documents by query). */
const pageArguments = new WeakMap<DocumentNode, { field: string; arg: ArgumentNode }[]>();

function pageArgumentsOf(document: DocumentNode) {
  let found = pageArguments.get(document);
  if (found) return found;
  const list: { field: string; arg: ArgumentNode }[] = [];
  visit(document, {
    Field(node) {
      for (const arg of node.arguments ?? []) if (arg.name.value === 'first' || arg.name.value === 'last') list.push({ field: node.name.value, arg });
    },
  });
  pageArguments.set(document, (found = list));
  return found;
}

/**
 * Why an operation asks for too big a page, or undefined. Every field taking `first` or `last` is
 * a connection (Pothos' relay plugin), so this holds for connections added later without a word.
 */
function oversizedPage(document: DocumentNode, variables?: Record<string, unknown> | null): string | undefined {
  for (const { field, arg } of pageArgumentsOf(document)) {
    const value = valueFromASTUntyped(arg.value, variables ?? undefined);
    if (typeof value === 'number' && value > MAX_PAGE)
      return `\`${arg.name.value}\` is at most ${MAX_PAGE} (${field} asked for ${value}): ask for the next page with \`after\` (or \`before\`)`;
  }
  return undefined;
}

/** Envelop plugin: an operation asking for a page over MAX_PAGE runs nothing and is a 400 saying so. */
export function usePageCaps(): Plugin {
  const refuse = (message: string) => ({ errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } })] });
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const problem = oversizedPage(args.document, args.variableValues as Record<string, unknown> | undefined);
      if (problem) setResultAndStopExecution(refuse(problem));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const problem = oversizedPage(args.document, args.variableValues as Record<string, unknown> | undefined);
      if (problem) setResultAndStopExecution(refuse(problem));
    },
  };
}
