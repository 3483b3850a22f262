import { afterEach, expect, test, vi } from 'vitest'
import { formatObtainedDate, isImageIcon, todayLocal } from './certification-format'

afterEach(() => {
  vi.unstubAllEnvs()
})

test('formats the obtained date as long month and year in US English', () => {
  expect(formatObtainedDate('2024-03-15')).toBe('March 2024')
  expect(formatObtainedDate('2023-12-31')).toBe('December 2023')
})

test('keeps the first of the month in its month whatever the time zone', () => {
  // Date.parse('2024-01-01') is UTC midnight, which is 31 December west of Greenwich.
  vi.stubEnv('TZ', 'America/Los_Angeles')
  expect(formatObtainedDate('2024-01-01')).toBe('January 2024')
})

test("uses the local calendar date for today's default", () => {
  expect(todayLocal(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05')
  expect(todayLocal(new Date(2025, 10, 30, 0, 1))).toBe('2025-11-30')
})

test('tells image icons from emoji', () => {
  expect(isImageIcon('https://example.com/aws.svg')).toBe(true)
  expect(isImageIcon('/icons/cert-scrum.svg')).toBe(true)
  expect(isImageIcon('☁️')).toBe(false)
  expect(isImageIcon('//evil.example/x.png')).toBe(false)
})
