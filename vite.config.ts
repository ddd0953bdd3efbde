import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';

const api = `http://127.0.0.1:${process.env.PORT || 3000}`;

// The client lives in client/ and builds into dist/, which the server serves (server/app.ts).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [relay, react()],
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
