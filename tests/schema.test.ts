import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../server/graphql/schema.ts';

describe('schema.graphql', () => {
  it('is what the Pothos schema prints (run `npm run schema` after changing it)', () => {
    expect(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8')).toBe(printedSchema());
  });
});
