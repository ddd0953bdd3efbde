/**
 * Node ids answered at once (server/graphql/builder.ts, withImmediateNodeIds): the same global ids
 * as Pothos' relay plugin gives, without a promise per object; an id that comes as a promise is
 * waited for.
 */
import SchemaBuilder from '@pothos/core';
import RelayPlugin, { encodeGlobalID } from '@pothos/plugin-relay';
import { execute, isObjectType, parse, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withImmediateNodeIds } from '../../../server/graphql/builder.ts';
import { schema } from '../../../server/graphql/schema.ts';

type Row = { n: number };

/** A schema with two Node types: one whose id is at hand, one whose id comes as a promise. */
function twoNodeTypes(): GraphQLSchema {
  const builder = new SchemaBuilder<{ DefaultFieldNullability: false }>({ plugins: [RelayPlugin], defaultFieldNullability: false, relay: {} });
  const Word = builder.objectRef<Row>('Word');
  const Later = builder.objectRef<Row>('Later');
  builder.node(Word, { id: { resolve: (r) => r.n }, isTypeOf: () => true, fields: (t) => ({ n: t.exposeInt('n') }) });
  builder.node(Later, { id: { resolve: async (r) => r.n }, isTypeOf: () => true, fields: (t) => ({ n: t.exposeInt('n') }) });
  builder.queryType({
    fields: (t) => ({
      words: t.field({ type: [Word], resolve: () => [{ n: 1 }, { n: 2 }, { n: 3 }] }),
      later: t.field({ type: [Later], resolve: () => [{ n: 4 }] }),
    }),
  });
  return builder.toSchema();
}

const run = (s: GraphQLSchema, query: string) => execute({ schema: s, document: parse(query) });

describe('node ids', () => {
  it("are the plugin's own global ids, answered in the same turn when the id is at hand", async () => {
    const plain = twoNodeTypes();
    const immediate = withImmediateNodeIds(twoNodeTypes());
    const words = '{ words { id n } }';
    // graphql-js answers at once (no promise) only when every resolver did.
    expect(run(plain, words)).toBeInstanceOf(Promise);
    const answered = run(immediate, words) as ExecutionResult;
    expect(answered).not.toBeInstanceOf(Promise);
    expect(answered).toEqual(await run(plain, words));
    expect((answered.data as { words: { id: string }[] }).words.map((w) => w.id)).toEqual(['1', '2', '3'].map((n) => encodeGlobalID('Word', n)));
  });

  it('are the same for an id that comes as a promise', async () => {
    const both = '{ words { id } later { id n } }';
    const result = await run(withImmediateNodeIds(twoNodeTypes()), both);
    expect(result).toEqual(await run(twoNodeTypes(), both));
    expect(result.data?.later).toEqual([{ id: encodeGlobalID('Later', '4'), n: 4 }]);
  });

  it("give every Node type of WordBee's schema its global id at once", () => {
    const nodeTypes = Object.values(schema.getTypeMap()).filter((t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'));
    expect(nodeTypes.map((t) => t.name)).toEqual(expect.arrayContaining(['Task', 'User', 'Class', 'Book']));
    // Each type's id reads one property of its row: any property of this row is 42.
    const row = new Proxy({}, { get: () => 42 });
    for (const type of nodeTypes) {
      const id = isObjectType(type) ? type.getFields().id!.resolve!(row, {}, {}, {} as never) : undefined;
      expect(id, type.name).toBe(encodeGlobalID(type.name, '42'));
    }
  });
});
