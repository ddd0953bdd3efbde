/**
 * `npm run dev`: the API on PORT (3000) and Vite's dev server with hot reload on 5173, which
 * proxies the server's paths to it (vite.config.ts). Open http://localhost:5173.
 */
import { createServer as createViteServer } from 'vite';
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';

const config = loadConfig();
const app = await createApp(config, { serveClient: false });
await app.listen();
const vite = await createViteServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, server: { port: 5173 } });
await vite.listen();
vite.printUrls();

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), app.close()]).then(() => process.exit(0));
  });
}
