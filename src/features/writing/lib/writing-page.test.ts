import { expect, test } from 'vitest'
import type { PostCard } from '@shared/contract/types.ts'
import { technologyFromSearch, technologyName } from './writing-page'

const post = (slug: string, technologies: { id: number; name: string }[] = []) =>
  ({ slug, technologies: technologies.map((t) => ({ ...t, icon: null })) }) as unknown as PostCard

test('reads ?technology= as a whole number, and anything else as no filter', () => {
  const of = (query: string) => technologyFromSearch(new URLSearchParams(query))
  expect(of('technology=12')).toBe(12)
  for (const query of ['', 'technology=', 'technology=0', 'technology=-1', 'technology=1.5'])
    expect(of(query), query).toBeNull()
  expect(of('technology=99999999999')).toBeNull()
})

test("names the filtered technology from the posts' own", () => {
  const list = [post('a', [{ id: 3, name: 'Rust' }])]
  expect(technologyName(list, 3)).toBe('Rust')
  expect(technologyName(list, 4)).toBeNull()
  expect(technologyName(list, null)).toBeNull()
})
