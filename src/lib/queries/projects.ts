// Reads of /projects (owner-reads.ts).
import { ownerReads } from './owner-reads'

const projects = ownerReads('projects')
export const projectsQueryOptions = projects.listOptions
export const useProjects = projects.useList
export const useProject = projects.useRecord
