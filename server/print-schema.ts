// `npm run schema`: regenerates the checked-in schema.graphql from the Pothos schema.
import { writeFileSync } from 'node:fs';
import { printedSchema } from './graphql/schema.ts';

writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema());
console.log('schema.graphql written');
