// Each run starts with empty artefact folders (Playwright only cleans its own outputDir).
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

export default async function globalSetup() {
  for (const dir of ['screenshots', 'axe']) {
    const full = path.resolve(process.env.E2E_RESULTS_DIR || 'test-results', dir)
    await rm(full, { recursive: true, force: true })
    await mkdir(full, { recursive: true })
  }
}
