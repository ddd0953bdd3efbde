import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';

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
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/graphql': { target: 'http://127.0.0.1:3000', ws: true },
      '/media': 'http://127.0.0.1:3000',
      '/avatars': 'http://127.0.0.1:3000',
    },
  },
});
