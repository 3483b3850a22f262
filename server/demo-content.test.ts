// Whether a new database starts with the demo portfolio (README, "Environment";
// docs/decisions/070-start-clean.md): `npm run dev` seeds it, `npm start`
// does not, and DEMO_CONTENT=on|off decides over both.
import { rm } from 'node:fs/promises'
import { afterEach, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'

describe('DEMO_CONTENT', () => {
  test("is off for npm start's settings and on for npm run dev's, unless it says otherwise", () => {
    expect(readConfig({}, { port: 3000 }).demoContent).toBe(false)
    expect(readConfig({}, { port: 5173, demoContent: true }).demoContent).toBe(true)
    expect(readConfig({ DEMO_CONTENT: 'on' }, { port: 3000 }).demoContent).toBe(true)
    expect(
      readConfig({ DEMO_CONTENT: ' OFF ' }, { port: 5173, demoContent: true }).demoContent,
    ).toBe(false)
    expect(readConfig({ DEMO_CONTENT: 'true' }).demoContent).toBe(true)
    expect(() => readConfig({ DEMO_CONTENT: 'maybe' })).toThrow(/DEMO_CONTENT must be on or off/)
  })
})

describe('a new embedded database', () => {
  let stack: Stack | undefined
  let dataDir: string | undefined
  afterEach(async () => {
    await stack?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    stack = dataDir = undefined
  })
  const start = async (env: Record<string, string>, defaults?: { demoContent: boolean }) => {
    // Migrated, never seeded: whether to seed is decided at start, as on a new folder.
    dataDir = await migratedDataDir('vitrine-demo-content-')
    stack = await createStack(readConfig({ DATA_DIR: dataDir, ...env }, { port: 0, ...defaults }), {
      pgliteSettings: TEST_PGLITE_SETTINGS,
    })
    const response = await stack.app.request('/functions/v1/api/projects')
    return { seeded: stack.migration.seeded, projects: (await response.json()) as unknown[] }
  }

  test('stays empty with npm start', async () => {
    expect(await start({})).toEqual({ seeded: false, projects: [] })
  })

  test('gets the demo with npm run dev', async () => {
    const dev = await start({}, { demoContent: true })
    expect(dev.seeded).toBe(true)
    expect(dev.projects.length).toBe(5)
  })

  test('stays empty with npm run dev and DEMO_CONTENT=off', async () => {
    expect(await start({ DEMO_CONTENT: 'off' }, { demoContent: true })).toEqual({
      seeded: false,
      projects: [],
    })
  })
})
