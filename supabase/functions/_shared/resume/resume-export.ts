// GET /resume.json (docs/PRODUCT.md §20): the portfolio as a JSON Resume
// (schema 1.x), read as the caller like every public read: basics from the
// configurations, work from experience, education, skills from technologies,
// certificates from active certifications, projects from active projects
// (newest first, as a CV reads), publications from public posts.
// Empty values are left out rather than sent as '' (the schema checks
// formats: an e-mail, a URL).
// In one of the site's other languages (?lang=fr), each translated text is
// that language's where the item has one, else the default language's
// (docs/PRODUCT.md §23); JSON Resume has no translations, so the document is
// in one language and says which in meta.language.
import { LINK_LABELS, readProfile } from '../contract/profile-links.ts'
import type { Resume } from '../contract/responses.ts'
import type { Queryable } from '../db/db.ts'
import { badRequest } from '../http/errors.ts'
import { readLanguages } from '../api/resources/languages/repository.ts'
import { isAbsoluteWebUrl } from '../contract/links.ts'
import { STORY_ORDER } from '../api/resources/story/repository.ts'
import { renderMarkdown } from '../markdown/render.ts'

const RESUME_SCHEMA =
  'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** A CV reads newest first: ongoing projects, then by the year they ended or began. */
const PROJECT_ORDER = `(p.end_year is null and p.start_year is not null) desc, coalesce(p.end_year, p.start_year) desc nulls last,
  p.start_year desc nulls last, lower(p.name), p.id`

/**
 * Posts as publications (docs/PRODUCT.md §26), newest first: public ones only,
 * whoever asks (an account reads drafts through row-level security).
 */
const PUBLICATIONS = `coalesce((select json_agg(json_build_object('name', p.title, 'summary', p.summary,
    'releaseDate', to_char(coalesce(p.published_at, p.publish_at) at time zone 'UTC', 'YYYY-MM-DD'))
    order by coalesce(p.published_at, p.publish_at) desc, p.id desc)
    from public.posts p where app.is_post_public(p.status, p.publish_at)), '[]'::json)`

type Json = Record<string, unknown>
/** An entry that has a name, which the database never leaves empty. */
type Named = Json & { name: string }
/**
 * The object without its null, undefined, '' and [] values; typed as given,
 * for the fields a schema requires are ones the database never leaves empty.
 */
const compact = <T extends Json>(value: T): T =>
  Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length),
    ),
  ) as T
/**
 * A Markdown text's HTML, from the server's renderer (docs/PRODUCT.md §26):
 * beside the text as written, for the CV page, which has no renderer of its
 * own. Not part of the JSON Resume schema, which lets an entry carry more.
 */
const html = (text: unknown) => (typeof text === 'string' && text ? renderMarkdown(text) : null)
const web = (url: unknown) => (typeof url === 'string' && isAbsoluteWebUrl(url) ? url : null)

function profile(network: string, url: string | undefined): Json[] {
  const link = web(url)
  if (!link) return []
  const username = new URL(link).pathname.split('/').filter(Boolean).pop()
  return [compact({ network, username, url: link })]
}

/** The column's text in the language $1, or the column itself where it has none (or $1 is null). */
const text = (alias: string, column: string) =>
  `coalesce(nullif(${alias}.translations #>> array[$1::text, '${column}'], ''), ${alias}.${column})`

/**
 * The language whose texts the résumé takes: null for the default (the fields
 * themselves), else `lang`; 400 when `lang` is not one of the site's.
 */
async function textLanguage(tx: Queryable, lang: string): Promise<string | null> {
  const site = await readLanguages(tx)
  if (!site.languages.includes(lang))
    throw badRequest(`Unknown language: ${lang}`, { lang: `Unknown language: ${lang}` })
  return lang === site.default ? null : lang
}

/** The résumé, in the site's default language or, given `lang`, in that one (its texts falling back to the default's). */
export async function readResume(tx: Queryable, lang?: string): Promise<Resume> {
  const texts = lang === undefined ? null : await textLanguage(tx, lang)
  const [row] = await tx.query<{
    configs: Json[]
    work: Json[]
    education: Json[]
    skills: Named[]
    certificates: Named[]
    projects: Named[]
    publications: Named[]
  }>(
    `select
    coalesce((select json_agg(json_build_object('name', g.name, 'value', ${text('g', 'value')})) from public.configs g
       where g.name in ('ownerName', 'heroTitle1', 'heroTitle2', 'heroDescription', 'email', 'githubUrl', 'linkedinUrl',
                        'headline', 'bio', 'location', 'photo', 'links')),
       '[]'::json) as configs,
    coalesce((select json_agg(json_build_object('name', s.organization, 'position', ${text('s', 'role')}, 'location', ${text('s', 'location')},
        'url', s.url, 'startDate', to_char(s.start_date, 'YYYY-MM'), 'endDate', to_char(s.end_date, 'YYYY-MM'),
        'summary', ${text('s', 'description')}) order by ${STORY_ORDER}) from public.experiences s), '[]'::json) as work,
    coalesce((select json_agg(json_build_object('institution', s.institution, 'studyType', ${text('s', 'qualification')},
        'area', ${text('s', 'field')}, 'url', s.url, 'startDate', to_char(s.start_date, 'YYYY-MM'),
        'endDate', to_char(s.end_date, 'YYYY-MM')) order by ${STORY_ORDER}) from public.education s), '[]'::json) as education,
    coalesce((select json_agg(json_build_object('name', t.name) order by lower(t.name), t.id)
       from public.technologies t), '[]'::json) as skills,
    coalesce((select json_agg(json_build_object('name', ${text('c', 'name')}, 'date', to_char(c.obtained_date, 'YYYY-MM-DD'))
        order by c.obtained_date desc, c.id) from public.certifications c where c.is_active), '[]'::json) as certificates,
    coalesce((select json_agg(json_build_object('name', ${text('p', 'name')}, 'description', ${text('p', 'description')},
        'startDate', p.start_year::text, 'endDate', p.end_year::text, 'url', coalesce(p.live_url, p.github_url),
        'keywords', coalesce((select json_agg(t.name order by lower(t.name)) from public.project_technologies pt
            join public.technologies t on t.id = pt.technology_id where pt.project_id = p.id), '[]'::json))
        order by ${PROJECT_ORDER}) from public.projects p where p.is_active), '[]'::json) as projects,
    ${PUBLICATIONS} as publications`,
    [texts],
  )
  const config = Object.fromEntries(
    row!.configs!.map((c) => [c.name, String(c.value ?? '').trim()]),
  )
  const email = config.email && EMAIL.test(config.email) ? config.email : null
  // The profile (docs/PRODUCT.md §3) where set, the site's texts otherwise.
  const own = readProfile(config)
  const website = own.links.find((link) => link.kind === 'website')
  return {
    $schema: RESUME_SCHEMA,
    basics: compact({
      name: config.ownerName,
      label: own.headline || [config.heroTitle1, config.heroTitle2].filter(Boolean).join(' '),
      image: own.photo || null,
      email,
      url: web(website?.url),
      summary: own.bio || config.heroDescription,
      ...(own.location ? { location: { city: own.location } } : {}),
      profiles: own.links
        .filter((link) => link.kind !== 'email' && link.kind !== 'website')
        .flatMap((link) => profile(LINK_LABELS[link.kind], link.url)),
    }),
    work: row!.work!.map((w) => compact({ ...w, url: web(w.url), summaryHtml: html(w.summary) })),
    education: row!.education!.map((e) => compact({ ...e, url: web(e.url) })),
    skills: row!.skills,
    certificates: row!.certificates,
    projects: row!.projects!.map((p) =>
      compact({ ...p, url: web(p.url), descriptionHtml: html(p.description) }),
    ),
    ...(lang === undefined ? {} : { meta: { language: lang } }),
    // Left out while there is none, as before posts.
    ...(row!.publications!.length
      ? { publications: row!.publications!.map((p) => compact(p)) }
      : {}),
  }
}
