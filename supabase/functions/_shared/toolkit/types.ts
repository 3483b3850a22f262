// The JSON shapes of the owner's toolkit (docs/PRODUCT.md §12-§14): the
// activity history, the portfolio's health findings and what a restore did.

export type ActivityAction = 'create' | 'update' | 'delete'
/** The table an entry is about, as the database names it. */
export type ActivityEntity =
  | 'projects'
  | 'technologies'
  | 'certifications'
  | 'configs'
  | 'users'
  | 'contact_messages'
  | 'experiences'
  | 'education'

export interface ActivityEntry {
  id: number
  /** ISO 8601 in UTC. */
  at: string
  /** The acting account's username, 'visitor' or 'system'. */
  actor: string
  action: ActivityAction
  entity: ActivityEntity
  entityId: number
  summary: string
  changedFields: string[]
  /** Whether the row still exists (for the caller), so a screen links only to what is there. */
  entityExists: boolean
}

export type Severity = 'error' | 'warning' | 'info'
export type FindingEntity = 'project' | 'technology' | 'certification' | 'configuration' | 'image'

export interface Finding {
  severity: Severity
  kind: string
  entity: FindingEntity
  /** The item's id; for a stored file nothing uses, its URL. */
  id: number | string
  message: string
}

export interface RestoreSummary {
  technologies: number
  projects: number
  certifications: number
  configurations: number
  /** null when the archive predates them (no such key) and they were left as they were. */
  experiences: number | null
  education: number | null
  /** null when the archive held no messages and the inbox was left as it was. */
  messages: number | null
  images: number
}
