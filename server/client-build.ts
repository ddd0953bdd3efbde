/**
 * Builds the client (relay-compiler, then vite) when dist/ is missing or older than its sources:
 * client/, schema.graphql, and the server modules the client shares, which the last build listed
 * in dist/.build-sources.json (vite.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** When the client's sources last changed; a shared file that is gone counts as changed now. */
function sourcesChangedAt(): number {
  let newest = Math.max(newestMtime(path.join(root, 'client')), statSync(path.join(root, 'schema.graphql')).mtimeMs);
  let shared: string[];
  try {
    shared = JSON.parse(readFileSync(path.join(root, 'dist/.build-sources.json'), 'utf8')) as string[];
  } catch {
    return Infinity; // built before the list existed, or a broken build: build again
  }
  for (const file of shared) {
    const full = path.join(root, file);
    newest = Math.max(newest, existsSync(full) ? statSync(full).mtimeMs : Infinity);
  }
  return newest;
}

export async function ensureClientBuilt(): Promise<void> {
  let builtAt = 0;
  try {
    builtAt = statSync(path.join(root, 'dist/index.html')).mtimeMs;
  } catch {
    // not built yet
  }
  if (builtAt > 0 && builtAt >= sourcesChangedAt()) return;
  console.log('Building the client (first start or changed sources)...');
  // NODE_ENV=production: a test runner's NODE_ENV=test would otherwise give React's development build.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('The client build failed; see the output above');
}
