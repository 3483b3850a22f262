import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'
import { CvDocument, type CvResume } from '../components/cv-document'

connectToRealApi()
loadScreensFirst('/cv')

const resume: CvResume = {
  basics: {
    name: 'Sam Rivera',
    label: 'Backend Engineer',
    email: 'sam@example.com',
    profiles: [{ url: 'https://github.com/samr' }],
  },
  work: [{ name: 'Northwind', position: 'Senior Engineer', startDate: '2021-03' }],
  education: [
    {
      institution: 'University of Porto',
      studyType: 'MSc',
      startDate: '2015-09',
      endDate: '2017-07',
    },
  ],
  skills: [{ name: 'Go' }, { name: 'PostgreSQL' }],
  certificates: [{ name: 'CKA', date: '2022-05-10' }],
  projects: [{ name: 'Ledger', startDate: '2022', endDate: '2023', keywords: ['Go'] }],
}

test('the CV shows the owner, contacts, experience, education, projects, skills and certifications', () => {
  render(<CvDocument resume={resume} />)
  expect(screen.getByRole('heading', { level: 1, name: 'Sam Rivera' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'sam@example.com' })).toHaveAttribute(
    'href',
    'mailto:sam@example.com',
  )
  expect(
    screen.getByRole('heading', { level: 3, name: 'Senior Engineer, Northwind' }),
  ).toBeVisible()
  expect(screen.getByText('March 2021 – Present')).toBeVisible()
  expect(screen.getByRole('heading', { level: 3, name: 'MSc, University of Porto' })).toBeVisible()
  expect(screen.getByText('2022 – 2023')).toBeVisible()
  expect(screen.getByText('Go, PostgreSQL')).toBeVisible()
  expect(screen.getByText('May 2022')).toBeVisible()
})

test('/cv reads the résumé from the API, with Print and the PDF', async () => {
  const { findByRole, getByRole } = await renderApp('/cv')
  expect(await findByRole('heading', { level: 1 })).toBeVisible()
  expect(getByRole('button', { name: 'Print' })).toBeVisible()
  expect(getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(/\/cv\.pdf$/)
})

test("an entry's web address links its name, marked to be printed after it; other schemes link nothing", () => {
  render(
    <CvDocument
      resume={{
        ...resume,
        work: [
          { ...resume.work[0]!, url: 'https://northwind.example' },
          {
            name: 'Evil Corp',
            position: 'Engineer',
            startDate: '2019-01',
            url: 'javascript:alert(1)',
          },
        ],
        education: [{ ...resume.education[0]!, url: 'https://up.pt' }],
        projects: [{ ...resume.projects[0]!, url: 'https://ledger.example' }],
      }}
    />,
  )
  const northwind = screen.getByRole('link', { name: 'Northwind' })
  expect(northwind).toHaveAttribute('href', 'https://northwind.example')
  expect(northwind).toHaveAttribute('data-print-url')
  expect(
    screen.getByRole('heading', { level: 3, name: 'Senior Engineer, Northwind' }),
  ).toContainElement(northwind)
  expect(screen.getByRole('link', { name: 'University of Porto' })).toHaveAttribute(
    'href',
    'https://up.pt',
  )
  expect(screen.getByRole('heading', { level: 3, name: 'MSc, University of Porto' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Ledger' })).toHaveAttribute(
    'href',
    'https://ledger.example',
  )
  expect(screen.getByRole('heading', { level: 3, name: 'Engineer, Evil Corp' })).toBeVisible()
  expect(screen.queryByRole('link', { name: 'Evil Corp' })).toBeNull()
})

test("an experience's summary shows as the Markdown it is, from the API's HTML", async () => {
  const role = unique('Markdown Role')
  await server.createStory('/experiences', {
    organization: 'Fabrikam',
    role,
    startDate: '2025-02',
    description:
      'Led the **platform** team.\n\n- Shipped [v2](https://example.com/v2)\n- Cut costs',
  })
  const { findByRole } = await renderApp('/cv')
  const entry = (await findByRole('heading', { level: 3, name: `${role}, Fabrikam` })).closest(
    'li',
  )!
  expect(entry.querySelector('strong')).toHaveTextContent('platform')
  expect(entry).not.toHaveTextContent('**')
  const link = [...entry.querySelectorAll('a')].find((a) => a.textContent === 'v2')
  expect(link).toHaveAttribute('href', 'https://example.com/v2')
  expect([...entry.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
    'Shipped v2',
    'Cut costs',
  ])
})

test('a summary without HTML reads as before: paragraphs at blank lines, its line breaks kept', () => {
  render(
    <CvDocument
      resume={{
        ...resume,
        work: [{ ...resume.work[0]!, summary: 'First line\nsecond line\n\nAnother paragraph' }],
      }}
    />,
  )
  const first = screen.getByText(/First line/)
  expect(first.tagName).toBe('P')
  expect(first.textContent).toBe('First line\nsecond line')
  expect(first).toHaveClass('whitespace-pre-line')
  expect(screen.getByText('Another paragraph').tagName).toBe('P')
})
