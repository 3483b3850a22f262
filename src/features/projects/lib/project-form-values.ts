import type { ProjectInput } from '@shared/contract/schemas.ts'
import type { Project } from '@shared/contract/types.ts'

/**
 * What react-hook-form holds; the thumbnail and images (and their details) are
 * kept beside it, and the featured row's order is set on the projects list.
 */
export type ProjectFormValues = Required<
  Omit<ProjectInput, 'images' | 'thumbnail' | 'imageDetails' | 'translations' | 'featuredOrder'>
>

export function projectFormDefaults(project?: Project): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    startYear: project?.startYear ?? null,
    endYear: project?.endYear ?? null,
    liveUrl: project?.liveUrl ?? '',
    githubUrl: project?.githubUrl ?? '',
    isActive: project?.isActive ?? true,
    featured: project?.featured ?? false,
    technologiesIds: project?.technologies.map((t) => t.id) ?? [],
  }
}

/** A number input's text as a year: empty means "none" and is sent as null (docs/PRODUCT.md §5). */
export function toYear(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null
  return typeof value === 'number' ? value : Number(value)
}
