import { fireEvent, render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { SkillsSection } from './skills-section'

const technologies = [
  { id: 1, name: 'React', icon: 'https://cdn.example.com/react.png', projects: [] },
  { id: 2, name: 'Docker', icon: null, projects: [] },
  { id: 3, name: 'elixir', icon: null, projects: [] },
  { id: 4, name: 'Broken', icon: '/uploads/missing.png', projects: [] },
]

const item = (name: string) => screen.getByText(name).closest('li') as HTMLElement

test('shows each skill with its own icon, the built-in icon, or the first letter of its name', () => {
  render(<SkillsSection title="SKILLS" technologies={technologies} />)
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
  render(<SkillsSection title="SKILLS" technologies={technologies} />)
  const image = item('Broken').querySelector('img') as HTMLImageElement
  fireEvent.error(image)
  expect(item('Broken').querySelector('img')).toBeNull()
  expect(within(item('Broken')).getByTestId('tech-monogram')).toHaveTextContent('B')
})
