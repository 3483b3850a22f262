// Accessibility: an axe-core scan of what the page shows right now. Serious and
// critical violations fail the test (each one printed with its nodes); minor
// and moderate ones are logged for the summary printed at the end of the run.
import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { axeLog } from './env'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe's findings on the page as it is now, frames of the page's own origin
 * included. Legacy mode runs axe in the page itself: the default opens a
 * blank page per scan to merge per-frame results, which made each scan 2 to
 * 3 times slower (the home page 2.6 s against 1.0 s) for the same findings;
 * what it adds, frames from other origins, our pages do not have.
 * Only violations are asked for: axe then skips listing every passing node.
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations
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
