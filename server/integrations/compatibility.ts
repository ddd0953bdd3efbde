/**
 * Schema compatibility: `schema.graphql` is the public contract. A change that can break a
 * client (graphql's findBreakingChanges: a field removed, a type changed, a new required
 * argument …) is allowed only when CHANGELOG.md lists it, with the sentence this check prints.
 * The previous contract is the last version of schema.graphql in git that differs from the
 * current one (tests/server/integrations/compatibility.test.ts runs the check).
 */
import { execFileSync } from 'node:child_process';
import { buildSchema, findBreakingChanges, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';

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

/** Every `@deprecated` of a schema announces the day after which it may go (docs/api.md, Versions). */
export const REMOVAL_NOTICE = /May be removed after (\d{4}-\d{2}-\d{2})\.$/;
/** How long a deprecation is announced before the thing may go: six months. */
export const NOTICE_DAYS = 182;

export type Deprecation = { coordinate: string; reason: string; removableAfter: string | null };

/** Every field, argument, input field and enum value of a schema, with its deprecation reason (if any). */
function schemaCoordinates(sdl: string): { coordinate: string; reason: string | null | undefined }[] {
  const schema = buildSchema(sdl);
  const out: { coordinate: string; reason: string | null | undefined }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isEnumType(type)) for (const v of type.getValues()) out.push({ coordinate: `${type.name}.${v.name}`, reason: v.deprecationReason });
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        out.push({ coordinate: `${type.name}.${field.name}`, reason: field.deprecationReason });
        for (const arg of 'args' in field ? field.args : [])
          out.push({ coordinate: `${type.name}.${field.name}(${arg.name}:)`, reason: arg.deprecationReason });
      }
    }
  }
  return out;
}

/** The deprecated fields, arguments, input fields and enum values of a schema, with their dates. */
export function deprecations(sdl: string): Deprecation[] {
  return schemaCoordinates(sdl).flatMap(({ coordinate, reason }) =>
    reason == null ? [] : [{ coordinate, reason, removableAfter: REMOVAL_NOTICE.exec(reason)?.[1] ?? null }],
  );
}

/**
 * What `current` removed of `previous`'s deprecated things before their announced day (or that
 * announced none): a removal the changelog may not excuse.
 */
export function earlyRemovals(previousSdl: string, currentSdl: string, today: string): Deprecation[] {
  const present = new Set(schemaCoordinates(currentSdl).map((c) => c.coordinate));
  return deprecations(previousSdl).filter((d) => !present.has(d.coordinate) && (d.removableAfter === null || d.removableAfter >= today));
}

/** The releases CHANGELOG.md lists (`## YYYY-MM-DD …` headings), newest first, with their text. */
export function releases(changelog: string): { date: string; text: string }[] {
  const parts = changelog.split(/^## /m).slice(1);
  return parts.flatMap((part) => {
    const date = /^(\d{4}-\d{2}-\d{2})\b/.exec(part)?.[1];
    return date ? [{ date, text: part }] : [];
  });
}
