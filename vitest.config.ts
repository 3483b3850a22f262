import os from 'node:os'
import { mergeConfig, defineConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// The browser-side components in jsdom ('web'), and everything that talks to a
// real database (API contract, migrations, server) in plain Node ('api', on the
// embedded PGlite). With TEST_POSTGRES_URL the same contract suite also runs on
// PostgreSQL through postgres.js ('api-postgres'); with TEST_DENO=1 as well, it
// runs against the edge function under Deno ('api-deno', `npm run test:deno`).
// tests/support/api-harness.ts reads TEST_TARGET to pick the target.
const contract = ['tests/api/**/*.test.ts']
const postgresUrl = process.env.TEST_POSTGRES_URL?.trim()
const contractOn = (target: 'postgres' | 'deno') => ({
  extends: true as const,
  test: {
    name: `api-${target}`,
    environment: 'node' as const,
    include: contract,
    env: { TEST_TARGET: target },
    testTimeout: 30000,
    hookTimeout: 120000,
    // As the api project (below): the same files, so the same care for
    // process-wide state; a worker loads the harness, the app and the
    // drivers once (24 files: 111 -> 67 s of CPU on PostgreSQL, 138 -> 99 s
    // on Deno, same results).
    isolate: false,
  },
})

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // One worker per core. Vitest's own default is one fewer, which on a
      // 2-core machine ran every file one after another; most files spend
      // much of their time waiting on a database, a server or a child process,
      // so two workers keep both cores busy. --maxWorkers still overrides.
      maxWorkers: os.availableParallelism(),
      // postgres.js asks each new connection for the array types in a query
      // nobody awaits; when a fault test kills the connection during it, that
      // rejection is unhandled inside the driver (npm start logs it and keeps
      // serving: docs/decisions/022). Only that one query's failure is let
      // through; every other unhandled error still fails the run.
      onUnhandledError: (error) =>
        !String((error as { query?: unknown }).query ?? '').includes('b.typarray'),
      projects: [
        {
          extends: true,
          // The vm pool below loads a package's CommonJS build with its own
          // loader, which cannot take what that build then require()s as an
          // ES module: react-router-dom's and recharts' CommonJS builds both do
          // (Node 20's `module-sync` condition). So they are taken as ES
          // modules from the start: `module-sync` (Vitest's own conditions
          // plus it) picks react-router-dom's, and recharts, which has no
          // exports map, is pointed at its ES build, which Vite transforms.
          resolve: {
            conditions: ['node', 'module-sync', 'development|production'],
            alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
          },
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./tests/setup-dom.ts'],
            // Starts the real API (PGlite) once; tests reach it through tests/support/real-api.tsx.
            globalSetup: ['./tests/support/web-global-setup.ts'],
            // One process per worker, and a fresh VM context (its own jsdom,
            // globals and modules) for each file: as isolated as a process per
            // file, without starting Node, jsdom and React again every time.
            pool: 'vmForks',
            server: { deps: { inline: ['recharts'] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            environment: 'node',
            include: [
              'tests/api/**/*.test.ts',
              'server/**/*.test.ts',
              'build/**/*.test.ts',
              'scripts/**/*.test.ts',
              'tests/support/**/*.test.ts',
            ],
            testTimeout: 30000,
            hookTimeout: 60000,
            // A worker keeps its loaded modules from one file to the next
            // (Hono, PGlite's WebAssembly, the app): loading them again for
            // every file cost about a third of this project's CPU time. Each
            // file still gets its own database and app (createTestContext);
            // a file that changes process-wide state puts it back in afterAll.
            isolate: false,
          },
        },
        {
          // `npm run test:faults` (docs/RELIABILITY.md): the real `npm start` broken on purpose.
          extends: true,
          test: {
            name: 'faults',
            environment: 'node',
            include: ['tests/faults/**/*.test.ts'],
            testTimeout: 240000,
            hookTimeout: 120000,
            // Its files run beside the others' rather than alone after them,
            // where one core idled for about two minutes (docs/TESTING.md).
          },
        },
        ...(postgresUrl ? [contractOn('postgres')] : []),
        ...(postgresUrl && process.env.TEST_DENO === '1' ? [contractOn('deno')] : []),
      ],
    },
  }),
)
