import { describe, expect, test } from 'vitest'
import { formatMonthRange, formatMonthYear, formatYears, isImageIcon } from './format'

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

describe("in the page's language (docs/PRODUCT.md §23)", () => {
  test('writes month and year with Intl for the language, US English for English', () => {
    expect(formatMonthYear('2024-03-15', 'en')).toBe('March 2024')
    expect(formatMonthYear('2024-03-15', 'en-GB')).toBe('March 2024')
    expect(formatMonthYear('2024-03-15', 'fr')).toBe('mars 2024')
    expect(formatMonthYear('2024-03-15', 'de')).toBe('März 2024')
    expect(formatMonthYear('2024-03-15', 'pt-BR')).toBe('março de 2024')
    expect(formatMonthYear('2024-03-01', 'ar')).toBe('مارس 2024')
  })

  test("ranges end with the language's word for an end not reached", () => {
    const french = { lang: 'fr', present: 'aujourd’hui' }
    expect(formatYears(2024, null, french)).toBe('2024 – aujourd’hui')
    expect(formatYears(2021, 2023, french)).toBe('2021 – 2023')
    expect(formatMonthRange('2020-03', null, french)).toBe('mars 2020 – aujourd’hui')
    expect(formatMonthRange('2020-03', '2023-06', { lang: 'es', present: 'actualidad' })).toBe(
      'marzo de 2020 – junio de 2023',
    )
    expect(formatMonthRange('2020-03', null)).toBe('March 2020 – Present')
  })
})
