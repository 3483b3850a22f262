// The public portfolio for language models (docs/PRODUCT.md §25): llms.txt
// (an index in the llmstxt.org format), llms-full.txt (everything in one
// document) and a Markdown version of each public page, in a language of
// the site. Written from the visitors' answers (`PublicReads`), so nothing a
// visitor cannot read gets in; a text without a translation is the default
// language's. Served by the page renderer and written by the static build.
import { HOME_SECTIONS } from '../contract/appearance.ts'
import { pathInLanguage } from '../contract/page-languages.ts'
import { markdownPathOf, projectPath, publicFiles } from '../contract/public-routes.ts'
import type {
  Appearance,
  Contribution,
  Languages,
  Project,
  TechnologySummary,
} from '../contract/responses.ts'
import {
  block,
  cvMarkdown,
  inline,
  link,
  localized,
  oneLine,
  projectMarkdown,
  withLanguage,
  years,
  type PublicReads,
  type Texts,
} from './portfolio-markdown.ts'

export { readsOver, type PublicReads } from './portfolio-markdown.ts'

type Json = Record<string, unknown>
interface Story extends Texts {
  id: number
  organization?: string
  role?: string
  institution?: string
  qualification?: string
  field?: string
  location?: string
  startDate: string
  endDate: string | null
  description?: string
}
interface Post extends Texts {
  id: number
  title: string
  slug: string
  summary: string
  body: string
  publishedAt: string | null
  readingMinutes: number
  technologies: { name: string }[]
}
interface Certification extends Texts {
  id: number
  name: string
  obtainedDate: string
}

/** What every Markdown output is written from: the visitors' answers, in one language. */
export interface PortfolioTexts {
  lang: string
  site: Languages
  siteUrl: string
  config: Record<string, string>
  resume: Json
  /** Published projects, their texts in the language; `defaultName` makes their addresses (one slug in every language). */
  projects: (Project & { defaultName: string })[]
  skills: TechnologySummary[]
  experiences: Story[]
  education: Story[]
  certifications: Certification[]
  /** Published posts, newest first, with their bodies (Markdown as written). */
  posts: Post[]
  /** The home page's shown sections, in the owner's order (GET /appearance; all without it). */
  sections?: readonly string[]
  /** The merged pull requests of the Open source section (GET /contributions), titles as written. */
  contributions?: Contribution[]
}

/** `parts` by section id, in the owner's order, hidden ones left out; a part of no section stays out. */
const inSectionOrder = (texts: PortfolioTexts, parts: Record<string, string | null>) =>
  (texts.sections ?? HOME_SECTIONS).map((id) => parts[id] ?? null)

/** Reads what the Markdown outputs need, in `lang` (the default language when it is the site's default). */
export async function readPortfolioTexts(
  read: PublicReads,
  siteUrl: string,
  lang?: string,
): Promise<PortfolioTexts> {
  const site = (await read<Languages>('/languages')) ?? { default: 'en', languages: ['en'] }
  const other = lang && lang !== site.default && site.languages.includes(lang) ? lang : null
  const withLang = (path: string) => withLanguage(path, other)
  const must = async <T>(path: string) => {
    const value = await read<T>(withLang(path))
    if (value === null) throw new Error(`GET ${path} answered 404`)
    return value
  }
  const [
    config,
    resume,
    projects,
    skills,
    experiences,
    education,
    certifications,
    appearance,
    contributions,
  ] = await Promise.all([
    must<Record<string, unknown>>('/configs/all-as-object'),
    must<Json>('/resume.json'),
    must<Project[]>('/projects'),
    read<TechnologySummary[]>('/technologies?projects=false').then((v) => v ?? []),
    must<Story[]>('/experiences'),
    must<Story[]>('/education'),
    must<Certification[]>('/certifications'),
    read<Appearance>('/appearance'),
    read<Contribution[]>('/contributions').then((v) => (Array.isArray(v) ? v : [])),
  ])
  // Each post's body is in its own answer; a portfolio has tens of posts, each a kept answer.
  const cards = await read<{ slug: string }[]>(withLang('/posts'))
  const posts = (
    await Promise.all(
      (Array.isArray(cards) ? cards : []).map((card) =>
        read<Post>(withLang(`/posts/slug/${encodeURIComponent(card.slug)}`)),
      ),
    )
  ).filter((post): post is Post => post !== null)
  const tag = other ?? site.default
  const configTexts = (
    config._translations as Record<string, Record<string, string>> | undefined
  )?.[tag]
  const plain = Object.fromEntries(
    Object.entries(config).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, configTexts?.[name] ?? value]] : [],
    ),
  )
  return {
    lang: tag,
    site,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    config: plain,
    resume,
    projects: projects.map((p) => ({ ...localized(p, tag), defaultName: p.name })),
    skills,
    experiences: experiences.map((e) => localized(e, tag)),
    education: education.map((e) => localized(e, tag)),
    certifications: certifications.map((c) => localized(c, tag)),
    posts: posts.map((p) => localized(p, tag)),
    sections: appearance?.sections.filter((s) => s.visible).map((s) => s.id),
    contributions,
  }
}

/** The Open source section's pull requests, grouped by repository (latest merge first), in Markdown. */
function openSourceMarkdown(texts: PortfolioTexts, heading: '##' | 'list'): string | null {
  const list = [...(texts.contributions ?? [])].sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
  if (!list.length) return null
  const groups = new Map<string, Contribution[]>()
  for (const c of list) groups.set(c.repository, [...(groups.get(c.repository) ?? []), c])
  const line = (c: Contribution) =>
    `- ${link(c.title, c.url) ?? inline(c.title)} (#${c.number}, merged ${c.mergedAt.slice(0, 10)})`
  const body = [...groups.entries()]
    .map(([repository, items]) =>
      heading === '##'
        ? `### ${inline(repository)}\n\n${items.map(line).join('\n')}`
        : items.map((c) => `${line(c)}: ${inline(repository)}`).join('\n'),
    )
    .join(heading === '##' ? '\n\n' : '\n')
  return `## Open source\n\n${body}`
}

/** The addresses of the Markdown outputs, in the language of `texts`. */
export const markdownPaths = {
  home: markdownPathOf('/'),
  cv: markdownPathOf('/cv'),
  llms: publicFiles.llms,
  llmsFull: publicFiles.llmsFull,
  project: (p: { id: number; defaultName: string }) =>
    markdownPathOf(projectPath(p.id, p.defaultName)),
  post: (p: { slug: string }) => markdownPathOf(`/writing/${p.slug}`),
}

const url = (texts: PortfolioTexts, path: string) =>
  `${texts.siteUrl}${pathInLanguage(path, texts.lang, texts.site)}`

const ownerName = (texts: PortfolioTexts) =>
  inline(
    texts.config.ownerName ||
      (texts.resume.basics as Json | undefined)?.name ||
      texts.config.siteTitle,
  ) || 'Portfolio'

const headline = (texts: PortfolioTexts) =>
  [texts.config.heroTitle1, texts.config.heroTitle2].filter(Boolean).join(' ')

const summary = (texts: PortfolioTexts) =>
  texts.config.heroDescription || texts.config.siteDescription || ''

/** A language's name in itself ('français' for fr), or its tag where the runtime has no name for it. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}

const month = (value: string | null) => (value ? value.slice(0, 7) : 'now')

const storyLine = (s: Story) =>
  s.organization !== undefined
    ? `${inline(s.role)}, ${inline(s.organization)} (${s.startDate.slice(0, 7)} – ${month(s.endDate)})`
    : `${inline([s.qualification, s.field].filter(Boolean).join(', '))}, ${inline(s.institution)} (${s.startDate.slice(0, 7)} – ${month(s.endDate)})`

/** llms.txt: the H1, a blockquote summary, then sections of links to the Markdown pages, one line each. */
export function llmsTxt(texts: PortfolioTexts): string {
  const quote = oneLine(
    [headline(texts), summary(texts)].filter(Boolean).join('. ').replace(/\.\./g, '.'),
    400,
    true,
  )
  const projects = texts.projects.map(
    (p) =>
      `- ${link(p.name, url(texts, markdownPaths.project(p)))}: ${inline(oneLine(p.description)) || inline(years(p.startYear, p.endYear))}`,
  )
  const experience = texts.experiences.map(
    (e) =>
      `- ${link(`${e.role}, ${e.organization}`, url(texts, markdownPaths.cv))}: ${storyLine(e)}`,
  )
  const writing = texts.posts.map(
    (p) =>
      `- ${link(p.title, url(texts, markdownPaths.post(p)))}: ${inline(oneLine(p.summary)) || `${p.readingMinutes} min read`}`,
  )
  const others = texts.site.languages.filter((l) => l !== texts.lang)
  return [
    `# ${ownerName(texts)}`,
    quote ? `> ${inline(quote)}` : null,
    `The portfolio of ${ownerName(texts)}: ${link('the site', url(texts, '/'))}, in Markdown below.`,
    `## Pages\n\n- ${link('Home', url(texts, markdownPaths.home))}: the whole front page: introduction, projects, skills, experience, contact`,
    ...inSectionOrder(texts, {
      portfolio: projects.length ? `## Projects\n\n${projects.join('\n')}` : null,
      experience: experience.length ? `## Experience\n\n${experience.join('\n')}` : null,
      writing: writing.length ? `## Writing\n\n${writing.join('\n')}` : null,
      opensource: openSourceMarkdown(texts, 'list'),
    }),
    `## CV\n\n- ${link('CV', url(texts, markdownPaths.cv))}: experience, education, projects, certifications and skills\n- ${link('CV as PDF', `${texts.siteUrl}/cv.pdf`)}: the same, to print`,
    `## Optional\n\n- ${link('Everything in one file', url(texts, markdownPaths.llmsFull))}${others.length ? `\n${others.map((l) => `- ${link(languageName(l), url({ ...texts, lang: l }, markdownPaths.llms))}: this index in ${l}`).join('\n')}` : ''}`,
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n')
}

/** The front page in Markdown: introduction, projects, skills, experience, education, certifications, contact. */
export function homeMarkdown(texts: PortfolioTexts): string {
  const skills = texts.skills
    .filter(
      (s) => s.evidence.projectCount + s.evidence.experienceCount + s.evidence.certificationCount,
    )
    .map((s) => {
      const e = s.evidence
      const facts = [
        e.projectCount ? `${e.projectCount} project${e.projectCount === 1 ? '' : 's'}` : null,
        e.experienceCount ? `${e.experienceCount} role${e.experienceCount === 1 ? '' : 's'}` : null,
        e.certificationCount ? 'certified' : null,
      ].filter(Boolean)
      return `- ${inline(s.name)}: ${facts.join(' · ')}`
    })
  const contact = (texts.sections ?? HOME_SECTIONS).includes('contact')
    ? [
        link('Email', texts.config.email ? `mailto:${texts.config.email}` : null),
        link('GitHub', texts.config.githubUrl),
        link('LinkedIn', texts.config.linkedinUrl),
      ].filter(Boolean)
    : []
  return [
    `# ${ownerName(texts)}`,
    headline(texts) ? `**${inline(headline(texts))}**` : null,
    block(summary(texts)) || null,
    ...inSectionOrder(texts, {
      portfolio: texts.projects.length
        ? `## Projects\n\n${texts.projects
            .map(
              (p) =>
                `### ${link(p.name, url(texts, markdownPaths.project(p)))}\n\n${[years(p.startYear, p.endYear), p.technologies.map((t) => inline(t.name)).join(', ')].filter(Boolean).join(' · ')}\n\n${inline(oneLine(p.description, 300))}`,
            )
            .join('\n\n')}`
        : null,
      skills: skills.length ? `## Skills\n\n${skills.join('\n')}` : null,
      experience: texts.experiences.length
        ? `## Experience\n\n${texts.experiences.map((e) => `- ${storyLine(e)}`).join('\n')}`
        : null,
      education: texts.education.length
        ? `## Education\n\n${texts.education.map((e) => `- ${storyLine(e)}`).join('\n')}`
        : null,
      certifications: texts.certifications.length
        ? `## Certifications\n\n${texts.certifications.map((c) => `- ${inline(c.name)} (${c.obtainedDate.slice(0, 7)})`).join('\n')}`
        : null,
      opensource: openSourceMarkdown(texts, '##'),
    }),
    `## More\n\n- ${link('CV', url(texts, markdownPaths.cv))}${contact.length ? `\n- Contact: ${contact.join(' · ')}` : ''}`,
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n')
}

/** One project's page in Markdown. */
export const projectPageMarkdown = (
  texts: PortfolioTexts,
  project: PortfolioTexts['projects'][number],
) => projectMarkdown(project, url(texts, '').replace(/\/$/, ''), project.defaultName)

/** The CV page in Markdown. */
export const cvPageMarkdown = (texts: PortfolioTexts) => cvMarkdown(texts.resume)

/**
 * One post in Markdown: its title, date, reading time and technologies, its
 * summary, then its body as the owner wrote it (it is Markdown already).
 */
export function postMarkdown(post: Post): string {
  const facts = [
    post.publishedAt?.slice(0, 10),
    `${post.readingMinutes} min read`,
    post.technologies.map((t) => inline(t.name)).join(', '),
  ].filter(Boolean)
  return [
    `# ${inline(post.title)}`,
    facts.join(' · '),
    block(post.summary) || null,
    post.body.trim(),
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n')
}

/** Headings one level down, outside code blocks, so a document nests under another's H1. */
function demote(markdown: string): string {
  let fenced = false
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
      return !fenced && /^#+ /.test(line) ? `#${line}` : line
    })
    .join('\n')
}

/** llms-full.txt: the front page, then every project whole, then every post, then the CV. */
export function llmsFullTxt(texts: PortfolioTexts): string {
  return [
    homeMarkdown(texts).trimEnd(),
    ...texts.projects.map((p) => demote(projectPageMarkdown(texts, p)).trimEnd()),
    ...texts.posts.map((p) => demote(postMarkdown(p)).trimEnd()),
    demote(cvPageMarkdown(texts)).trimEnd(),
  ]
    .join('\n\n')
    .concat('\n')
}

const MARKDOWN = 'text/markdown; charset=utf-8'
const PLAIN = 'text/plain; charset=utf-8'

/**
 * The file at `path` (without a language prefix) written from `texts`, or
 * null where there is none: a project's Markdown is found by the id its path
 * starts with among the published projects, so an inactive one is not found.
 */
export function markdownOf(
  path: string,
  texts: PortfolioTexts,
): { type: string; text: string } | null {
  if (path === markdownPaths.llms) return { type: PLAIN, text: llmsTxt(texts) }
  if (path === markdownPaths.llmsFull) return { type: PLAIN, text: llmsFullTxt(texts) }
  if (path === markdownPaths.home) return { type: MARKDOWN, text: homeMarkdown(texts) }
  if (path === markdownPaths.cv) return { type: MARKDOWN, text: cvPageMarkdown(texts) }
  const slug = /^\/writing\/([^/]+)\.md$/.exec(path)?.[1]
  const post = slug ? texts.posts.find((p) => p.slug === slug) : undefined
  if (post) return { type: MARKDOWN, text: postMarkdown(post) }
  const id = /^\/projects\/(\d+)(?:-[^/]*)?\.md$/.exec(path)?.[1]
  const project = id ? texts.projects.find((p) => p.id === Number(id)) : undefined
  return project ? { type: MARKDOWN, text: projectPageMarkdown(texts, project) } : null
}
