// Prints how many accessibility scans ran and what they found, and removes the
// run's temporary data folder (the server is stopped by then).
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'

interface ScanRecord {
  name: string
  blocking: number
  minor: number
  rules: string[]
}

export default async function globalTeardown() {
  const log = path.resolve(process.env.E2E_RESULTS_DIR || 'test-results', 'axe', 'scans.jsonl')
  if (existsSync(log)) {
    const scans = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ScanRecord)
    const blocking = scans.filter((scan) => scan.blocking > 0)
    const minorRules = [...new Set(scans.flatMap((scan) => scan.rules))]
    console.log(
      `\naxe: ${scans.length} scans, ${blocking.length} with serious/critical violations` +
        (blocking.length ? ` (${blocking.map((scan) => scan.name).join(', ')})` : '') +
        `; minor/moderate rules seen: ${minorRules.length ? minorRules.join(', ') : 'none'}`,
    )
  }
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir && !process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true })
}
