/**
 * Connections as docs/api.md promises them, over Pothos' resolvers: a cursor that is not one of
 * the list's is a ValidationError naming `after`/`before` (not "Invalid base64 string" with no
 * code, nor a silently empty page), an empty cursor counts as none, and an empty page has null
 * cursors, except that a page by place that follows a cursor gives it back (a client keeps its place).
 */
import { resolveArrayConnection, resolveCursorConnection } from '@pothos/plugin-relay';
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

/** A whole list, paged by position (`first`/`after`, at most 100 a page). */
export function offsetConnection<T>(args: PageArgs, items: readonly T[]) {
  const checked = { ...args, after: offsetCursor(args.after, 'after'), before: offsetCursor(args.before, 'before') };
  return withoutMadeUpCursors(resolveArrayConnection({ args: checked }, items as T[]));
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
