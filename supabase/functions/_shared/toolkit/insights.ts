// The portfolio's health (docs/PRODUCT.md §13): what an owner should fix, found
// in the content as the caller may read it, in the image store and by asking
// the links. Pure rules over plain data; api/resources/insights/routes.ts gathers the data.
import type { ImageStore, StoredObject } from '../images/image-store.ts'
import type { Finding, FindingEntity, Severity } from '../contract/responses.ts'
import type { LinkChecker } from './link-check.ts'
import { markdownImages } from '../markdown/render.ts'

export const HEAVY_IMAGE_BYTES = 500 * 1000
/** A description this short and without a line break reads as a placeholder. */
export const ONE_LINE = 80
export const HERO_TEXTS = ['heroTitle1', 'heroTitle2', 'heroDescription'] as const

export interface ContentSnapshot {
  projects: {
    id: number
    name: string
    description: string
    isActive: boolean
    thumbnail: string | null
    images: string[]
    /** The small copies the public cards show (docs/PRODUCT.md §15): files of their own. */
    cardUrls?: string[]
    liveUrl: string | null
    githubUrl: string | null
    technologies: number
    /** Still the demo content's, as the seed wrote it: its links are not asked. */
    demo?: boolean
  }[]
  technologies: { id: number; name: string; icon: string | null; projects: number }[]
  certifications: { id: number; name: string; icon: string }[]
  /** `demo`: still the demo content's, as the seed wrote it: its link is not asked. */
  configs: { id: number; name: string; value: string; demo?: boolean }[]
  /** Every post the caller reads, drafts included: a draft's images are in use (docs/PRODUCT.md §26). */
  posts: {
    id: number
    title: string
    coverImage: string | null
    /** Markdown. */
    body: string
    /** Language -> field -> text: the title, summary and body in the site's other languages. */
    translations: Record<string, Record<string, string>>
  }[]
}

/** The columns content reads: which item holds which text that may name a file or a link. */
interface Holder {
  entity: Exclude<FindingEntity, 'image'>
  id: number
  label: string
  texts: string[]
  /** Free text that keeps any stored file it names, without showing it (a post's Markdown). */
  prose?: string[]
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 }

function holders(content: ContentSnapshot): Holder[] {
  return [
    ...content.projects.map((p) => ({
      entity: 'project' as const,
      id: p.id,
      label: `project "${p.name}"`,
      texts: [p.thumbnail ?? '', ...p.images, ...(p.cardUrls ?? [])],
    })),
    ...content.technologies.map((t) => ({
      entity: 'technology' as const,
      id: t.id,
      label: `technology "${t.name}"`,
      texts: [t.icon ?? ''],
    })),
    ...content.certifications.map((c) => ({
      entity: 'certification' as const,
      id: c.id,
      label: `certification "${c.name}"`,
      texts: [c.icon],
    })),
    ...content.configs.map((g) => ({
      entity: 'configuration' as const,
      id: g.id,
      label: `configuration "${g.name}"`,
      // A value is free text: any word in it may be one of our image URLs.
      texts: g.value.split(/\s+/),
    })),
    ...content.posts.map((p) => {
      const translated = Object.values(p.translations)
      return {
        entity: 'post' as const,
        id: p.id,
        label: `post "${p.title}"`,
        // The cover, and the images its body shows in every language.
        texts: [
          p.coverImage ?? '',
          ...[p.body, ...translated.map((texts) => texts.body ?? '')].flatMap(markdownImages),
        ],
        prose: [p.body, ...translated.flatMap((texts) => Object.values(texts))],
      }
    }),
  ]
}

function contentFindings(content: ContentSnapshot): Finding[] {
  const findings: Finding[] = []
  for (const p of content.projects.filter((project) => project.isActive)) {
    const base = { entity: 'project' as const, id: p.id }
    if (!p.thumbnail)
      findings.push({
        ...base,
        severity: 'warning',
        kind: 'project-without-thumbnail',
        message: `Active project "${p.name}" has no thumbnail`,
      })
    if (p.technologies === 0)
      findings.push({
        ...base,
        severity: 'warning',
        kind: 'project-without-technologies',
        message: `Active project "${p.name}" lists no technology`,
      })
    const description = p.description.trim()
    if (!/\n/.test(description) && description.length < ONE_LINE)
      findings.push({
        ...base,
        severity: 'info',
        kind: 'project-one-line-description',
        message: `Active project "${p.name}" has a one-line description`,
      })
  }
  for (const t of content.technologies.filter((technology) => technology.projects === 0))
    findings.push({
      severity: 'info',
      kind: 'technology-unused',
      entity: 'technology',
      id: t.id,
      message: `Technology "${t.name}" is used by no project`,
    })
  for (const name of HERO_TEXTS) {
    const config = content.configs.find((c) => c.name === name)
    if (!config)
      findings.push({
        severity: 'info',
        kind: 'hero-text-default',
        entity: 'configuration',
        id: name,
        message: `The hero text "${name}" is not set; the page shows the built-in default`,
      })
    else if (!config.value.trim())
      findings.push({
        severity: 'warning',
        kind: 'hero-text-empty',
        entity: 'configuration',
        id: config.id,
        message: `The hero text "${name}" is empty`,
      })
  }
  return findings
}

function imageFindings(content: ContentSnapshot, images: ImageStore, stored: StoredObject[]) {
  const findings: Finding[] = []
  const byName = new Map(stored.map((object) => [object.name, object]))
  const referenced = new Set<string>()
  for (const holder of holders(content)) {
    const seen = new Set<string>()
    for (const text of holder.texts) {
      const name = text ? images.nameFromUrl(text) : null
      if (!name || seen.has(name)) continue
      seen.add(name)
      referenced.add(name)
      const object = byName.get(name)
      const base = { entity: holder.entity, id: holder.id }
      if (!object)
        findings.push({
          ...base,
          severity: 'error',
          kind: 'image-missing',
          message: `An image of ${holder.label} is missing from the store (${text})`,
        })
      else if (object.size > HEAVY_IMAGE_BYTES)
        findings.push({
          ...base,
          severity: 'warning',
          kind: 'image-heavy',
          message: `An image of ${holder.label} weighs ${Math.round(object.size / 1000)} kB (more than ${HEAVY_IMAGE_BYTES / 1000} kB)`,
        })
    }
  }
  // Anything mentioning the file's name keeps it, as the clean-up rules count (images/unreferenced.ts).
  const everything = holders(content)
    .flatMap((h) => [...h.texts, ...(h.prose ?? [])])
    .join('\n')
  for (const object of stored)
    if (!referenced.has(object.name) && !everything.includes(object.name))
      findings.push({
        severity: 'info',
        kind: 'image-unused',
        entity: 'image',
        id: object.url,
        message: `The stored file ${object.name} is used by no content`,
      })
  return findings
}

async function linkFindings(content: ContentSnapshot, links: LinkChecker): Promise<Finding[]> {
  const targets: { entity: 'project' | 'configuration'; id: number; what: string; url: string }[] =
    []
  // The demo's own links are the example's (decision 069): not the owner's to fix.
  for (const p of content.projects.filter((project) => !project.demo)) {
    if (p.liveUrl && /^https?:\/\//i.test(p.liveUrl))
      targets.push({
        entity: 'project',
        id: p.id,
        what: `The live link of "${p.name}"`,
        url: p.liveUrl,
      })
    if (p.githubUrl && /^https?:\/\//i.test(p.githubUrl))
      targets.push({
        entity: 'project',
        id: p.id,
        what: `The GitHub link of "${p.name}"`,
        url: p.githubUrl,
      })
  }
  for (const c of content.configs.filter((config) => !config.demo))
    if (/^https?:\/\/\S+$/i.test(c.value.trim()))
      targets.push({
        entity: 'configuration',
        id: c.id,
        what: `The link in "${c.name}"`,
        url: c.value.trim(),
      })
  const results = await Promise.all(targets.map((target) => links.check(target.url)))
  return targets.flatMap((target, i): Finding[] => {
    const result = results[i]
    if (!result || result.ok) return []
    return [
      {
        severity: 'error',
        kind: 'link-broken',
        entity: target.entity,
        id: target.id,
        message: `${target.what} (${target.url}) does not work: ${result.problem ?? 'no answer'}`,
      },
    ]
  })
}

export async function findings(
  content: ContentSnapshot,
  images: ImageStore,
  links: LinkChecker,
): Promise<Finding[]> {
  const [stored, broken] = await Promise.all([
    images.list ? images.list() : Promise.resolve([]),
    linkFindings(content, links),
  ])
  return [...contentFindings(content), ...imageFindings(content, images, stored), ...broken].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      a.entity.localeCompare(b.entity) ||
      String(a.id).localeCompare(String(b.id), 'en', { numeric: true }),
  )
}
