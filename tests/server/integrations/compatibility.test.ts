import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../../server/graphql/schema.ts';
import { breakingChanges, previousSchema, unlistedBreakingChanges } from '../../../server/integrations/compatibility.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const changelog = readFileSync(`${root}CHANGELOG.md`, 'utf8');
const current = printedSchema();
const previous = previousSchema(current, root);
// CI runs on a full clone; only an unpacked archive (no git history) may lack the previous schema.
const inCi = process.env.CI === 'true';

describe('schema compatibility', () => {
  it.skipIf(!previous && !inCi)('has no breaking change against the previous schema.graphql that CHANGELOG.md does not list', () => {
    expect(previous, 'no earlier schema.graphql in git history').toBeDefined();
    expect(unlistedBreakingChanges(previous!, current, changelog)).toEqual([]);
  });

  it('fails on a deliberately breaking change until CHANGELOG.md lists it', () => {
    const broken = current.replace(/\n  """Where reports are e-mailed\."""\n  email: String!\n/, '\n');
    expect(broken).not.toBe(current);
    const unlisted = unlistedBreakingChanges(current, broken, changelog);
    expect(unlisted).toEqual([{ type: 'FIELD_REMOVED', description: 'User.email was removed.' }]);
    expect(unlistedBreakingChanges(current, broken, `${changelog}\n- \`User.email\` was removed.\n`)).toEqual([]);
  });

  it('lets additions and deprecations through', () => {
    const added = current.replace('type User implements Node {\n', 'type User implements Node {\n  """New."""\n  nickname: String\n');
    const userEmail = '  """Where reports are e-mailed."""\n  email: String!\n';
    expect(current).toContain(userEmail);
    const deprecated = current.replace(userEmail, `${userEmail.trimEnd()} @deprecated(reason: "Use contacts.")\n`);
    expect(breakingChanges(current, added)).toEqual([]);
    expect(breakingChanges(current, deprecated)).toEqual([]);
    expect(breakingChanges(current, current.replace(userEmail, userEmail.replace('String!', 'Int!')))).toEqual([
      { type: 'FIELD_CHANGED_KIND', description: 'User.email changed type from String! to Int!.' },
    ]);
  });
});
