// Lint for the whole repository (`npm run lint`): typescript-eslint's recommended rules, no
// import cycles, and the server's layering of docs/architecture.md, which this file states as
// rules: the shared layer, then the domains in order, then the transports, with the files that
// put the app together on top. A file may import its own layer and the layers below it; a domain
// only the domains before it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---------------------------------------------------------------- the layers

/** The server's domains, lowest first: each may import the ones before it, never one after. */
const DOMAINS = ['speech', 'users', 'classes', 'textbooks', 'tasks', 'integrations', 'reports', 'live', 'results', 'mistakes', 'jobs'];

/** The shared layer: what every domain may use; it imports nothing above it. */
const SHARED = [
  'server/errors.ts',
  'server/config.ts',
  'server/deps.ts',
  'server/time.ts',
  'server/logger.ts',
  'server/access.ts',
  'server/enrolment.ts',
  'server/outbox.ts',
  'server/redis.ts',
  'server/observability.ts',
  'server/storage/**',
  'server/jobs/lease.ts',
  'server/jobs/orphaned-files.ts',
];

/** The transports: GraphQL and REST over the services. Nothing below imports them. */
const TRANSPORTS = ['server/graphql/**', 'server/http/**', 'server/*/graphql.ts', 'server/*/rest.ts', 'server/tasks/enums.ts'];

/** What builds the app from its parts and starts it: it may import anything, nothing imports it. */
const COMPOSITION = ['server/app.ts', 'server/main.ts', 'server/dev.ts', 'server/print-schema.ts', 'server/client-build.ts', 'server/seed.ts'];

const WHY = 'docs/architecture.md says what may import what';
const transportZones = [TRANSPORTS.filter((p) => p.includes('*')), TRANSPORTS.filter((p) => !p.includes('*'))].map((paths) => ({
  from: paths.map((p) => `./${p}`),
  message: `services never import a transport (${WHY})`,
}));
const compositionZone = { from: COMPOSITION.map((p) => `./${p}`), message: `only the app's entry points import these (${WHY})` };
/** server/jobs holds the shared lease and sweep beside the queue (a domain, the last). */
const jobsZone = (message) => ({ from: './server/jobs', except: ['./lease.ts', './orphaned-files.ts'], message });

/** One block per element of the layering, each with the zones its files may not import from. */
const layering = [
  {
    files: SHARED,
    ignores: ['server/deps.ts', 'server/config.ts'],
    zones: [
      ...DOMAINS.filter((d) => d !== 'jobs').map((d) => ({ from: `./server/${d}`, message: `the shared layer imports no domain (${WHY})` })),
      jobsZone(`the shared layer imports no domain (${WHY})`),
      { from: ['./server/graphql', './server/http'], message: `the shared layer imports no transport (${WHY})` },
      compositionZone,
    ],
  },
  ...DOMAINS.map((domain, i) => ({
    files: [`server/${domain}/**`],
    ignores: [...TRANSPORTS, ...SHARED],
    zones: [
      ...DOMAINS.slice(i + 1).map((later) =>
        later === 'jobs'
          ? jobsZone(`the ${domain} domain comes before jobs (${WHY})`)
          : { from: `./server/${later}`, message: `the ${domain} domain comes before ${later}: move what both need down, or the orchestration up (${WHY})` },
      ),
      ...transportZones,
      compositionZone,
    ],
  })),
  {
    files: TRANSPORTS,
    zones: [{ from: './db', except: ['./content'], message: `transports reach the database only through services (${WHY})` }, compositionZone],
  },
  {
    // The database and its content are below the server, the seed (built by services) above it.
    files: ['db/**'],
    zones: [{ from: './server', message: `db/ imports nothing of the server (${WHY})` }],
  },
].map(({ files, ignores = [], zones }) => ({
  files,
  ignores,
  rules: { 'import-x/no-restricted-paths': ['error', { zones: zones.map((z) => ({ target: './', ...z })) }] },
}));

// ---------------------------------------------------------------- the config

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'bench/results/', 'test-results/', '**/__generated__/', 'db/migrations/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // TypeScript checks these already (typescript-eslint's advice), and faster.
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      'import-x/no-unresolved': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // ws exports its WebSocket class both as the default and by name; importing the default is fine.
      'import-x/no-named-as-default': 'off',
      // A graphql`…` tag alone declares a Relay fragment for relay-compiler.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      // `_name` marks a value taken apart on purpose and left unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests and benchmarks read GraphQL and REST replies as the untyped JSON they are.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // deps.ts and config.ts describe the parts the app builds: they name the parts' types (and
    // config parses the webhook networks with their parser), never a service.
    files: ['server/deps.ts', 'server/config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*/**', '!./integrations/addresses.ts'],
              allowTypeImports: true,
              message: `deps.ts and config.ts import only types from above the shared layer (${WHY})`,
            },
          ],
        },
      ],
    },
  },
  ...layering,
);
