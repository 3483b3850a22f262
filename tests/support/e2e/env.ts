// What every e2e file shares: the run's data folder (playwright.config.ts
// creates it and passes it on in E2E_DATA_DIR), the first admin, and where
// artefacts go.
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const dataDir = process.env.E2E_DATA_DIR ?? ''
if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests with `npm run test:e2e`')

/** The account the setup project registers on the empty database. */
export const owner = { username: 'owner', password: 'owner-secret-1' }

/** Signed-in browser state of the owner, written by register.setup.ts. */
export const ownerState = path.join(dataDir, 'owner-state.json')

/** test-results, or E2E_RESULTS_DIR (playwright.config.ts) for a run beside another. */
export const artefactsDir = path.resolve(process.env.E2E_RESULTS_DIR || 'test-results')
export const screenshotsDir = path.join(artefactsDir, 'screenshots')
export const axeLog = path.join(artefactsDir, 'axe', 'scans.jsonl')

/** The secret the server generated into DATA_DIR (server/config.ts resolveJwtSecret). */
export function jwtSecret(): string {
  return readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()
}
