import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`, for correlated subqueries: drizzle leaves columns unqualified in
 * single-table selects, where a subquery would bind them to its own table instead.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * A query built once per database handle and kept: drizzle then skips rebuilding the SQL text
 * on every call (a visible cost on the hottest reads). `build` must use `sql.placeholder`s for
 * everything that varies. A transaction handle gets its own (short-lived) cache.
 */
const preparedCache = new WeakMap<object, Map<string, unknown>>();
export function prepared<T>(db: object, name: string, build: () => T): T {
  let cache = preparedCache.get(db);
  if (!cache) preparedCache.set(db, (cache = new Map()));
  let query = cache.get(name) as T | undefined;
  if (query === undefined) cache.set(name, (query = build()));
  return query;
}

/**
 * A raw statement (`sql` template with `sql.placeholder`s for everything that varies) turned
 * into SQL text once per database handle, as `prepared` does for the query builder: drizzle's
 * building of a long statement (every chunk checked and escaped) cost more CPU than its
 * values. `execute` fills the placeholders and answers what `db.execute` would.
 */
export function preparedSql(db: object, name: string, build: () => SQL): { execute(values: Record<string, unknown>): Promise<unknown> } {
  return prepared(db, name, () => {
    const { dialect, session } = db as unknown as {
      dialect: { sqlToQuery(sql: SQL): unknown };
      session: {
        prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(values: Record<string, unknown>): Promise<unknown> };
      };
    };
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
}

/** The rows of a raw statement's result, as postgres.js (an array) or PGlite (`.rows`) gives them. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
