/** Builds the client (relay-compiler, then vite) when dist/ is missing or older than client/. */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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

export async function ensureClientBuilt(): Promise<void> {
  let builtAt = 0;
  try {
    builtAt = statSync(path.join(root, 'dist/index.html')).mtimeMs;
  } catch {
    // not built yet
  }
  const sourcesAt = Math.max(newestMtime(path.join(root, 'client')), statSync(path.join(root, 'schema.graphql')).mtimeMs);
  if (builtAt >= sourcesAt) return;
  console.log('Building the client (first start or changed sources)...');
  // NODE_ENV=production: a test runner's NODE_ENV=test would otherwise give React's development build.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('The client build failed; see the output above');
}
