// Reads of /certifications (owner-reads.ts).
import type { TranslationsPayload } from '@shared/contract/schemas.ts'
import { ownerReads } from './owner-reads'

/** What a certification form sends. */
export interface CertificationPayload {
  name: string
  icon: string
  /** YYYY-MM-DD */
  obtainedDate: string
  isActive: boolean
  /** The technologies it certifies (docs/PRODUCT.md §19). */
  technologiesIds?: number[]
  /** Its name in the site's other languages (docs/PRODUCT.md §23). */
  translations?: TranslationsPayload
}

// docs/PRODUCT.md §8: a list load failure is only logged.
const certifications = ownerReads('certifications', 'Failed to load certifications')
export const certificationsQueryOptions = certifications.listOptions
export const useCertifications = certifications.useList
export const useCertification = certifications.useRecord
