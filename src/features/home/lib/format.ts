// Formatting of dates and year ranges shown on the public page.
const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * 'YYYY-MM-DD' as long month and year in US English ('March 2024'; spec
 * section 2). Parsed by hand and formatted in UTC, so no time zone can move
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
