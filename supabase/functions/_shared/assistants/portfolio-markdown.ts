// The public portfolio as Markdown, for assistants (docs/PRODUCT.md §25): a
// project, the CV and one-line summaries, written from the visitors' answers
// (never from the database directly, so nothing a visitor cannot read gets
// in). Links are written only when they are http(s) or mailto
// (contract/links.ts); the owner's texts are set apart from the Markdown
// around them so a text cannot start a heading or close a link.
import { isAbsoluteWebUrl, isMailtoLink } from '../contract/links.ts'
import { projectPath } from '../contract/public-routes.ts'
import type { Project } from '../contract/responses.ts'

type Json = Record<string, unknown>

/** What a translated answer carries: language -> field -> text (docs/PRODUCT.md §23). */
export type Texts = { translations?: Record<string, Record<string, string>> }

/**
 * `item` with its texts in `lang` where it has them (the answers of `?lang=`
 * carry only that language); a blank one is missing, as on the pages.
 */
export function localized<T extends Texts>(item: T, lang: string): T {
  const texts = Object.entries(item.translations?.[lang] ?? {}).filter(([, t]) => t.trim())
  return texts.length ? { ...item, ...Object.fromEntries(texts) } : item
}

/** An API path asking for `lang`'s texts (`?lang=`), or as it is for the default language (null). */
export const withLanguage = (path: string, lang: string | null) =>
  lang ? `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : path

/** A visitor's GET of the API (path under its base): the answer's JSON, or null for a 404. */
export type PublicReads = <T>(path: string) => Promise<T | null>

/** PublicReads over `get`, which answers a path under the API: a status other than 200 or 404 throws. */
export const readsOver =
  (get: (path: string) => Response | Promise<Response>): PublicReads =>
  async <T>(path: string) => {
    const response = await get(path)
    if (response.status === 404) return null
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
    return (await response.json()) as T
  }

/** A text on one line, with the characters that would start Markdown syntax escaped. */
export const inline = (text: unknown) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|])/g, '\\$1')

/** A block of the owner's text: its paragraphs kept, each line kept from starting a heading, list or quote. */
export const block = (text: unknown) =>
  String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => inline(line).replace(/^([-+>=]|\d+[.)])/, '\\$1'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/** `[label](url)` for an http(s) or mailto address, else nothing. */
export const link = (label: string, url: unknown) =>
  typeof url === 'string' && (isAbsoluteWebUrl(url) || isMailtoLink(url))
    ? `[${inline(label)}](${url.replace(/[()\s]/g, encodeURIComponent)})`
    : null

/** The first sentence of `text` (or all of it, with `whole`) on one line, at most `max` characters. */
export function oneLine(text: unknown, max = 160, whole = false): string {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  const sentence = (!whole && /^.+?[.!?](?=\s|$)/.exec(flat)?.[0]) || flat
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`
}

/** '2019–2023', '2021', '2024–' (ongoing) or '' for a project's years. */
export function years(start: number | null, end: number | null): string {
  if (start === null) return end === null ? '' : String(end)
  if (end === null) return `${start}–`
  return start === end ? String(start) : `${start}–${end}`
}

/** The address of a project's public page on the site at `siteUrl`. */
export const projectUrl = (siteUrl: string, project: Pick<Project, 'id' | 'name'>) =>
  `${siteUrl.replace(/\/+$/, '')}${projectPath(project.id, project.name)}`

/** One project, whole: its name, years, technologies, description and links; `pageName` makes its page's slug. */
export function projectMarkdown(
  project: Project,
  siteUrl: string,
  pageName = project.name,
): string {
  const facts = [
    years(project.startYear, project.endYear),
    project.technologies.map((t) => inline(t.name)).join(', '),
  ].filter(Boolean)
  const links = [
    link('Live', project.liveUrl),
    link('Source', project.githubUrl),
    link('Page', projectUrl(siteUrl, { id: project.id, name: pageName })),
  ].filter(Boolean)
  return [
    `# ${inline(project.name)}`,
    facts.length ? facts.join(' · ') : null,
    block(project.description) || null,
    links.map((l) => `- ${l}`).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n')
}

const period = (entry: Json) =>
  [entry.startDate, entry.endDate ?? (entry.startDate ? 'now' : null)]
    .filter(Boolean)
    .map(String)
    .join(' – ')

const section = (title: string, items: string[]) =>
  items.length ? [`## ${title}`, items.join('\n\n')].join('\n\n') : null

const arr = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : [])

/** The CV as Markdown, from GET /resume.json (a JSON Resume). */
export function cvMarkdown(resume: Json): string {
  const basics = (resume.basics ?? {}) as Json
  const contacts = [
    link(String(basics.email ?? ''), basics.email ? `mailto:${basics.email}` : null),
    ...arr(basics.profiles).map((p) => link(String(p.network ?? p.url), p.url)),
  ].filter(Boolean)
  const work = arr(resume.work).map((w) =>
    [
      `### ${inline(w.position)}, ${inline(w.name)}`,
      [period(w), inline(w.location)].filter(Boolean).join(' · '),
      block(w.summary) || null,
    ]
      .filter(Boolean)
      .join('\n\n'),
  )
  const education = arr(resume.education).map((e) =>
    [
      `### ${inline([e.studyType, e.area].filter(Boolean).join(', '))}, ${inline(e.institution)}`,
      period(e),
    ]
      .filter(Boolean)
      .join('\n\n'),
  )
  const projects = arr(resume.projects).map((p) =>
    [
      `### ${inline(p.name)}`,
      [years(toYear(p.startDate), toYear(p.endDate)), arr(p.keywords).map(inline).join(', ')]
        .filter(Boolean)
        .join(' · '),
      block(p.description) || null,
      link('Link', p.url),
    ]
      .filter(Boolean)
      .join('\n\n'),
  )
  const certificates = arr(resume.certificates).map(
    (c) => `- ${inline(c.name)}${c.date ? ` (${String(c.date).slice(0, 7)})` : ''}`,
  )
  const skills = arr(resume.skills).map((s) => inline(s.name))
  return [
    `# ${inline(basics.name) || 'CV'}`,
    basics.label ? `**${inline(basics.label)}**` : null,
    block(basics.summary) || null,
    contacts.length ? contacts.join(' · ') : null,
    section('Experience', work),
    section('Education', education),
    section('Projects', projects),
    certificates.length ? `## Certifications\n\n${certificates.join('\n')}` : null,
    skills.length ? `## Skills\n\n${skills.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n')
}

// JSON Resume uses strings ("2021" or "2021-05"); a CV lists years.
const toYear = (value: unknown) =>
  typeof value === 'string' && /^\d{4}/.test(value) ? Number(value.slice(0, 4)) : null
