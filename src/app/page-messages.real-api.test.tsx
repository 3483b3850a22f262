// The public page in French, its content from the real API
// (tests/support/real-api.tsx): the interface texts and the default site texts
// from the French catalogue, dates written for French. The test server is
// shared by every test file, so its languages stay English; the page is given
// a French-default site the way the renderer hands it over, as GET /languages'
// answer already in the query cache (e2e drives a real French-default site).
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { expect, test } from 'vitest'
import { createQueryClient } from '@/app/provider'
import { routes } from '@/app/router'
import { languagesQueryOptions } from '@/lib/i18n/page-language'
import { connectToRealApi, server, unique } from '@test-support/real-api'

connectToRealApi()

function renderSite(url: string, site: { default: string; languages: string[] }) {
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  client.setQueryData(languagesQueryOptions().queryKey, site)
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

test("a French-default site's home page speaks French, dates and default texts included", async () => {
  const certification = await server.createCertification({
    name: unique('Certification'),
    obtainedDate: '2024-05-10',
  })
  // The Skills link and the portfolio's button show only while there is a
  // technology and a project: this file makes its own rather than count on
  // another file having made them first.
  await server.createTechnology({ name: unique('Technology') })
  await server.createProject({ name: unique('Project'), description: 'd' })
  renderSite('/', { default: 'fr', languages: ['fr'] })

  // The owner set no hero title: the French default, not the English one.
  const hero = await screen.findByRole('heading', { level: 1, name: /DÉVELOPPEUR\s*FULL STACK/ })
  expect(hero).toBeVisible()
  const nav = screen.getByRole('navigation', { name: 'Principale' })
  expect(within(nav).getByRole('link', { name: 'Compétences' })).toHaveAttribute('href', '#skills')
  expect(within(nav).getByRole('button', { name: /Passer au thème (sombre|clair)/ })).toBeVisible()
  expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Aller au contenu' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'VOIR MES RÉALISATIONS' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'MES CERTIFICATIONS' })).toBeVisible()
  expect(
    screen.getByRole('heading', { level: 2, name: 'UN PROJET À ME PRÉSENTER\u00a0?' }),
  ).toBeVisible()
  expect(screen.getByRole('link', { name: 'Voir le CV' })).toHaveAttribute('href', '/cv')

  const card = screen.getByRole('heading', { level: 3, name: certification.name }).closest('li')!
  expect(within(card).getByText('mai 2024')).toHaveAttribute('datetime', '2024-05-10')
  expect(screen.queryByText(/View CV|VIEW MY WORK|Switch to/)).not.toBeInTheDocument()

  // The contact form's own checks, in French; it sends nothing.
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Envoyer le message' }))
  expect(await screen.findByText('Le nom est obligatoire')).toBeVisible()
  expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible()
  expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveAccessibleDescription(
    'Le nom est obligatoire',
  )
})

test('a Brazilian Portuguese page reads the Portuguese catalogue', async () => {
  renderSite('/pagina-que-nao-existe', { default: 'pt-BR', languages: ['pt-BR'] })
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
  ).toBeVisible()
  expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/')
})

test('a language without a catalogue falls back to English', async () => {
  renderSite('/nowhere', { default: 'ja', languages: ['ja'] })
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
})
