/**
 * Schema compatibility: `schema.graphql` is the public contract. A change that can break a
 * client (graphql's findBreakingChanges: a field removed, a type changed, a new required
 * argument …) is allowed only when CHANGELOG.md lists it, with the sentence this check prints.
 * The previous contract is the last version of schema.graphql in git that differs from the
 * current one (tests/server/integrations/compatibility.test.ts runs the check).
 */
import { execFileSync } from 'node:child_process';
import { buildSchema, findBreakingChanges } from 'graphql';

export type BreakingChange = { type: string; description: string };

/** What a client of `previous` could notice in `current`, as graphql's sentences. */
export function breakingChanges(previousSdl: string, currentSdl: string): BreakingChange[] {
  return findBreakingChanges(buildSchema(previousSdl), buildSchema(currentSdl)).map((c) => ({ type: c.type, description: c.description }));
}

/** The breaking changes CHANGELOG.md does not mention (each must appear there word for word). */
export function unlistedBreakingChanges(previousSdl: string, currentSdl: string, changelog: string): BreakingChange[] {
  const text = changelog.replace(/`/g, '').replace(/\s+/g, ' ');
  return breakingChanges(previousSdl, currentSdl).filter((c) => !text.includes(c.description.replace(/\s+/g, ' ')));
}

/**
 * The last committed schema.graphql that differs from `current`: walks the file's history from
 * the newest commit. Undefined when there is no git history (an unpacked archive) or none differs.
 */
export function previousSchema(current: string, cwd: string, file = 'schema.graphql'): string | undefined {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  let commits: string[];
  try {
    commits = git('log', '--format=%H', '--', file).split('\n').filter(Boolean);
  } catch {
    return undefined;
  }
  for (const commit of commits) {
    const version = git('show', `${commit}:${file}`);
    if (version !== current) return version;
  }
  return undefined;
}
