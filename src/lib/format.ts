// Formatting shared by the public page and the back office: dates, year
// ranges, and telling an image icon from an emoji.
const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * 'YYYY-MM-DD' as long month and year in US English ('March 2024'; docs/PRODUCT.md
 * §2.1, §2.9). Parsed by hand and formatted in UTC, so no time zone can move
 * the 1st of a month into the previous one.
 */
export function formatMonthYear(value: string): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value)
  if (!match) return value
  const month = Number(match[2])
  if (month < 1 || month > 12) return value
  return monthYear.format(new Date(Date.UTC(Number(match[1]), month - 1, 1)))
}

/** '2021 – 2023', '2024 – Present' (no end year), '2023', or '' when unknown. */
export function formatYears(startYear: number | null, endYear: number | null): string {
  if (startYear == null) return endYear == null ? '' : String(endYear)
  if (endYear == null) return `${startYear} – Present`
  if (endYear === startYear) return String(startYear)
  return `${startYear} – ${endYear}`
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
export const formatMonthRange = (start: string, end: string | null) =>
  `${formatMonthYear(start)} – ${end ? formatMonthYear(end) : 'Present'}`
