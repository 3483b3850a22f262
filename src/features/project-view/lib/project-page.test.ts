import { describe, expect, test } from 'vitest'
import { galleryOf, metaDescription, paragraphs, projectIdFromParam } from './project-page'

describe('the project page address', () => {
  test.each([
    ['12', 12],
    ['12-harbor-maps', 12],
    ['7-', 7],
  ])('%s opens project %s', (param, id) => {
    expect(projectIdFromParam(param)).toBe(id)
  })
  test.each(['', 'harbor', '0', '-3', '1.5', '12 harbor', '9999999999'])(
    '%j names no project',
    (param) => {
      expect(projectIdFromParam(param)).toBeNull()
    },
  )
})

describe('description', () => {
  test('paragraphs are split at blank lines and keep their inner lines', () => {
    expect(paragraphs('One\nline two\n\n\nThree\r\n\r\nFour ')).toEqual([
      'One\nline two',
      'Three',
      'Four',
    ])
  })
  test('the meta description is the first paragraph, cut near 160 characters at a word', () => {
    expect(metaDescription({ description: 'Short.\n\nMore.' })).toBe('Short.')
    const long = metaDescription({ description: 'word '.repeat(60) })
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long).toMatch(/word\.\.\.$/)
  })
})

describe('gallery', () => {
  test('falls back to the plain URLs, thumbnail first and once', () => {
    const gallery = galleryOf({
      name: 'Atlas',
      thumbnail: '/t.png',
      images: ['/a.png', '/t.png'],
      imageDetails: [],
    } as never)
    expect(gallery.map((g) => [g.url, g.alt])).toEqual([
      ['/t.png', 'Atlas screenshot'],
      ['/a.png', 'Atlas screenshot 1'],
    ])
  })
})
