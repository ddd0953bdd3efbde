/** The GraphQL schema: every domain registers its part on the builder, then it is built once. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder, withImmediateNodeIds } from './builder.ts';
import '../users/graphql.ts';
import '../classes/graphql.ts';
import '../textbooks/graphql.ts';
import '../tasks/graphql.ts';
import '../results/graphql.ts';
import '../live/graphql.ts';
import '../reports/graphql.ts';
import '../integrations/graphql.ts';
import '../mistakes/graphql.ts';

export const schema = withImmediateNodeIds(builder.toSchema({ sortSchema: false }));

/** What `npm run schema` writes to schema.graphql; a test compares it with the checked-in file. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
