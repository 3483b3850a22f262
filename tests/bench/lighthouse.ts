// Lighthouse 12 (exact devDependency) in Debian's Chromium, through its CLI so
// each run gets a fresh browser. Median of the runs for every figure.
import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { median } from './wrk.ts'

const run = promisify(execFile)

export const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking'
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export interface LighthouseResult {
  url: string
  formFactor: 'mobile' | 'desktop'
  runs: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  /** The other metrics behind the performance score, to see which one moved. */
  fcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  /** Audits that lost points in the last run, for the report (title only). */
  failing: string[]
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; scoreDisplayMode: string }
  >
}

async function once(
  root: string,
  url: string,
  formFactor: 'mobile' | 'desktop',
  outFile: string,
): Promise<Report> {
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ]
  await run(path.join(root, 'node_modules', '.bin', 'lighthouse'), args, {
    cwd: root,
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    maxBuffer: 16 << 20,
    timeout: 180_000,
  })
  const report = JSON.parse(await readFile(outFile, 'utf8')) as Report
  await rm(outFile, { force: true })
  return report
}

const score = (report: Report, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)

function failing(report: Report): string[] {
  const ids = new Set<string>()
  for (const [name, category] of Object.entries(report.categories)) {
    if (name === 'performance') continue
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id]
      if (
        ref.weight > 0 &&
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative'
      )
        ids.add(audit.title)
    }
  }
  return [...ids]
}

export async function lighthouse(
  root: string,
  url: string,
  formFactor: 'mobile' | 'desktop',
  runs: number,
  scratchDir: string,
): Promise<LighthouseResult> {
  const reports: Report[] = []
  for (let i = 0; i < runs; i++)
    for (let attempt = 1; ; attempt++)
      try {
        const file = path.join(scratchDir, `lighthouse-${formFactor}-${i}.json`)
        reports.push(await once(root, url, formFactor, file))
        break
      } catch (error) {
        // Chromium sometimes loses the trace of a load (NO_NAVSTART): that run is made again.
        if (attempt === 3 || !String((error as Error).message).includes('NO_NAVSTART')) throw error
        console.error(`Lighthouse ${formFactor} ${url}: no trace recorded, run ${i + 1} again`)
      }
  const m = (fn: (r: Report) => number) => median(reports.map(fn))
  return {
    url,
    formFactor,
    runs,
    performance: m((r) => score(r, 'performance')),
    accessibility: m((r) => score(r, 'accessibility')),
    bestPractices: m((r) => score(r, 'best-practices')),
    seo: m((r) => score(r, 'seo')),
    lcpMs: m((r) => r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    fcpMs: m((r) => r.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: m((r) => r.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: m((r) => r.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
    speedIndexMs: m((r) => r.audits['speed-index']?.numericValue ?? Number.NaN),
    failing: failing(reports[reports.length - 1]!),
  }
}
