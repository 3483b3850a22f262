// The accessibility check every journey uses (tests/support/e2e/axe.ts) looks
// inside the page's own frames too, as the Appearance screen's preview is, and
// fails on what is serious there: a check that saw only the outer page would
// pass every screen with a broken preview.
import { axeViolations, expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'

const OUTER = `<!doctype html><html lang="en"><head><title>Outer</title></head>
<body><main><h1>Outer page</h1><iframe title="Inner page" src="/axe-check/inner"></iframe></main></body></html>`
// A picture without a text alternative (critical) and grey on grey (serious).
const INNER = `<!doctype html><html lang="en"><head><title>Inner</title></head>
<body><main><img src="/favicon.svg"><p style="color:#777;background:#888">Faint words</p></main></body></html>`

test('the accessibility check finds serious problems inside a frame of the page', async ({
  page,
}) => {
  await page.route(
    (url) => url.pathname.startsWith('/axe-check/'),
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/inner') ? INNER : OUTER,
      }),
  )
  await page.goto('/axe-check/outer')
  await expect(page.frameLocator('iframe').getByText('Faint words')).toBeVisible()

  const found = (await axeViolations(page)).map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }))
  expect(found).toEqual(
    expect.arrayContaining([
      { rule: 'image-alt', impact: 'critical', targets: ['iframe img'] },
      { rule: 'color-contrast', impact: 'serious', targets: ['iframe p'] },
    ]),
  )
  await expect(expectAccessible(page, 'axe check: a frame with problems')).rejects.toThrow(
    /image-alt \(critical\)[\s\S]*color-contrast \(serious\)|color-contrast \(serious\)[\s\S]*image-alt \(critical\)/,
  )
})
