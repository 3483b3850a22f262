import { describe, expect, test } from 'vitest'
import { formatMonthYear, formatYears, isImageIcon } from './format'

describe('formatMonthYear', () => {
  test('shows long month and year in US English', () => {
    expect(formatMonthYear('2024-03-15')).toBe('March 2024')
    expect(formatMonthYear('2023-12-31')).toBe('December 2023')
  })

  test('does not drift to the previous month on the 1st, whatever the time zone', () => {
    const original = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      expect(formatMonthYear('2024-03-01')).toBe('March 2024')
      expect(formatMonthYear('2024-01-01')).toBe('January 2024')
    } finally {
      process.env.TZ = original
    }
  })

  test('returns text it cannot read unchanged', () => {
    expect(formatMonthYear('soon')).toBe('soon')
    expect(formatMonthYear('2024-13-01')).toBe('2024-13-01')
  })
})

describe('formatYears', () => {
  test('formats a finished, an ongoing and a one-year project', () => {
    expect(formatYears(2021, 2023)).toBe('2021 – 2023')
    expect(formatYears(2024, null)).toBe('2024 – Present')
    expect(formatYears(2022, 2022)).toBe('2022')
    expect(formatYears(null, null)).toBe('')
  })
})

test('tells image icons from emoji', () => {
  expect(isImageIcon('https://example.com/aws.svg')).toBe(true)
  expect(isImageIcon('/icons/cert-scrum.svg')).toBe(true)
  expect(isImageIcon('☁️')).toBe(false)
  expect(isImageIcon('//evil.example/x.png')).toBe(false)
})
