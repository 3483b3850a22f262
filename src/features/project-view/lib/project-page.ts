// Reading the project page's address and describing the project to search
// engines and link previews (docs/PRODUCT.md §15).
import type { ImageDetails, Project } from '@shared/contract/types.ts'
import { paragraphs } from '@/components/markdown-text'

export { paragraphs }

/** '12-harbor-maps' -> 12; anything that does not start with a whole number -> null. */
export function projectIdFromParam(param: string | undefined): number | null {
  const match = /^(\d{1,9})(?:-[a-z0-9-]*)?$/i.exec(param ?? '')
  const id = match ? Number(match[1]) : NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The meta description: the first paragraph on one line, cut at a word near 160 characters. */
export function metaDescription(project: Pick<Project, 'description'>): string {
  const first = (paragraphs(project.description)[0] ?? '').replace(/\s+/g, ' ')
  if (first.length <= 160) return first
  const cut = first.slice(0, 157)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}...`
}

/** The gallery: the answer's imageDetails, or the plain URLs of an older server, named by `alt`. */
export function galleryOf(
  project: Project,
  alt: (index: number) => string = (index) =>
    `${project.name} screenshot${index ? ` ${index}` : ''}`,
): ImageDetails[] {
  if (project.imageDetails?.length) return project.imageDetails
  const urls = [...new Set([project.thumbnail, ...project.images].filter((u): u is string => !!u))]
  return urls.map((url, index) => ({
    url,
    alt: alt(index),
    width: null,
    height: null,
    cardUrl: null,
  }))
}
