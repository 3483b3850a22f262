// How the Share links screens write a link's times and turn the form's
// local date and time into the API's instant with its offset.
import type { ShareLink } from '@shared/contract/types.ts'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** An instant as the back office shows it ('Dec 31, 2026, 6:00 PM'), or `none` for null. */
export const formatInstant = (value: string | null, none = 'Never') =>
  value ? when.format(new Date(value)) : none

export const STATE_LABELS: Record<ShareLink['state'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a datetime-local input's value, in this browser's time zone. */
export function toLocalInput(value: string | null): string {
  if (!value) return ''
  const d = new Date(value)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * A datetime-local value ('2026-12-31T18:00', this browser's time zone) as
 * the API's instant ('2026-12-31T17:00:00.000Z'); '' is null (never expires),
 * and what is no date is passed on for the schema to name.
 */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? value : d.toISOString()
}
