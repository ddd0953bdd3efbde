import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`, for correlated subqueries: drizzle leaves columns unqualified in
 * single-table selects, where a subquery would bind them to its own table instead.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
