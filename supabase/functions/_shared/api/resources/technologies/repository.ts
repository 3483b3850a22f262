// A technology: the skills grid and the portfolio filter. Each lists the
// projects using it; row-level security hides inactive ones from visitors.
// Its evidence (docs/PRODUCT.md §19) is computed in the same query, as the
// caller, from active projects, experiences and active certifications: never typed.
import { technology, technologyInList } from '../../../contract/responses.ts'
import { technologySchema, technologyUpdateSchema } from '../../../contract/schemas.ts'
import { contentRepository } from '../../content-table.ts'
import { tagLiteral } from '../languages/repository.ts'

/**
 * A project or a public post in a skill's evidence, `{ <key>, <field> }` of
 * the row `row`; with `lang` (a language of the site other than the default)
 * also its field there as a visitor's card has it,
 * `translations: { "<lang>": { <field>? } }` (docs/PRODUCT.md §26).
 */
const evidenceItem = (row: string, key: string, field: string, lang: string | null) => {
  const own = `'${key}', ${row}.${key}, '${field}', ${row}.${field}`
  if (lang === null) return `json_build_object(${own})`
  const tag = tagLiteral(lang)
  return `json_build_object(${own}, 'translations', jsonb_build_object(${tag},
           jsonb_strip_nulls(jsonb_build_object('${field}', ${row}.translations -> ${tag} -> '${field}'))))`
}

/**
 * A skill's evidence as JSON: how many active projects, experiences and active
 * certifications name it, and the years they span (a project's start to end
 * year, an experience's start to end month, the current one to this year, a
 * certification's year), and the projects and posts behind it, from
 * `technologyId` (an SQL expression); with `lang` as evidenceItem's.
 */
export const evidenceOf = (technologyId: string, lang: string | null = null) => `(
  select json_build_object(
           'projectCount', count(*) filter (where e.kind = 'p'),
           'experienceCount', count(*) filter (where e.kind = 'e'),
           'certificationCount', count(*) filter (where e.kind = 'c'),
           -- Public posts only, whoever asks: a draft backs nothing (docs/PRODUCT.md §26).
           'postCount', (select count(*)::int
              from public.post_technologies pst join public.posts po on po.id = pst.post_id
             where pst.technology_id = ${technologyId}
               and app.is_post_public(po.status, po.publish_at)),
           'firstYear', min(e.first_year), 'lastYear', max(e.last_year),
           -- What a visitor opens from the skill's chip (docs/PRODUCT.md §26):
           -- active projects by name, public posts newest first, whoever asks.
           'projects', coalesce((select json_agg(${evidenceItem('p', 'id', 'name', lang)}
                                          order by lower(p.name), p.id)
              from public.project_technologies pt join public.projects p on p.id = pt.project_id
             where pt.technology_id = ${technologyId} and p.is_active), '[]'::json),
           'posts', coalesce((select json_agg(${evidenceItem('po', 'slug', 'title', lang)}
                                       order by coalesce(po.published_at, po.publish_at) desc, po.id desc)
              from public.post_technologies pst join public.posts po on po.id = pst.post_id
             where pst.technology_id = ${technologyId} and app.is_post_public(po.status, po.publish_at)),
             '[]'::json))
    from (
      select 'p' as kind, coalesce(p.start_year, p.end_year) as first_year,
             coalesce(p.end_year, p.start_year) as last_year
        from public.project_technologies pt join public.projects p on p.id = pt.project_id
       where pt.technology_id = ${technologyId} and p.is_active
      union all
      select 'e', extract(year from x.start_date)::int,
             coalesce(extract(year from x.end_date)::int, extract(year from current_date)::int)
        from public.experience_technologies xt join public.experiences x on x.id = xt.experience_id
       where xt.technology_id = ${technologyId}
      union all
      select 'c', extract(year from c.obtained_date)::int, extract(year from c.obtained_date)::int
        from public.certification_technologies ct join public.certifications c on c.id = ct.certification_id
       where ct.technology_id = ${technologyId} and c.is_active
    ) e)`

/** The list of projects using technology `t`, as JSON: `[{ id, name }]` by name. */
const projectsOfTechnology = `coalesce((
           select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
             from public.project_technologies pt
             join public.projects p on p.id = pt.project_id
            where pt.technology_id = t.id
         ), '[]'::json)`

/**
 * Technologies with their evidence, and with the projects using each unless
 * `withProjects` is false; `lang` as evidenceOf's.
 */
const selectTechnologiesWith = (withProjects: boolean, lang: string | null = null) => `
  select t.id, t.name, t.icon,${withProjects ? `\n         ${projectsOfTechnology} as projects,` : ''}
         ${evidenceOf('t.id', lang)} as evidence
    from public.technologies t`

export const technologies = contentRepository({
  table: 'technologies',
  what: 'technology',
  select: selectTechnologiesWith(true),
  alias: 't',
  order: 'lower(x.name), x.id',
  fields: {
    name: { column: 'name' },
    icon: { column: 'icon', stored: (icon: string | null) => icon || null },
  },
  images: { columns: 'icon', shown: (row) => ({ icon: [row.icon as string | null] }) },
  create: technologySchema,
  update: technologyUpdateSchema,
  item: technology,
  listItem: technologyInList,
})

// As GET /projects: the database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
export const technologyListSql = (withProjects: boolean, lang: string | null = null) => `
  select coalesce(json_agg(t order by lower(t.name), t.id), '[]'::json)::text as body
    from (${selectTechnologiesWith(withProjects, lang)}) t`
/** Both forms of the list's query in the default language, written once at load rather than per request. */
export const technologyLists = { full: technologyListSql(true), slim: technologyListSql(false) }
