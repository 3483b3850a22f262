// Accessibility: an axe-core scan of what the page shows right now. Serious and
// critical violations fail the test (each one printed with its nodes); minor
// and moderate ones are logged for the summary printed at the end of the run.
import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, type Frame, type Page } from '@playwright/test'
import axe from 'axe-core'
import { axeLog } from './env'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
const OPTIONS = {
  runOnly: { type: 'tag', values: TAGS },
  // Only violations: axe then skips listing every passing node.
  resultTypes: ['violations'],
  // No ping first: axe's default gives a frame 500 ms to answer a ping and then
  // leaves it out without a word. Each frame is asked to run at once and must
  // answer within axe's frameWaitTime (60 s), or the scan fails.
  pingWaitTime: 0,
} satisfies axe.RunOptions

/** axe in a frame's document, once per document (a navigation starts a new one), however long it takes. */
async function ensureAxe(frame: Frame) {
  if ((await frame.evaluate('typeof window.axe')) !== 'undefined') return
  await frame.evaluate(axe.source)
  await frame.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'] })`)
}

/**
 * axe's findings on the page as it is now, frames of the page's own origin
 * included. axe runs in the page itself and asks the page's frames for their
 * findings (what @axe-core/playwright calls legacy mode; its default opens a
 * blank page per scan to merge per-frame results, 2 to 3 times slower for
 * the same findings on our pages, which have no frames from other origins).
 * Done here rather than through @axe-core/playwright, whose legacy mode
 * evaluated axe's 550 kB source twice per scan in the page and once in each
 * frame, gave each frame 1 s to take it and went on without it when it did
 * not (on a loaded machine the Appearance preview's findings were then
 * silently missing), and whose `options()` replaced the tags given to
 * `withTags()` (so three rules of these tags never ran: target-size,
 * aria-roledescription, audio-caption).
 */
export async function axeViolations(page: Page) {
  for (const frame of page.frames()) await ensureAxe(frame)
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, options as axe.RunOptions)
        .then((results) => results.violations),
    OPTIONS,
  )
}

export async function expectAccessible(page: Page, name: string) {
  // Let dialog and drawer animations settle so contrast is measured on the final colours.
  if (await page.locator('[role="dialog"], [role="alertdialog"]').count())
    await page.waitForTimeout(300)
  // And colour transitions (a theme just switched): axe reads the colours of the moment.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: 2000,
    })
    .catch(() => {})
  const violations = await axeViolations(page)
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const minor = violations.filter((v) => !blocking.includes(v))
  mkdirSync(path.dirname(axeLog), { recursive: true })
  appendFileSync(
    axeLog,
    JSON.stringify({
      name,
      blocking: blocking.length,
      minor: minor.length,
      rules: minor.map((v) => `${v.id}(${v.impact})`),
    }) + '\n',
  )
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map(
            (node) =>
              `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n')
  expect(
    blocking.map((v) => `${v.id} (${v.impact})`),
    `axe found serious/critical violations on "${name}":\n${report}`,
  ).toEqual([])
}
