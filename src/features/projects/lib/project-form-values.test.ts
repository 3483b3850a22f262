import { expect, test } from 'vitest'
import { projectFormDefaults, toYear } from './project-form-values'

test('reads an empty year field as null and a typed one as a number', () => {
  expect(toYear('')).toBeNull()
  expect(toYear(undefined)).toBeNull()
  expect(toYear('2021')).toBe(2021)
})

test('starts a new project active, not featured, with no years and no technologies', () => {
  expect(projectFormDefaults()).toEqual({
    name: '',
    description: '',
    startYear: null,
    endYear: null,
    liveUrl: '',
    githubUrl: '',
    isActive: true,
    featured: false,
    technologiesIds: [],
  })
})
