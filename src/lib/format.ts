// Formatting shared by the public page and the back office: dates, year
// ranges, and telling an image icon from an emoji. Public pages pass their
// language (docs/PRODUCT.md §23); the back office, and English, keep US English.
import { formatNumber } from './i18n/message-format.ts'

const monthYears = new Map<string, Intl.DateTimeFormat>()
const monthYearIn = (lang: string) => {
  const locale = lang === 'en' ? 'en-US' : lang
  if (!monthYears.has(locale))
    monthYears.set(
      locale,
      new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    )
  return monthYears.get(locale)!
}

/** How a page words dates: its language, and its word for an end not reached ('Present'). */
export interface DateWords {
  lang?: string
  present?: string
}

/**
 * 'YYYY-MM-DD' as long month and year, in US English by default ('March 2024';
 * docs/PRODUCT.md §2.1, §2.9), or in `lang` ('mars 2024'). Parsed by hand and
 * formatted in UTC, so no time zone can move the 1st of a month into the previous one.
 */
export function formatMonthYear(value: string, lang = 'en'): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value)
  if (!match) return value
  const month = Number(match[2])
  if (month < 1 || month > 12) return value
  return monthYearIn(lang).format(new Date(Date.UTC(Number(match[1]), month - 1, 1)))
}

/** '2021 – 2023', '2024 – Present' (no end year), '2023', or '' when unknown. */
export function formatYears(
  startYear: number | null,
  endYear: number | null,
  { lang = 'en', present = 'Present' }: DateWords = {},
): string {
  const year = (value: number) => formatNumber(lang, value)
  if (startYear == null) return endYear == null ? '' : year(endYear)
  if (endYear == null) return `${year(startYear)} – ${present}`
  if (endYear === startYear) return year(startYear)
  return `${year(startYear)} – ${year(endYear)}`
}

/**
 * An icon value that links to an image (an http(s) URL or a path on this
 * site), rather than an emoji or text. A protocol-relative `//host` is not a
 * path on this site, so it is not an image icon.
 */
export const isImageIcon = (icon: string) => {
  const value = icon.trim()
  return /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))
}

/** Two 'YYYY-MM' months as 'March 2020 – June 2023', or '… – Present' without an end (docs/PRODUCT.md §18). */
export const formatMonthRange = (
  start: string,
  end: string | null,
  { lang = 'en', present = 'Present' }: DateWords = {},
) => `${formatMonthYear(start, lang)} – ${end ? formatMonthYear(end, lang) : present}`
