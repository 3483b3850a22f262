import { mergeConfig, defineConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Two projects: the browser-side components in jsdom, and everything that talks
// to a real database (API contract, migrations, server) in plain Node.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./tests/setup-dom.ts'],
            // Starts the real API (PGlite) once; tests reach it through tests/support/real-api.tsx.
            globalSetup: ['./tests/support/web-global-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            environment: 'node',
            include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
            testTimeout: 30000,
            hookTimeout: 60000,
          },
        },
      ],
    },
  }),
)
