import { describe, expect, it } from 'vitest';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLNamedType } from 'graphql';
import { schema } from '../../../server/graphql/schema.ts';

/** Every type, field, argument, input field and enum value of the public schema that has no description. */
export function undocumented(types: readonly GraphQLNamedType[]): string[] {
  const missing: string[] = [];
  const blank = (d: string | null | undefined) => !d || !d.trim();
  for (const type of types) {
    if (type.name.startsWith('__')) continue;
    if (blank(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (blank(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}

describe('the public schema', () => {
  it('describes every type, field, argument and enum value an integrator sees', () => {
    expect(undocumented(Object.values(schema.getTypeMap()))).toEqual([]);
  });

  it('notices an undocumented field (the check itself works)', async () => {
    const { buildSchema } = await import('graphql');
    const bare = buildSchema('"""Reads."""\ntype Query {\n  """Documented."""\n  a(x: Int): Int\n  b: Int\n}');
    expect(undocumented(Object.values(bare.getTypeMap()))).toEqual(['Query.a(x)', 'Query.b']);
  });
});
