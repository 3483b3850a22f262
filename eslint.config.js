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
    group: ['../**/supabase/**', '../**/server/**'],
    message: 'Reach server code through @shared/contract/, never by a relative path.',
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
      'no-restricted-imports': ['error', { patterns: serverImports }],
    },
  },
  // Shared code flows one way: ui/lib/config -> features -> app. A feature never
  // imports another feature (docs/ARCHITECTURE.md ("How the code reads")).
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**'],
              message: 'Shared code does not import features or app.',
            },
            ...serverImports,
          ],
        },
      ],
    },
  },
)
