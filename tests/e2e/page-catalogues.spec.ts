// The public page's interface texts come from the catalogue of its language
// (docs/PRODUCT.md §23.1): a site whose default language is French serves `/`
// with French interface texts, server-rendered and hydrated without a
// mismatch, and `/` is in English again, as before, once English is back.
// The owner's own texts (the demo's hero and section titles) stay theirs.
import type { APIRequestContext, ConsoleMessage } from '@playwright/test'
import { waitForHydration } from '@test-support/e2e/hydration'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

async function setLanguages(
  request: APIRequestContext,
  languages: { default: string; languages: string[] },
) {
  const { accessToken } = await ownerSession(request)
  const answer = await request.put(`${API}/languages`, {
    data: languages,
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  expect(answer.status()).toBe(200)
}

const FRENCH_MONTH =
  /\b(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}\b/

test("a French-default site's / speaks French; English again once English is back", async ({
  page,
  request,
}) => {
  const errors: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    // The not-found page is answered 404 on purpose; anything else (a hydration mismatch) counts.
    if (message.text().includes('status of 404')) return
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
  })
  await setLanguages(request, { default: 'fr', languages: ['fr'] })
  try {
    // In the server's HTML, before any script runs.
    const html = await (await request.get('/')).text()
    expect(html).toContain('VOIR MES RÉALISATIONS')
    expect(html).not.toContain('VIEW MY WORK')

    await page.goto('/')
    await waitForHydration(page, 'h1')
    const nav = page.getByRole('navigation', { name: 'Principale' })
    await expect(nav.getByRole('link', { name: 'Compétences' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'VOIR MES RÉALISATIONS' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voir le CV' })).toBeVisible()
    await expect(page.locator('#certifications time').first()).toHaveText(FRENCH_MONTH)
    // Hydrated in French: the theme toggle answers with its French name.
    const toggle = nav.getByRole('button', { name: /Passer au thème (sombre|clair)/ })
    const before = await toggle.getAttribute('aria-label')
    await toggle.click()
    await expect(toggle).not.toHaveAttribute('aria-label', before!)
    await expect(toggle).toHaveAttribute('aria-label', /Passer au thème (sombre|clair)/)

    // The contact form's own checks, in French.
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect(page.getByText('Le nom est obligatoire')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Nom' })).toBeFocused()

    await page.goto('/nulle-part')
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible()
    await expect(page).toHaveTitle('Page introuvable')
  } finally {
    await setLanguages(request, { default: 'en', languages: ['en'] })
  }

  await page.goto('/')
  await waitForHydration(page, 'h1')
  await expect(page.getByRole('button', { name: 'VIEW MY WORK' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Skills' }),
  ).toBeVisible()
  await expect(page.getByText('Sending a message here needs JavaScript.')).toBeHidden()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})
