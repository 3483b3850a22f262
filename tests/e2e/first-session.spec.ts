// The owner's first session (docs/PRODUCT.md §28, §2.10 "Profile"): from an
// install with the demo, the dashboard removes it, the Profile screen is
// filled by keyboard alone (name, headline, place, open to work with a note,
// a booking link, two links), and the public page, as a visitor without
// JavaScript gets it, is theirs: name, headline, the badge, "Book a call",
// the links with rel="me" and the JSON-LD Person. The Profile screen is
// scanned in light and dark and at 390 px. It ends where it started: the
// backup kept by the removal is restored, so the journeys after it find the
// demo as before (as remove-demo.spec.ts does).
import type { Locator, Page } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

const ME = {
  name: 'Robin Kestrel',
  headline: 'Accessibility-minded frontend engineer',
  location: 'Ghent, Belgium',
  note: 'from April',
  booking: 'https://cal.example.com/robin',
  github: 'https://github.com/robin-kestrel',
  mastodon: 'https://hachyderm.io/@robin',
}

/** Tab until `target` has focus, as a keyboard user moves through the form. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('never reached by Tab')
}

/** Types into a field reached by Tab, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

test('removes the demo, fills the profile by keyboard, and the public page is theirs', async ({
  page,
  request,
}) => {
  // A backup, a removal, a restore, a profile and five accessibility scans.
  test.setTimeout(180_000)
  const { accessToken } = await ownerSession(request)
  const auth = { Authorization: `Bearer ${accessToken}` }
  const keptPaths = async () =>
    (
      (await (await request.get(`${API}/backup/kept`, { headers: auth })).json()) as {
        path: string
      }[]
    ).map((kept) => kept.path)
  const keptBefore = await keptPaths()
  try {
    await page.goto('/admin/dashboard')
    const card = page.getByRole('region', { name: 'Demo content' })
    const remove = card.getByRole('button', { name: 'Remove the demo content' })
    await remove.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Remove the demo content?' })
    await expect(dialog).toBeVisible()
    // The safe choice has the focus first; Tab reaches the removal.
    const confirm = dialog.getByRole('button', { name: 'Remove the demo content' })
    await tabTo(page, confirm)
    await page.keyboard.press('Enter')
    await expect(card).toContainText(/Demo content removed: \d+ projects?/)

    // Without the demo or a name, the dashboard guides: the first step is the profile.
    const steps = page.getByRole('region', { name: 'Make it yours' })
    await expect(steps).toBeVisible()
    await steps.getByRole('link', { name: /Your name and photo/ }).click()
    await expect(page).toHaveURL(/\/admin\/profile$/)
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()

    await typeInto(page, page.getByLabel('Name', { exact: true }), ME.name)
    await typeInto(page, page.getByLabel('Headline'), ME.headline)
    await typeInto(page, page.getByLabel('Location'), ME.location)
    const availability = page.getByLabel('Availability', { exact: true })
    await tabTo(page, availability)
    // "Not said" -> "Open to work".
    await page.keyboard.press('ArrowDown')
    await expect(availability).toHaveValue('open')
    await typeInto(page, page.getByLabel('Availability note'), ME.note)
    await typeInto(page, page.getByLabel('Booking link'), ME.booking)

    const links = page.getByRole('region', { name: 'Links' })
    await tabTo(page, links.getByRole('button', { name: 'Add a link' }))
    await page.keyboard.press('Enter')
    // A new link is GitHub; its address is next.
    await expect(page.getByLabel('Link 1: kind')).toHaveValue('github')
    await typeInto(page, page.getByLabel('Link 1: address'), ME.github)
    await tabTo(page, links.getByRole('button', { name: 'Add a link' }))
    await page.keyboard.press('Enter')
    const kind = page.getByLabel('Link 2: kind')
    await tabTo(page, kind)
    // A closed select takes the option whose name is typed.
    await page.keyboard.type('Mastodon')
    await expect(kind).toHaveValue('mastodon')
    await typeInto(page, page.getByLabel('Link 2: address'), ME.mastodon)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').getByText('Profile saved')).toBeVisible({
      timeout: 20_000,
    })

    // The Profile screen, filled, in both themes and at phone width.
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.reload()
      await expect(page.getByLabel('Headline')).toHaveValue(ME.headline)
      await expectAccessible(page, `profile screen after the first session (${theme})`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await expect(page.getByLabel('Headline')).toHaveValue(ME.headline)
    await expectAccessible(page, 'profile screen at 390 px')

    // The public page as a visitor without JavaScript gets it.
    const home = await request.get('/')
    expect(home.status()).toBe(200)
    const html = await home.text()
    const hero = /<div id="hero-profile">([\s\S]*?)<h1/.exec(html)?.[1] ?? ''
    for (const text of [ME.name, ME.headline, ME.location, 'Open to work', ME.note, 'Book a call'])
      expect(hero, text).toContain(text)
    expect(hero).toContain(`href="${ME.booking}"`)
    for (const url of [ME.github, ME.mastodon])
      expect(hero, url).toMatch(new RegExp(`<a href="${url}" rel="me[^"]*"`))
    const person = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Person')
    expect(person).toMatchObject({
      '@type': 'Person',
      name: ME.name,
      jobTitle: ME.headline,
      address: { addressLocality: ME.location },
      sameAs: expect.arrayContaining([ME.github, ME.mastodon]),
    })
    // And in the browser, the demo is gone from it.
    await page.goto('/')
    await expect(page.locator('#hero-profile')).toContainText(ME.name)
    await expect(page.locator('main')).not.toContainText('Lumen Notes')
  } finally {
    // Put the site back as the other journeys expect it: the backup the removal kept.
    const made = (await keptPaths()).filter((kept) => !keptBefore.includes(kept))
    for (const path of made) {
      const restored = await request.post(`${API}/backup/restore`, {
        data: { path },
        headers: auth,
      })
      expect(restored.status(), `restoring ${path}`).toBe(200)
    }
  }
})
