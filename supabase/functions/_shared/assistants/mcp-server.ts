// The portfolio as a read-only Model Context Protocol server (docs/PRODUCT.md
// §25): tools and resources an assistant calls to answer questions about the
// owner ("which projects used Postgres?"). Every tool reads the visitors'
// answers of this API (`PublicReads`, the same kept answers the public page
// reads), so a tool can show nothing a visitor cannot see, and nothing here
// writes. Built per request: the HTTP side is stateless (api/resources/mcp/routes.ts).
import { McpServer, ResourceTemplate } from './mcp-sdk.ts'
import { z } from 'zod'
import { pathInLanguage } from '../contract/page-languages.ts'
import { markdownPathOf, projectPath, slugify } from '../contract/public-routes.ts'
import type { Languages, PostCard, Project, TechnologySummary } from '../contract/responses.ts'
import {
  cvMarkdown,
  localized,
  oneLine,
  projectMarkdown,
  withLanguage,
  years,
  type PublicReads,
  type Texts,
} from './portfolio-markdown.ts'

/** The server's name and version as clients see them. */
export const MCP_SERVER_INFO = { name: 'vitrine-portfolio', version: '1.0.0' }
/** The most a list or a search answers at once. */
export const MCP_MAX_RESULTS = 50

type Json = Record<string, unknown>
interface Experience extends Texts {
  id: number
  organization: string
  role: string
  location: string
  startDate: string
  endDate: string | null
  description: string
}

const text = (value: string) => ({ type: 'text' as const, text: value })
/** A tool's answer: the structured result, and the same as JSON text for clients that only read text. */
const result = <T extends Json>(structured: T, asText?: string) => ({
  content: [text(asText ?? JSON.stringify(structured, null, 2))],
  structuredContent: structured,
})

const projectSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  years: z.string().describe("e.g. '2019–2023', '2024–' while ongoing, '' when not given"),
  technologies: z.array(z.string()),
  summary: z.string().describe("The description's first sentence"),
  url: z.string().describe('The project page on the site'),
})

/** Reads every tool and resource needs, from the visitors' answers. */
function portfolio(read: PublicReads, siteUrl: string) {
  const must = async <T>(path: string): Promise<T> => {
    const value = await read<T>(path)
    if (value === null) throw new Error(`Not found: ${path}`)
    return value
  }
  type InLanguage = Awaited<ReturnType<typeof language>>
  /** A project's summary in a language; its address keeps the default name's slug (docs/PRODUCT.md §23). */
  const summarize = (project: Project, { local, page }: InLanguage) => {
    const p = local(project)
    return {
      id: p.id,
      name: p.name,
      years: years(p.startYear, p.endYear),
      technologies: p.technologies.map((t) => t.name),
      summary: oneLine(p.description),
      url: page(projectPath(p.id, project.name)),
    }
  }
  /** The site's languages and the one asked (any case), or an error naming it; `lang` null for the default. */
  async function language(asked: string | undefined) {
    const site = await must<Languages>('/languages')
    const tag = asked && site.languages.find((l) => l.toLowerCase() === asked.toLowerCase())
    if (asked !== undefined && !tag) throw new Error(`Unknown language: ${asked}`)
    const lang = tag && tag !== site.default ? tag : null
    return {
      site,
      lang,
      /** Each text in the language where it has one, else the default language's. */
      local: <T extends Texts>(item: T) => (lang ? localized(item, lang) : item),
      /** A page's address in the language. */
      page: (path: string) =>
        `${siteUrl.replace(/\/+$/, '')}${pathInLanguage(path, lang ?? site.default, site)}`,
    }
  }
  return {
    projects: (lang: string | null = null) => must<Project[]>(withLanguage('/projects', lang)),
    summarize,
    /** A project by id, by its page's slug ('12-harbor-maps') or by its name's slug ('harbor-maps'). */
    async project(key: { id?: number; slug?: string }, lang: string | null = null) {
      const id = key.id ?? Number(/^(\d+)(?:-|$)/.exec(key.slug ?? '')?.[1] ?? NaN)
      if (Number.isSafeInteger(id) && id > 0)
        return read<Project>(withLanguage(`/projects/${id}`, lang))
      const wanted = slugify(key.slug ?? '')
      if (!wanted) return null
      return (await this.projects(lang)).find((p) => slugify(p.name) === wanted) ?? null
    },
    skills: () => must<TechnologySummary[]>('/technologies?projects=false'),
    /** Published projects, experience and posts (cards: no body), with `lang`'s texts (null: the default's). */
    searched: (lang: string | null) =>
      Promise.all([
        must<Project[]>(withLanguage('/projects', lang)),
        must<Experience[]>(withLanguage('/experiences', lang)),
        must<PostCard[]>(withLanguage('/posts', lang)),
      ]),
    resume: (lang?: string) => must<Json>(withLanguage('/resume.json', lang ?? null)),
    languages: () => must<Languages>('/languages'),
    language,
  }
}

/** A tool's optional `language` (every tool but get_profile takes it). */
const languageArgument = (what: string) =>
  z
    .string()
    .max(35)
    .optional()
    .describe(
      `One of the portfolio's languages (get_profile lists them): ${what}; the default otherwise`,
    )

/** Words of a query or a text, lower case, accents dropped. */
const words = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean)

/** How well `fields` (title first, weighted) match every word of `query`: 0 when one is missing. */
export function matchScore(query: string[], fields: { title: string; rest: string[] }): number {
  const title = words(fields.title)
  const rest = fields.rest.flatMap(words)
  let score = 0
  for (const term of query) {
    const inTitle = title.filter((w) => w.startsWith(term)).length
    const inRest = rest.filter((w) => w.startsWith(term)).length
    if (!inTitle && !inRest) return 0
    score += inTitle * 3 + Math.min(inRest, 5)
  }
  return score
}

/** The MCP server for one request, reading through `read`; `siteUrl` makes the pages' addresses. */
export function portfolioMcpServer(read: PublicReads, siteUrl: string): McpServer {
  const data = portfolio(read, siteUrl)
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      "Read-only tools about one developer's public portfolio: their profile, projects, skills with the evidence behind them, and CV.",
  })
  const readOnly = { readOnlyHint: true, openWorldHint: false }

  server.registerTool(
    'get_profile',
    {
      title: 'Profile',
      description: "The owner's name, headline, summary, links and the portfolio's languages",
      outputSchema: {
        name: z.string(),
        headline: z.string(),
        summary: z.string(),
        links: z.array(z.object({ label: z.string(), url: z.string() })),
        languages: z.array(z.string()),
        defaultLanguage: z.string(),
        site: z.string(),
      },
      annotations: readOnly,
    },
    async () => {
      const [resume, languages] = await Promise.all([data.resume(), data.languages()])
      const basics = (resume.basics ?? {}) as Json
      const profiles = Array.isArray(basics.profiles) ? (basics.profiles as Json[]) : []
      return result({
        name: String(basics.name ?? ''),
        headline: String(basics.label ?? ''),
        summary: String(basics.summary ?? ''),
        links: [
          ...(basics.email ? [{ label: 'Email', url: `mailto:${String(basics.email)}` }] : []),
          ...profiles.map((p) => ({ label: String(p.network ?? 'Link'), url: String(p.url) })),
        ],
        languages: languages.languages,
        defaultLanguage: languages.default,
        site: siteUrl,
      })
    },
  )

  server.registerTool(
    'list_projects',
    {
      title: 'Projects',
      description:
        'The published projects, in the portfolio order (ongoing first, then newest), optionally only those using a technology',
      inputSchema: {
        technology: z
          .string()
          .max(100)
          .optional()
          .describe("A technology's name (case does not matter), e.g. 'PostgreSQL'"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MCP_MAX_RESULTS)
          .optional()
          .describe('At most this many (20 by default)'),
        language: languageArgument(
          "each description in it, the default language's where it has none, and the addresses of its pages",
        ),
      },
      outputSchema: { projects: z.array(projectSummary), total: z.number().int() },
      annotations: readOnly,
    },
    async ({
      technology,
      limit,
      language,
    }: {
      technology?: string
      limit?: number
      language?: string
    }) => {
      const wanted = technology?.trim().toLowerCase()
      const inLanguage = await data.language(language)
      const matching = (await data.projects(inLanguage.lang)).filter(
        (p) => !wanted || p.technologies.some((t) => t.name.toLowerCase() === wanted),
      )
      return result({
        projects: matching.slice(0, limit ?? 20).map((p) => data.summarize(p, inLanguage)),
        total: matching.length,
      })
    },
  )

  server.registerTool(
    'get_project',
    {
      title: 'Project',
      description: "One published project, whole, in Markdown: by its id or its page's slug",
      inputSchema: {
        id: z.number().int().positive().optional(),
        slug: z.string().max(200).optional().describe("e.g. '12-harbor-maps' or 'harbor-maps'"),
        language: languageArgument(
          "its description in it, the default language's where it has none, and its page's address",
        ),
      },
      outputSchema: { project: projectSummary, markdown: z.string() },
      annotations: readOnly,
    },
    async ({ id, slug, language }: { id?: number; slug?: string; language?: string }) => {
      if (id === undefined && !slug) throw new Error('Give the id or the slug of a project')
      const inLanguage = await data.language(language)
      const project = await data.project({ id, slug }, inLanguage.lang)
      if (!project) throw new Error('No published project has that id or slug')
      const base = inLanguage.page('').replace(/\/$/, '')
      const markdown = projectMarkdown(inLanguage.local(project), base, project.name)
      return result({ project: data.summarize(project, inLanguage), markdown }, markdown)
    },
  )

  server.registerTool(
    'list_skills',
    {
      title: 'Skills',
      description:
        'Every technology with what backs it: how many projects, roles and certifications name it, and the years they span',
      inputSchema: {
        language: languageArgument(
          'accepted like the other tools (technology names are not translated)',
        ),
      },
      outputSchema: {
        skills: z.array(
          z.object({
            name: z.string(),
            projects: z.number().int(),
            roles: z.number().int(),
            certified: z.boolean(),
            firstYear: z.number().int().nullable(),
            lastYear: z.number().int().nullable(),
          }),
        ),
      },
      annotations: readOnly,
    },
    async ({ language }: { language?: string }) => {
      await data.language(language)
      return result({
        skills: (await data.skills()).map((t) => ({
          name: t.name,
          projects: t.evidence.projectCount,
          roles: t.evidence.experienceCount,
          certified: t.evidence.certificationCount > 0,
          firstYear: t.evidence.firstYear,
          lastYear: t.evidence.lastYear,
        })),
      })
    },
  )

  server.registerTool(
    'get_cv',
    {
      title: 'CV',
      description: 'The CV as Markdown: experience, education, projects, certifications, skills',
      inputSchema: { language: languageArgument('the CV in it') },
      outputSchema: { markdown: z.string() },
      annotations: readOnly,
    },
    async ({ language }: { language?: string }) => {
      const markdown = cvMarkdown(await data.resume(language))
      return result({ markdown }, markdown)
    },
  )

  server.registerTool(
    'search',
    {
      title: 'Search',
      description:
        'Projects, experience and published posts whose text matches every word of the query (prefixes count), best first',
      inputSchema: {
        query: z.string().trim().min(1).max(200),
        limit: z.number().int().min(1).max(MCP_MAX_RESULTS).optional(),
        language: languageArgument(
          "the texts searched and answered in it, each falling back to the default language's where it has none, and the addresses of its pages",
        ),
      },
      outputSchema: {
        results: z.array(
          z.object({
            kind: z.enum(['project', 'experience', 'post']),
            id: z.number().int(),
            title: z.string(),
            summary: z.string(),
            url: z.string().nullable(),
            score: z.number(),
          }),
        ),
      },
      annotations: readOnly,
    },
    async ({ query, limit, language }: { query: string; limit?: number; language?: string }) => {
      const terms = words(query)
      const { lang, local, page } = await data.language(language)
      const [projects, experiences, posts] = await data.searched(lang)
      const found = [
        ...projects.map((project) => {
          const p = local(project)
          return {
            kind: 'project' as const,
            id: p.id,
            title: p.name,
            summary: oneLine(p.description),
            // The slug is the default language's name's in every language (docs/PRODUCT.md §23).
            url: page(projectPath(p.id, project.name)),
            score: matchScore(terms, {
              title: p.name,
              rest: [p.description, ...p.technologies.map((t) => t.name)],
            }),
          }
        }),
        ...experiences.map(local).map((e) => ({
          kind: 'experience' as const,
          id: e.id,
          title: `${e.role}, ${e.organization}`,
          summary: oneLine(e.description),
          url: null,
          score: matchScore(terms, {
            title: `${e.role} ${e.organization}`,
            rest: [e.description, e.location],
          }),
        })),
        ...posts.map(local).map((p) => ({
          kind: 'post' as const,
          id: p.id,
          title: p.title,
          summary: oneLine(p.summary),
          url: page(markdownPathOf(`/writing/${p.slug}`)),
          score: matchScore(terms, {
            title: p.title,
            rest: [p.summary, ...p.technologies.map((t) => t.name)],
          }),
        })),
      ]
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
      return result({ results: found.slice(0, limit ?? 10) })
    },
  )

  server.registerResource(
    'cv',
    'vitrine://cv',
    { title: 'CV', description: 'The CV in Markdown', mimeType: 'text/markdown' },
    async (uri: URL) => ({
      contents: [
        { uri: uri.href, mimeType: 'text/markdown', text: cvMarkdown(await data.resume()) },
      ],
    }),
  )

  server.registerResource(
    'project',
    new ResourceTemplate('vitrine://projects/{id}', {
      list: async () => ({
        resources: (await data.projects()).map((p) => ({
          uri: `vitrine://projects/${p.id}`,
          name: p.name,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'Project', description: 'A published project in Markdown', mimeType: 'text/markdown' },
    async (uri: URL, { id }: Record<string, string | string[]>) => {
      const project = await data.project({ slug: String(id) })
      if (!project) throw new Error('No published project has that id')
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/markdown', text: projectMarkdown(project, siteUrl) },
        ],
      }
    },
  )

  return server
}
