import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.shots/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Repositories own all SQL: the rest of the modules (services, routes, helpers, the workflow engine's logic) call
  // them and never build a query.
  {
    files: ['server/src/modules/**/*.ts', 'server/src/**/*.service.ts', 'server/src/**/*.routes.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.repository.ts',
      // SQL pieces and table types that repositories are built from.
      '**/queries.ts',
      '**/tables.ts',
      // A module's attacks for the security suite (test code that sets up its own rows).
      '**/security.ts',
      // The engine's store is its repository (functions taking the engine's transaction).
      'server/src/modules/workflow/engine/store/**',
      // The access layer of linked external databases: their SQL is the data source, not this app's tables.
      'server/src/modules/database-link/driver-*.ts',
      'server/src/modules/database-link/link-drivers.ts',
      // A `select 1` liveness probe of the connection, not data access.
      'server/src/modules/health/health.checks.ts',
      // Seed data writers (migrations and seeding), not the modules' data access.
      'server/src/modules/dictionary/demo-data.ts',
      'server/src/modules/language/default-languages.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in the module repository (*.repository.ts).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL belongs in the module repository (*.repository.ts).',
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Only repositories use Kysely; import its types with `import type`.', allowTypeImports: true }] },
      ],
    },
  },
  // The web calls the server only through each feature's typed api.ts (paths, bodies and answers in one place).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // lib/ is the API client itself (requests, token refresh).
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', 'web/src/lib/**', '**/api.ts', '**/*-api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|patch|del)$/], CallExpression[callee.name=/^(downloadApiFile|request)$/]",
          message: "Server calls belong in the feature's api.ts, as typed functions built from the contracts.",
        },
      ],
    },
  },
  // Layers: core serves the modules and imports none of them; web lib and components serve the features.
  {
    files: ['server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'core/ must not depend on a feature module: declare the interface in core and let the module implement it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'lib/ and components/ serve the features and the app; they import neither.' }] },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Modules add their table and message keys to core's interfaces by declaration merging (`interface X extends Y {}`).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
);
