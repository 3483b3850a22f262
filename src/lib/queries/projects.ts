// Reads of /projects (owner-reads.ts).
import type { Project } from '@shared/contract/types.ts'
import { ownerReads } from './owner-reads'

const projects = ownerReads<Project>('projects')
export const projectsQueryOptions = projects.listOptions
export const useProjects = projects.useList
export const useProject = projects.useRecord
