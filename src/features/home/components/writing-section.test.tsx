import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { PostCard } from '@shared/contract/types.ts'
import { renderWithQuery } from '@test-support/home/render'
import { shownNavLinks } from './nav-links'
import { WritingSection } from './writing-section'

const card = (id: number, title: string, minutes: number): PostCard => ({
  id,
  title,
  slug: title.toLowerCase().replace(/ /g, '-'),
  summary: `${title} in short.`,
  coverImage: null,
  status: 'published',
  publishAt: null,
  publishedAt: '2026-03-04T10:00:00.000Z',
  readingMinutes: minutes,
  technologies: [],
  projects: [],
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
})

test('lists the latest posts, each linking to its page with its day and reading time, and links to all', () => {
  renderWithQuery(<WritingSection posts={[card(2, 'Tide tables', 4), card(1, 'Charts', 1)]} />)
  expect(screen.getByRole('heading', { level: 2, name: 'Writing' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Tide tables' })).toHaveAttribute(
    'href',
    '/writing/tide-tables',
  )
  expect(screen.getAllByText('March 4, 2026')).toHaveLength(2)
  expect(screen.getByText(/· 4 min read$/)).toBeInTheDocument()
  expect(screen.getByText('Tide tables in short.')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/writing')
})

test('shows nothing, and the navigation no Writing link, while there is no post', () => {
  const { container } = renderWithQuery(<WritingSection posts={[]} />)
  expect(container).toBeEmptyDOMElement()
  const ids = (posts: number) =>
    shownNavLinks({ experience: 0, education: 0, posts }).map((link) => link.id)
  expect(ids(0)).not.toContain('writing')
  expect(ids(3)).toEqual(['certifications', 'skills', 'portfolio', 'writing', 'contact'])
})
