import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';

/**
 * `import params from './__generated__/XQuery.graphql?params'`: a compiled query's request
 * parameters alone (its name and text, without the ASTs that read and store its answer), so that
 * the route table can send a screen's query before the screen's code, which brings the whole
 * compiled query, has arrived (client/routes.tsx): 1 KB gzip for every route's query instead of 5.
 */
function relayParams(): Plugin {
  return {
    name: 'wordbee-relay-params',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith('?params')) return null;
      const file = id.slice(0, -'?params'.length);
      const match = /\n {2}"params": (\{[\s\S]*?\n {2}\})/.exec(await readFile(file, 'utf8'));
      if (!match) throw new Error(`${file}: not a compiled query (no "params")`);
      return `export default ${JSON.stringify(JSON.parse(match[1]!))};`;
    },
  };
}

/**
 * Writes `dist/.build-sources.json` (a dotfile: not served): every file of the repository the build read, the client's own
 * and the server modules it shares (server/tasks/schemas.ts, …), so that a server start or a test
 * run builds the client again when any of them changed (server/client-build.ts).
 */
function buildSources(): Plugin {
  const repo = path.dirname(fileURLToPath(import.meta.url));
  return {
    name: 'wordbee-build-sources',
    apply: 'build',
    generateBundle() {
      const files = [...this.getModuleIds()]
        .map((id) => id.split('?')[0]!)
        .filter((id) => path.isAbsolute(id) && id.startsWith(repo + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`))
        .map((id) => path.relative(repo, id));
      this.emitFile({ type: 'asset', fileName: '.build-sources.json', source: JSON.stringify([...new Set(files)].sort()) });
    },
  };
}

const api = `http://127.0.0.1:${process.env.PORT || 3000}`;

// The client lives in client/ and builds into dist/, which the server serves (server/app.ts).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [relayParams(), relay, react(), buildSources()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  // `npm run dev` (server/dev.ts) runs the API on PORT and proxies every server path to it.
  server: {
    proxy: Object.fromEntries(
      ['/api', '/graphql', '/media', '/avatars', '/wordAudio', '/healthz', '/readyz'].map((prefix) => [prefix, { target: api, ws: prefix === '/graphql' }]),
    ),
  },
});
