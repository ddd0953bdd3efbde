import { defineConfig } from 'vitest/config';
import LongFirst from './tests/sequencer.ts';

// Two projects: server/client tests (two files at a time), then browser tests (one file at a
// time, each starting a server and Chromium: Vitest runs a one-worker project after the others).
// `npm test` runs both; tests/sequencer.ts starts the long files first.
export default defineConfig({
  // graphql ships CJS (main) and ESM (module) builds; Node loads the CJS one for Pothos and
  // yoga, so tests must too, or the schema's types come from two copies of the library.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // The two workers each run their share of the files in one process, importing the
          // server once instead of once per file: ~40% less CPU for the same files. Every
          // test starts its own server and database, and no test file changes module state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page under a loaded CI machine may take longer than expect.poll's 1 s default to
          // show what the test waits for; a check that fails still fails, 10 s later.
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
