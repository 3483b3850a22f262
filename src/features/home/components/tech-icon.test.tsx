import { fireEvent, render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { noEvidence as evidence } from '@test-support/home/fixtures'
import { SkillsSection } from './skills-section'

const technologies = [
  { id: 1, name: 'React', icon: 'https://cdn.example.com/react.png', projects: [], evidence },
  { id: 2, name: 'Docker', icon: null, projects: [], evidence },
  { id: 3, name: 'elixir', icon: null, projects: [], evidence },
  { id: 4, name: 'Broken', icon: '/uploads/missing.png', projects: [], evidence },
]

const item = (name: string) => screen.getByText(name).closest('li') as HTMLElement

test('shows each skill with its own icon, the built-in icon, or the first letter of its name', () => {
  render(<SkillsSection title="SKILLS" technologies={technologies} onShowProjects={() => {}} />)
  expect(screen.getByRole('heading', { level: 2, name: 'SKILLS' })).toBeInTheDocument()
  expect(item('React').querySelector('img')).toHaveAttribute(
    'src',
    'https://cdn.example.com/react.png',
  )
  expect(item('Docker').querySelector('img')).toHaveAttribute('src', '/icons/docker.svg')
  expect(item('elixir').querySelector('img')).toBeNull()
  expect(within(item('elixir')).getByTestId('tech-monogram')).toHaveTextContent('E')
})

test('falls back to the first letter when the icon image fails to load', () => {
  render(<SkillsSection title="SKILLS" technologies={technologies} onShowProjects={() => {}} />)
  const image = item('Broken').querySelector('img') as HTMLImageElement
  fireEvent.error(image)
  expect(item('Broken').querySelector('img')).toBeNull()
  expect(within(item('Broken')).getByTestId('tech-monogram')).toHaveTextContent('B')
})

test('says what backs each skill as visible text: projects, roles, posts, years and certified (docs/PRODUCT.md §19)', () => {
  const backed = [
    {
      ...technologies[0]!,
      evidence: {
        ...evidence,
        projectCount: 5,
        experienceCount: 1,
        certificationCount: 1,
        postCount: 2,
        firstYear: 2019,
        lastYear: 2025,
      },
    },
    {
      ...technologies[1]!,
      evidence: { ...evidence, projectCount: 1, postCount: 1, firstYear: 2024, lastYear: 2024 },
    },
    {
      ...technologies[2]!,
      evidence: { ...evidence, experienceCount: 2, firstYear: 2020, lastYear: 2026 },
    },
    technologies[3]!,
  ]
  render(<SkillsSection title="SKILLS" technologies={backed} onShowProjects={() => {}} />)
  expect(item('React')).toHaveTextContent('5 projects · 1 role · 2 posts · 2019–2025 · certified')
  expect(item('Docker')).toHaveTextContent('1 project · 1 post · 2024')
  expect(item('Docker')).not.toHaveTextContent('2024–')
  expect(item('Docker')).not.toHaveTextContent('role')
  // A skill only experience backs names its roles, not a bare span of years.
  expect(item('elixir').querySelector('small')).toHaveTextContent(/^2 roles · 2020–2026$/)
  expect(item('elixir')).not.toHaveTextContent('project')
  expect(item('Broken').querySelector('small')).toBeNull()
})
