// Reads of /technologies (owner-reads.ts).
import { ownerReads } from './owner-reads'

/** What a technology form sends. */
export interface TechnologyPayload {
  name: string
  icon: string | null
}

const technologies = ownerReads('technologies')
export const technologiesQueryOptions = technologies.listOptions
export const useTechnologies = technologies.useList
export const useTechnology = technologies.useRecord
