import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../../server/graphql/schema.ts';
import {
  breakingChanges,
  deprecations,
  earlyRemovals,
  NOTICE_DAYS,
  previousSchema,
  releases,
  REMOVAL_NOTICE,
  unlistedBreakingChanges,
} from '../../../server/integrations/compatibility.ts';

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
    const broken = current.replace(/\n {2}"""Where reports are e-mailed\."""\n {2}email: String!\n/, '\n');
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

describe('the dated contract', () => {
  const today = new Date().toISOString().slice(0, 10);
  const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const listed = releases(changelog);

  it('names its releases by date, newest first', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((r) => r.date)).toEqual([...listed.map((r) => r.date)].sort().reverse());
  });

  it.each(deprecations(current).map((d) => [d.coordinate, d] as const))(
    '%s says when it may go: six months or more after the release that announced it',
    (coordinate, d) => {
      expect(d.reason).toMatch(REMOVAL_NOTICE);
      const announcing = listed.filter((r) => (r.text.split('### Deprecated')[1] ?? '').split('\n### ')[0]!.includes(`\`${coordinate}\``));
      expect(announcing.length, `no release lists ${coordinate} under Deprecated`).toBeGreaterThan(0);
      const announced = announcing.at(-1)!.date;
      expect(d.removableAfter! >= addDays(announced, NOTICE_DAYS), `${coordinate}: ${d.removableAfter} is not six months after ${announced}`).toBe(true);
    },
  );

  it.skipIf(!previous && !inCi)('removes nothing deprecated before its day', () => {
    expect(earlyRemovals(previous!, current, today)).toEqual([]);
  });

  it('refuses to remove a deprecated field before its day even when the changelog lists it, and lets it go after', () => {
    const records = deprecations(current).find((d) => d.coordinate === 'Dashboard.records')!;
    const removed = current.replace(/\n {2}"""[^"]*"""\n {2}records: \[DashboardRecord!\]! @deprecated\([^\n]*\n/, '\n');
    expect(removed).not.toBe(current);
    expect(unlistedBreakingChanges(current, removed, `${changelog}\n- \`Dashboard.records\` was removed.\n`)).toEqual([]);
    expect(earlyRemovals(current, removed, addDays(records.removableAfter!, -1)).map((d) => d.coordinate)).toEqual(['Dashboard.records']);
    expect(earlyRemovals(current, removed, addDays(records.removableAfter!, 1))).toEqual([]);
  });
});
