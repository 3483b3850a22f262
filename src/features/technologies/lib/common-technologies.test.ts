import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { commonTechnologies, findCommonTechnology, formatProjectCount } from './common-technologies'

// Vitest runs from the repository root.
const publicDir = resolve(process.cwd(), 'public')

describe('common technologies quick-select', () => {
  test('lists about twenty entries sorted by label', () => {
    const labels = commonTechnologies.map((tech) => tech.label)
    expect(labels.length).toBeGreaterThanOrEqual(18)
    expect(labels).toEqual(
      [...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    )
    expect(labels).toEqual(
      expect.arrayContaining(['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Docker', 'Python']),
    )
  })

  test('points local icons at files that exist in public/icons', () => {
    for (const tech of commonTechnologies) {
      if (tech.icon.startsWith('/'))
        expect(existsSync(`${publicDir}${tech.icon}`), tech.icon).toBe(true)
      else
        expect(tech.icon).toMatch(
          /^https:\/\/cdn\.jsdelivr\.net\/gh\/devicons\/devicon\/icons\/[a-z0-9]+\/[a-z0-9-]+\.svg$/,
        )
    }
  })

  test('finds an entry by its label', () => {
    expect(findCommonTechnology('React')).toEqual({
      label: 'React',
      name: 'React',
      icon: '/icons/react.svg',
    })
    expect(findCommonTechnology('Cobol')).toBeUndefined()
  })
})

test('counts projects with project/projects', () => {
  expect(formatProjectCount(0)).toBe('0 projects')
  expect(formatProjectCount(1)).toBe('1 project')
  expect(formatProjectCount(3)).toBe('3 projects')
})
