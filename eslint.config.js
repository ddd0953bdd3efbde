// Lint for the whole repository: typescript-eslint's recommended rules, no import cycles, and
// the server's layering (docs/architecture.md): the shared layer, then the domains in order,
// then the transports. A domain imports only the shared layer and the domains before it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The server's domains, lowest first. Each may import the ones before it, never the ones after.
const domains = [
  'users',
  'classes',
  'textbooks',
  'tasks',
  'integrations',
  'reports',
  'live',
  'results',
  'mistakes',
];

const domainZones = domains.flatMap((domain, i) =>
  domains.slice(i + 1).map((later) => ({
    target: `./server/${domain}`,
    from: `./server/${later}`,
    message: `the ${domain} domain comes before ${later} (docs/architecture.md): move what both need down, or the orchestration up`,
  })),
);

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'bench/results/', '**/__generated__/', 'db/migrations/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: domainZones }],
    },
  },
);
