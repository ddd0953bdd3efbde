import { readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenMessages } from '../../client/i18n/screenMessages.ts';

/**
 * The first route (client/main.tsx and what it imports, and the login page) carries only the
 * shell's message areas; the screens' areas load with the screens (client/routes.tsx). A
 * message of a screen's area used there would show its key instead of its text.
 */
const SCREEN_AREAS = new Set(Object.keys(screenMessages));

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files a module loads with it: its static imports, followed (not `import()`, not types). */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [path.resolve(entry)];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\s+from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)) {
      const target = spec && !spec.endsWith('?params') ? resolve(file, spec) : null;
      if (target) todo.push(target);
    }
  }
  return [...seen];
}

/** The catalogue keys a file names ('area.name'), of the screens' areas. */
const screenKeysIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/['"`](\w+)\.\w+['"`]/g)].filter(([, area]) => SCREEN_AREAS.has(area!)).map(([key]) => key.slice(1, -1));

describe('the first route', () => {
  it.each(['client/main.tsx', 'client/screens/Login/Login.tsx'])('%s and what it loads with it show only the shell’s messages', (entry) => {
    const files = staticGraph(entry).filter((f) => !f.includes(`${path.sep}i18n${path.sep}`));
    expect(files.length).toBeGreaterThan(3);
    const used = files.flatMap((f) => screenKeysIn(f).map((key) => `${path.relative('.', f)}: ${key}`));
    expect(used).toEqual([]);
  });

  it('is told apart from a screen, which shows its own area’s messages', () => {
    expect(staticGraph('client/screens/Tasks/Tasks.tsx').flatMap(screenKeysIn)).toContain('tasks.lastTask');
  });
});
