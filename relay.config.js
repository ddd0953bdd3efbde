// relay-compiler: reads GraphQL in client/ against the checked-in schema.graphql and writes
// typed artifacts into __generated__/ beside each component. Named exports, no default: the
// compiler loads this file with require(), which returns the module's namespace object.
export const src = './client';
export const schema = './schema.graphql';
export const language = 'typescript';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
export const customScalarTypes = { DateTime: 'string' };
