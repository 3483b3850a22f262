import { expect, test } from 'vitest'
import { monogram, technologyIconSrc } from './tech-icons'

test("uses the technology's own icon first", () => {
  expect(technologyIconSrc({ name: 'React', icon: 'https://cdn.example.com/r.svg' })).toBe(
    'https://cdn.example.com/r.svg',
  )
})

test('falls back to the built-in map keyed by lowercase name without spaces', () => {
  expect(technologyIconSrc({ name: 'Tailwind CSS', icon: null })).toBe('/icons/tailwindcss.svg')
  expect(technologyIconSrc({ name: 'PostgreSQL', icon: '' })).toBe('/icons/postgresql.svg')
  expect(technologyIconSrc({ name: 'Node.js', icon: null })).toBe('/icons/nodejs.svg')
})

test('has no icon for an unknown technology or an unsafe icon URL', () => {
  expect(technologyIconSrc({ name: 'Elm', icon: null })).toBeUndefined()
  expect(
    technologyIconSrc({ name: 'Elm', icon: 'javascript:void(document.cookie)' }),
  ).toBeUndefined()
  expect(monogram('elm')).toBe('E')
})
