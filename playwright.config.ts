// End-to-end tests (docs/contributing.md, "End-to-end tests"): Debian's Chromium drives the
// production build (`npm run build && npm start`) over an empty database with
// the demo seed applied: the embedded PGlite, created fresh for every run, or
// with E2E_DATABASE_URL an empty PostgreSQL database (the server migrates it
// on start, as it would in production, and seeds it because DEMO_CONTENT=on).
import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4199)
const baseURL = `http://localhost:${PORT}`

// The config is loaded again in each worker; the environment carries the one
// folder of this run to them (and to the tests, which read the JWT secret and
// keep the signed-in state there). It holds the embedded database, uploads,
// the generated JWT secret and the build; global teardown removes it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'))
const dataDir = process.env.E2E_DATA_DIR
// E2E_DIST_DIR: a production build made beforehand (.ci/run builds once for
// the runs on both databases); without it, the run builds into its own folder.
const prebuilt = process.env.E2E_DIST_DIR?.trim() ?? ''
const distDir = prebuilt ? path.resolve(prebuilt) : path.join(dataDir, 'dist')
// E2E_RESULTS_DIR: where this run's artefacts go (screenshots, axe log, traces),
// so two runs side by side do not clear each other's (tests/support/e2e/env.ts).
process.env.E2E_RESULTS_DIR ??= 'test-results'
const resultsDir = process.env.E2E_RESULTS_DIR

const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((candidate) => existsSync(candidate))

const CI = Boolean(process.env.CI)
// `npm run screenshots`: the screens tour alone, on the fresh seeded database,
// so the pictures of the README and docs/screenshots.md show the demo content and nothing else.
const screensOnly = process.env.E2E_SCREENS === '1'
const databaseUrl = process.env.E2E_DATABASE_URL?.trim() ?? ''
// GitHub cannot be reached from here: the run's GitHub is the API tests'
// stand-in (tests/support/e2e/github-stand-in-main.ts), on a port of its own
// beside E2E_PORT so that two runs side by side keep apart.
const githubPort = PORT + 300

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: path.join(resultsDir, 'playwright'),
  // One browser at a time: the machine has 2 cores, and the journeys share one database.
  workers: 1,
  fullyParallel: false,
  forbidOnly: CI,
  // No retries: the owner journey is one serial story over one database, so a
  // retry would replay it on changed data and only blur the first failure.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Never opens an HTML report server: a list on the console, plus a report folder to look at afterwards.
  reporter: CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: path.join(resultsDir, 'html-report') }]],
  globalSetup: './tests/support/e2e/global-setup.ts',
  globalTeardown: './tests/support/e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      // Cut off from the internet, so a run never depends on a CDN: every
      // request but those to this machine goes to a proxy that is not there
      // and fails. Done by the browser's network stack rather than by
      // intercepting requests in the test (context.route), which sent each
      // request through the test process and turned the HTTP cache off: the
      // journeys took 466 s that way (docs/TESTING.md).
      proxy: { server: 'http://127.0.0.1:9', bypass: 'localhost,127.0.0.1' },
    },
  },
  projects: [
    // Registers the first admin through the UI and keeps the signed-in state for the others.
    {
      name: 'setup',
      testMatch: /register\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testMatch: screensOnly ? /screens\.spec\.ts/ : /.*\.spec\.ts/,
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/support/e2e/github-stand-in-main.ts',
      url: `http://127.0.0.1:${githubPort}/users/vitrine-e2e/repos`,
      env: { GITHUB_STAND_IN_PORT: String(githubPort) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The production build and server. The build goes into the run's own folder
      // (DIST_DIR), so another `npm run build` of dist/ meanwhile cannot break the run.
      command: prebuilt
        ? 'npm start'
        : `npm run build -- --outDir "${distDir}" --emptyOutDir && npm start`,
      url: `${baseURL}/functions/v1/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        JWT_SECRET: '',
        DATABASE_URL: databaseUrl,
        // The journeys start from the demo portfolio, which `npm start` leaves out by default.
        DEMO_CONTENT: 'on',
        GITHUB_API_URL: `http://127.0.0.1:${githubPort}`,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
