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
  /** Every run's LCP, in run order, to see the spread behind the median. */
  lcpRunsMs: number[]
  /** The element Lighthouse took as the largest paint in the last run. */
  lcpElement: string
  /** For a static snapshot: the path of the page it was taken from. */
  snapshotOf?: string
  /** For a run of `/` per theme (docs/PRODUCT.md §27): the site's theme then. */
  theme?: string
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<
    string,
    {
      title: string
      score: number | null
      numericValue?: number
      scoreDisplayMode: string
      details?: { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] }
    }
  >
}

async function once(
  root: string,
  url: string,
  formFactor: 'mobile' | 'desktop',
  outFile: string,
  performanceOnly = false,
): Promise<Report> {
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    `--only-categories=${performanceOnly ? 'performance' : 'performance,accessibility,best-practices,seo'}`,
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

/** A category's score out of 100; NaN for one the run left out. */
const score = (report: Report, id: string) => {
  const category = report.categories[id]
  return category ? Math.round((category.score ?? 0) * 100) : Number.NaN
}

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

/** The largest-paint element of a report, as a selector and the start of its text. */
function lcpElement(report: Report): string {
  const node =
    report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
  if (!node) return 'unknown'
  const label = node.nodeLabel ? ` ("${node.nodeLabel.slice(0, 40)}")` : ''
  return `${node.selector ?? '?'}${label}`
}

async function onceWithRetries(
  root: string,
  url: string,
  formFactor: 'mobile' | 'desktop',
  file: string,
  performanceOnly = false,
): Promise<Report> {
  for (let attempt = 1; ; attempt++)
    try {
      return await once(root, url, formFactor, file, performanceOnly)
    } catch (error) {
      // Chromium sometimes loses the trace of a load (NO_NAVSTART): that run is made again.
      if (attempt === 3 || !String((error as Error).message).includes('NO_NAVSTART')) throw error
      console.error(`Lighthouse ${formFactor} ${url}: no trace recorded, run again`)
    }
}

function summarize(
  url: string,
  formFactor: 'mobile' | 'desktop',
  reports: Report[],
): LighthouseResult {
  const m = (fn: (r: Report) => number) => median(reports.map(fn))
  const lcp = (r: Report) => r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN
  const last = reports[reports.length - 1]!
  return {
    url,
    formFactor,
    runs: reports.length,
    performance: m((r) => score(r, 'performance')),
    accessibility: m((r) => score(r, 'accessibility')),
    bestPractices: m((r) => score(r, 'best-practices')),
    seo: m((r) => score(r, 'seo')),
    lcpMs: m(lcp),
    fcpMs: m((r) => r.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: m((r) => r.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: m((r) => r.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
    speedIndexMs: m((r) => r.audits['speed-index']?.numericValue ?? Number.NaN),
    failing: failing(last),
    lcpRunsMs: reports.map(lcp),
    lcpElement: lcpElement(last),
  }
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
    reports.push(
      await onceWithRetries(
        root,
        url,
        formFactor,
        path.join(scratchDir, `lighthouse-${formFactor}-${i}.json`),
      ),
    )
  return summarize(url, formFactor, reports)
}

/**
 * Several URLs measured in turns (a run of each, then the next round), so a
 * change in the machine's load between rounds falls on all of them alike:
 * how a page is compared with its static snapshot. `performanceOnly[i]`:
 * only the performance category for `urls[i]` (a snapshot's other scores say
 * nothing, and each category costs time).
 */
export async function lighthouseSideBySide(
  root: string,
  urls: string[],
  formFactor: 'mobile' | 'desktop',
  runs: number,
  scratchDir: string,
  performanceOnly: boolean[] = [],
): Promise<LighthouseResult[]> {
  const reports = urls.map((): Report[] => [])
  for (let i = 0; i < runs; i++)
    for (const [at, url] of urls.entries())
      reports[at]!.push(
        await onceWithRetries(
          root,
          url,
          formFactor,
          path.join(scratchDir, `lighthouse-${formFactor}-${at}-${i}.json`),
          performanceOnly[at] ?? false,
        ),
      )
  return urls.map((url, at) => summarize(url, formFactor, reports[at]!))
}
