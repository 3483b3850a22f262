import { fireEvent, screen, within } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import type { TechnologySummary } from '@shared/contract/types.ts'
import { noEvidence } from '@test-support/home/fixtures'
import { renderWithQuery } from '@test-support/home/render'
import { PageLanguageOverride } from '@/lib/i18n/page-language'
import { SkillsSection } from './skills-section'

const go = {
  id: 7,
  name: 'Go',
  icon: null,
  evidence: {
    ...noEvidence,
    projectCount: 1,
    postCount: 1,
    projects: [{ id: 3, name: 'Harbor Maps' }],
    posts: [{ slug: 'reading-tides', title: 'Reading tides' }],
  },
}
const rust = { id: 8, name: 'Rust', icon: null, evidence: { ...noEvidence, experienceCount: 1 } }

test("a skill's chip opens the projects and posts naming it, the filtered portfolio and its posts' page", () => {
  const show = vi.fn()
  renderWithQuery(<SkillsSection title="SKILLS" technologies={[go, rust]} onShowProjects={show} />)
  const chip = screen.getByRole('button', { name: /^Go 1 project · 1 post/ })
  const popover = document.getElementById(chip.getAttribute('popovertarget')!)!
  expect(popover).toHaveAttribute('popover', 'auto')
  const links = within(popover).getAllByRole('link', { hidden: true })
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Harbor Maps', '/projects/3-harbor-maps'],
    ['Filter by technology: Go', '#portfolio'],
    ['Reading tides', '/writing/reading-tides'],
    ['Posts about Go', '/writing?technology=7'],
  ])
  // On a page in the default language nothing needs marking.
  expect(links[0]!.closest('li')).not.toHaveAttribute('lang')
  expect(links[0]!.closest('ul')).not.toHaveAttribute('lang')
  expect(links[2]!.closest('li')).not.toHaveAttribute('lang')
  fireEvent.click(links[1]!)
  expect(show).toHaveBeenCalledWith(7)
})

test('a skill with no project or post behind it opens nothing', () => {
  renderWithQuery(<SkillsSection title="SKILLS" technologies={[rust]} onShowProjects={() => {}} />)
  expect(screen.queryByRole('button')).toBeNull()
  expect(document.querySelector('[popover]')).toBeNull()
  expect(screen.getByText('1 role')).toBeInTheDocument()
})

test('on a page in another language, a name or title is its translation; one without it is marked', () => {
  const posts: TechnologySummary['evidence']['posts'] = [
    { slug: 'tides', title: 'Tides', translations: { fr: { title: 'Marées' } } },
    { slug: 'plain', title: 'Plain', translations: { fr: {} } },
  ]
  const projects: TechnologySummary['evidence']['projects'] = [
    { id: 3, name: 'Harbor Maps', translations: { fr: { name: 'Cartes du port' } } },
    { id: 4, name: 'Atlas', translations: { fr: {} } },
  ]
  renderWithQuery(
    <PageLanguageOverride.Provider value="fr">
      <SkillsSection
        title="SKILLS"
        technologies={[{ ...go, evidence: { ...go.evidence, projects, posts } }]}
        onShowProjects={() => {}}
      />
    </PageLanguageOverride.Provider>,
  )
  const item = (name: string) => screen.getByRole('link', { name, hidden: true }).closest('li')!
  const [tides, plain] = [item('Marées'), item('Plain')]
  expect(tides).not.toHaveAttribute('lang')
  expect(plain).toHaveAttribute('lang', 'en')
  expect(tides.closest('ul')).not.toHaveAttribute('lang')
  const [harbor, atlas] = [item('Cartes du port'), item('Atlas')]
  expect(harbor).not.toHaveAttribute('lang')
  expect(atlas).toHaveAttribute('lang', 'en')
  expect(harbor.closest('ul')).not.toHaveAttribute('lang')
  // The address keeps the name's slug in the default language, as the project cards do.
  expect(harbor.querySelector('a')).toHaveAttribute('href', '/fr/projects/3-harbor-maps')
})
