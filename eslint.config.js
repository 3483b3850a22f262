import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import { readdirSync } from 'node:fs'
import { URL } from 'node:url'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Every folder of src/features is a feature (new ones are covered as they come).
const features = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// The browser app reaches the server folder only through its contract
// (supabase/functions/_shared/contract/, docs/decisions/026).
const serverImports = [
  {
    group: ['@shared/*', '!@shared/contract', '!@shared/contract/*'],
    message:
      'The browser app imports from the server folder only through @shared/contract/ (types, schemas, messages, links); add what it needs there.',
  },
  {
    group: ['../**/supabase/**', '../**/server/**', '../**/build/**', '../**/scripts/**'],
    message: 'Reach server code through @shared/contract/, never by a relative path.',
  },
]

// What tests share is reached through one alias, @test-support/ (tests/support/,
// docs/ARCHITECTURE.md "Tests"), never by climbing relative paths; the browser
// app's own code never reaches it at all.
const supportByPath = {
  group: ['**/tests/support', '**/tests/support/**', '../support', '../support/**'],
  message: 'Import test helpers as @test-support/..., never by a relative path.',
}
const supportInApp = {
  group: ['@test-support/*', '@test-support/**'],
  message: 'Test helpers are for tests only.',
}
const TESTS = '**/*.test.{ts,tsx}'

/**
 * `no-restricted-imports` with `patterns` on `files` (globs ending in
 * '*.{ts,tsx}'): their app code may not import test helpers at all, their tests
 * only through the alias.
 */
const importRules = (files, patterns) => [
  {
    files,
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...patterns, supportByPath, supportInApp] }],
    },
  },
  {
    files: files.map((glob) => glob.replace('*.{ts,tsx}', '*.test.{ts,tsx}')),
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, supportByPath] }] },
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'site',
      'scratch',
      'node_modules',
      '.data',
      'coverage',
      'test-results',
      'playwright-report',
      'supabase/functions/api/index.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-globals': [
        'error',
        { name: 'alert', message: 'Show the message in the page.' },
      ],
      // A call's path, body and answer are typed by the API's declarations
      // (src/lib/api-calls.ts, docs/decisions/086): never by hand.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][typeArguments]",
          message:
            "The call's types come from its declaration (src/lib/api-calls.ts): name the declared path, without a type argument.",
        },
      ],
    },
  },
  ...importRules(['src/**/*.{ts,tsx}'], serverImports),
  {
    // Tests, the server, the build, the scripts and the config files outside tests/support itself.
    files: [
      'tests/**/*.{ts,tsx}',
      'server/**/*.ts',
      'build/**/*.ts',
      'scripts/**/*.ts',
      'supabase/**/*.ts',
      '*.ts',
    ],
    ignores: ['tests/support/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [supportByPath] }] },
  },
  {
    // What serves requests never needs the build or the scripts; they may use it
    // (docs/ARCHITECTURE.md, "Where code lives").
    files: ['server/**/*.ts'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            supportByPath,
            {
              group: ['**/build/**', '**/scripts/**'],
              message:
                'server/ is what runs when the product serves requests: it imports neither build/ nor scripts/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Bodies are read under a ceiling (docs/decisions/044): through readJson or
    // receiveFile, which apply hono/body-limit first.
    files: ['supabase/functions/_shared/**/*.ts', 'server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'supabase/functions/_shared/http/validate.ts',
      'supabase/functions/_shared/http/body-limit.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.property.name='req'][callee.property.name=/^(json|text|formData|blob|arrayBuffer|parseBody)$/]",
          message:
            'Read a request body through readJson (validate.ts) or receiveFile (body-limit.ts): they apply its ceiling.',
        },
      ],
    },
  },
  // Shared code flows one way: ui/lib/config -> features -> app. A feature never
  // imports another feature (docs/ARCHITECTURE.md ("How the code reads")).
  ...features.flatMap((feature) =>
    importRules(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: features.filter((f) => f !== feature).map((f) => `@/features/${f}/**`),
          message:
            'A feature never imports another feature. Reads of a REST resource (query keys, queryOptions, fetchers) live once in lib/queries/<resource>.ts; other shared code goes to lib/ or components/.',
        },
        {
          // The same rule for relative paths, which the aliases above do not see.
          group: features
            .filter((f) => f !== feature)
            .flatMap((f) => [`../${f}/**`, `../../${f}/**`, `../../../${f}/**`]),
          message:
            'A feature never imports another feature, by alias or by relative path; shared code goes to lib/ or components/.',
        },
        { group: ['@/app/**'], message: 'Features do not import from app/.' },
        ...serverImports,
      ],
    ),
  ),
  ...importRules(
    ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    [
      {
        group: ['@/features/**', '@/app/**'],
        message: 'Shared code does not import features or app.',
      },
      ...serverImports,
    ],
  ),
)
