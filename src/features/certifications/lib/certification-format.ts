/** 'YYYY-MM-DD' as 'March 2024' (US English), read as a calendar date so no time zone shifts it. */
export function formatObtainedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return value
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** Today's local calendar date as 'YYYY-MM-DD' (the create form's default, spec section 3). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A certification icon is an image URL (absolute or a path on this site) or else an emoji. */
export const isImageIcon = (icon: string) =>
  /^https?:\/\//i.test(icon) || (icon.startsWith('/') && !icon.startsWith('//'))

export const DEFAULT_CERTIFICATION_ICON = '☁️'
