// Repositories become projects (docs/github.md, docs/decisions/079): what a
// project takes from a repository, and what a later sync may change. Each
// imported project keeps, in public.github_projects.taken, the values it last
// took from GitHub; a field whose value now differs from the taken one was
// edited by the owner, and a sync leaves it alone.
import { projectSchema } from '../contract/schemas.ts'
import type { GithubClient, GithubRepository } from './client.ts'

/** The project description's limit (contract/schemas.ts, projects.description in 05_content.sql). */
export const DESCRIPTION_LIMIT = 10_000
/** How many of a repository's languages (by bytes of code) become technologies. */
export const MAIN_LANGUAGES = 3
/** The most technologies one repository gives a project. */
export const MAX_TECHNOLOGIES = 20

/** What a repository gives a project, fetched before any transaction opens. */
export interface Fetched {
  repository: GithubRepository
  readme: string | null
  languages: string[]
}

/** The fields a sync may refresh, as last taken from GitHub. */
export interface Taken {
  description: string
  liveUrl: string | null
  endYear: number | null
  /** Technology names, lower case, sorted. */
  technologies: string[]
  topics: string[]
}

/** Reads everything one repository gives, a few repositories at a time. */
export async function fetchAll(client: GithubClient, names: string[]): Promise<Fetched[]> {
  const results: Fetched[] = new Array(names.length)
  let next = 0
  const worker = async () => {
    while (next < names.length) {
      const i = next++
      const name = names[i]!
      const repository = await client.repository(name)
      const [readme, languages] = await Promise.all([
        client.readme(repository.full_name),
        client.languages(repository.full_name),
      ])
      results[i] = { repository, readme, languages }
    }
  }
  await Promise.all(Array.from({ length: Math.min(3, names.length) }, worker))
  return results
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i

/**
 * A relative target of the README made absolute: a link to the file on
 * GitHub (blob), an image to its raw bytes; anchors, absolute URLs and
 * protocol-relative ones stay as written.
 */
function absolute(target: string, repoUrl: string, branch: string, image: boolean): string {
  if (!target || target.startsWith('#') || target.startsWith('//') || SCHEME.test(target))
    return target
  const base = `${repoUrl}/${image ? 'raw' : 'blob'}/${encodeURIComponent(branch)}/`
  try {
    return new URL(target.replace(/^\/+/, ''), base).toString()
  } catch {
    return target
  }
}

/** The README's relative links and images made absolute to the repository. */
export function absoluteLinks(markdown: string, repoUrl: string, branch: string): string {
  return (
    markdown
      // Inline: [text](target "title") and ![alt](target).
      .replace(
        /(!?)\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^)\s]+)((?:\s+"[^"]*")?\s*)\)/g,
        (_all, bang: string, text: string, target: string, rest: string) => {
          const bare = target.startsWith('<') ? target.slice(1, -1) : target
          const made = absolute(bare, repoUrl, branch, bang === '!')
          return `${bang}[${text}](${target.startsWith('<') ? `<${made}>` : made}${rest})`
        },
      )
      // Reference definitions: [id]: target
      .replace(
        /^( {0,3}\[[^\]]+\]:\s*)(\S+)/gm,
        (_all, head: string, target: string) =>
          `${head}${absolute(target, repoUrl, branch, /\.(png|jpe?g|gif|svg|webp)$/i.test(target))}`,
      )
      // HTML images some READMEs use: <img src="...">.
      .replace(
        /(<img\b[^>]*?\bsrc=)(["'])([^"']*)\2/gi,
        (_all, head: string, quote: string, target: string) =>
          `${head}${quote}${absolute(target, repoUrl, branch, true)}${quote}`,
      )
  )
}

/** `text` within the limit: cut at a paragraph (or line) end, with a link to the rest. */
export function withinLimit(text: string, restUrl: string, limit = DESCRIPTION_LIMIT): string {
  const trimmed = text.replaceAll('\u0000', '').trim()
  if (trimmed.length <= limit) return trimmed
  const more = `\n\n[Read the rest on GitHub](${restUrl})`
  const room = limit - more.length
  const head = trimmed.slice(0, room)
  const cut = Math.max(head.lastIndexOf('\n\n'), 0) || Math.max(head.lastIndexOf('\n'), 0) || room
  return `${head.slice(0, cut).trimEnd()}${more}`
}

/** The description a repository gives: its README, else its own description, else a line naming it. */
export function descriptionOf({ repository, readme }: Fetched): string {
  const url = repository.html_url
  const branch = repository.default_branch || 'HEAD'
  if (readme?.trim()) return withinLimit(absoluteLinks(readme, url, branch), `${url}#readme`)
  const own = repository.description?.trim()
  if (own) return withinLimit(own, url)
  return `The repository [${repository.full_name}](${url}) on GitHub.`
}

/** The homepage when it is an http(s) address the project form would take, else null. */
export function liveUrlOf(repository: GithubRepository): string | null {
  const homepage = repository.homepage?.trim()
  if (!homepage || !/^https?:\/\//i.test(homepage)) return null
  const checked = projectSchema.safeParse({
    name: 'x',
    description: 'x',
    liveUrl: homepage,
  })
  return checked.success ? checked.data.liveUrl : null
}

const yearOf = (iso: string | null) => {
  const year = iso ? new Date(iso).getUTCFullYear() : NaN
  return Number.isInteger(year) ? year : null
}

/** The technologies' names: the main languages, then the topics, once each (any case). */
export function technologyNames({ repository, languages }: Fetched): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const name of [...languages.slice(0, MAIN_LANGUAGES), ...(repository.topics ?? [])]) {
    const clean = name.trim().slice(0, 100)
    if (!clean || seen.has(clean.toLowerCase())) continue
    seen.add(clean.toLowerCase())
    names.push(clean)
  }
  return names.slice(0, MAX_TECHNOLOGIES)
}

export const takenNames = (names: string[]) => names.map((n) => n.toLowerCase()).sort()

/** The project's fields a repository gives (technologies apart: they are ids). */
export function projectFields(fetched: Fetched) {
  const { repository } = fetched
  const startYear = yearOf(repository.created_at)
  const endYear = repository.archived ? yearOf(repository.pushed_at) : null
  return {
    name: repository.name.slice(0, 200),
    description: descriptionOf(fetched),
    githubUrl: repository.html_url,
    liveUrl: liveUrlOf(repository),
    startYear,
    // Never before the start, which the database would refuse.
    endYear: endYear !== null && startYear !== null && endYear < startYear ? startYear : endYear,
  }
}
