import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSchema, NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

// The web client is WordBee's own first integrator: it must not read a field, pass an argument or
// fill an input field that schema.graphql marks @deprecated, or it breaks the day that field goes.
// Every `graphql` tagged template under client/ is checked against the checked-in schema with
// graphql-js's NoDeprecatedCustomRule (only that rule: Relay's own directives are not in the schema).

const root = join(import.meta.dirname, '../..');
const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' || entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const documents = sources(join(root, 'client')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\bgraphql`([^`]*)`/g)].map((m) => {
    const definition = parse(m[1]!).definitions[0] as { name?: { value: string } };
    return { name: `${relative(root, file)}: ${definition.name?.value ?? 'anonymous'}`, text: m[1]! };
  }),
);

describe('the client uses no deprecated part of the GraphQL schema', () => {
  it('finds the client documents', () => {
    // The client has dozens of queries, mutations, subscriptions and fragments.
    expect(documents.length).toBeGreaterThan(30);
  });

  it('the rule catches a deprecated field (so the check below can fail)', () => {
    const errors = validate(schema, parse('query { viewer { __typename } } fragment F on User { tokenExpAt }'), [NoDeprecatedCustomRule]);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/tokenExpAt is deprecated/);
  });

  it.each(documents)('$name', ({ text }) => {
    const errors = validate(schema, parse(text), [NoDeprecatedCustomRule]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
