import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = [
  'home',
  'auth',
  'dashboard',
  'projects',
  'technologies',
  'certifications',
  'configurations',
  'users',
  'messages',
  'backup',
  'project-view',
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
            { group: ['@/app/**'], message: 'Features do not import from app/.' },
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
          ],
        },
      ],
    },
  },
)
