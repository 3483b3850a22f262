import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, test, vi } from 'vitest'
import { fakeApi, fail, ok } from '@test-support/fake-api'
import CvRoute from './cv-route'

// Stubbed fetch on purpose: the page in another language needs a site in
// several languages, and the real test server is shared by every test file,
// whose pages would change language with it. The /<lang>/cv route itself is
// the app router's; here the page is shown at such a path.

afterEach(() => {
  vi.unstubAllGlobals()
})

const resume = (position: string, language?: string) => ({
  $schema: 'x',
  basics: { name: 'Léa Martin' },
  work: [{ name: 'Northwind', position, startDate: '2021-03' }],
  education: [],
  skills: [],
  certificates: [],
  projects: [],
  ...(language ? { meta: { language } } : {}),
})

function showAt(path: string) {
  const calls = fakeApi({
    'GET /languages': () => ok({ default: 'en', languages: ['en', 'fr', 'ar'] }),
    'GET /resume.json': (call) => {
      const lang = call.query.get('lang')
      if (lang === 'fr') return ok(resume('Ingénieure principale', 'fr'))
      if (lang === 'ar') return ok(resume('مهندسة أولى', 'ar'))
      return lang ? fail(400, `Unknown language: ${lang}`) : ok(resume('Senior engineer'))
    },
  })
  const router = createMemoryRouter([{ path: '*', element: <CvRoute /> }], {
    initialEntries: [path],
  })
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return calls
}

test('in French the page reads the French résumé and links the French PDF', async () => {
  const calls = showAt('/fr/cv')
  expect(
    await screen.findByRole('heading', { name: 'Ingénieure principale, Northwind' }),
  ).toBeVisible()
  expect(screen.getByRole('article')).toHaveAttribute('lang', 'fr')
  expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(
    /\/cv\.pdf\?lang=fr$/,
  )
  expect(calls.filter((c) => c.path === '/resume.json').map((c) => c.query.get('lang'))).toEqual([
    'fr',
  ])
})

test('in Arabic the CV is written right to left', async () => {
  showAt('/ar/cv')
  expect(await screen.findByRole('heading', { name: 'مهندسة أولى, Northwind' })).toBeVisible()
  expect(screen.getByRole('article')).toHaveAttribute('dir', 'rtl')
})

test('in the default language the addresses are the plain ones, without lang', async () => {
  const calls = showAt('/cv')
  expect(await screen.findByRole('heading', { name: 'Senior engineer, Northwind' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(
    /\/cv\.pdf$/,
  )
  expect(calls.some((c) => c.path === '/resume.json' && c.query.has('lang'))).toBe(false)
})
