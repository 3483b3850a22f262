// POST /resume/import (docs/PRODUCT.md §20): a JSON Resume becomes experience,
// education, technologies, certifications and projects, in the caller's one
// transaction. What already exists is skipped, matched by its natural key, so
// importing the same file again creates nothing: an experience by
// organization, role and start month; education by institution,
// qualification and start month; a technology by name (any case); a
// certification by name and date; a project by name (any case). A dry run
// answers the same plan and writes nothing.
import type { Queryable } from '../db.ts'
import { badRequest } from '../errors.ts'
import { isWebUrl } from '../links.ts'
import { jsonParam } from '../sql.ts'
import type { ResumeImport } from './resume-schema.ts'

const KINDS = ['experiences', 'education', 'technologies', 'certifications', 'projects'] as const
type Kind = (typeof KINDS)[number]
export type ImportCounts = Record<Kind, number>
export interface ImportPlan {
  create: ImportCounts
  skip: ImportCounts
}

const month = (date: string) => (date.length === 4 ? `${date}-01` : date.slice(0, 7))
const day = (date: string) =>
  date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date
const webUrl = (url: string | undefined) =>
  url && /^https?:\/\//i.test(url) && isWebUrl(url) ? url : null
const paragraphs = (...parts: (string | string[] | undefined)[]) =>
  parts
    .flatMap((p) =>
      Array.isArray(p)
        ? p.length
          ? [p.map((h) => `- ${h}`).join('\n')]
          : []
        : p?.trim()
          ? [p.trim()]
          : [],
    )
    .join('\n\n')
    .slice(0, 10000)

/** The keys of what exists, per kind, as the import matches them. */
async function existingKeys(tx: Queryable): Promise<Record<Kind, Set<string>>> {
  const [row] = await tx.query<Record<Kind, string[]>>(`select
    array(select x.organization || '|' || x.role || '|' || to_char(x.start_date, 'YYYY-MM') from public.experiences x) as experiences,
    array(select d.institution || '|' || d.qualification || '|' || to_char(d.start_date, 'YYYY-MM') from public.education d) as education,
    array(select lower(t.name) from public.technologies t) as technologies,
    array(select c.name || '|' || to_char(c.obtained_date, 'YYYY-MM-DD') from public.certifications c) as certifications,
    array(select lower(p.name) from public.projects p) as projects`)
  return Object.fromEntries(KINDS.map((k) => [k, new Set(row![k])])) as Record<Kind, Set<string>>
}

export async function importResume(
  tx: Queryable,
  resume: ResumeImport,
  dryRun: boolean,
): Promise<ImportPlan> {
  const plan: ImportPlan = {
    create: { experiences: 0, education: 0, technologies: 0, certifications: 0, projects: 0 },
    skip: { experiences: 0, education: 0, technologies: 0, certifications: 0, projects: 0 },
  }
  const known = await existingKeys(tx)
  /** Counts the item; true when it is new (and from now on known, so a repeat in the file is skipped). */
  const isNew = (kind: Kind, key: string) => {
    const fresh = !known[kind].has(key)
    if (fresh) known[kind].add(key)
    plan[fresh ? 'create' : 'skip'][kind]++
    return fresh && !dryRun
  }
  const checkOrder = (path: string, start: string, end: string | undefined) => {
    if (end && month(end) < month(start))
      throw badRequest(`${path}.endDate cannot be before its startDate`)
  }

  for (const skill of resume.skills ?? []) {
    if (isNew('technologies', skill.name.toLowerCase()))
      await tx.query('insert into public.technologies (name) values ($1)', [skill.name])
  }
  for (const [i, w] of (resume.work ?? []).entries()) {
    checkOrder(`work[${i}]`, w.startDate, w.endDate)
    if (isNew('experiences', `${w.name}|${w.position}|${month(w.startDate)}`))
      await tx.query(
        `insert into public.experiences (organization, role, location, start_date, end_date, description, url)
         values ($1, $2, $3, to_date($4, 'YYYY-MM'), to_date($5, 'YYYY-MM'), $6, $7)`,
        [
          w.name,
          w.position,
          w.location?.trim() ?? '',
          month(w.startDate),
          w.endDate ? month(w.endDate) : null,
          paragraphs(w.summary, w.highlights),
          webUrl(w.url),
        ],
      )
  }
  for (const [i, e] of (resume.education ?? []).entries()) {
    checkOrder(`education[${i}]`, e.startDate, e.endDate)
    if (isNew('education', `${e.institution}|${e.studyType}|${month(e.startDate)}`))
      await tx.query(
        `insert into public.education (institution, qualification, field, start_date, end_date, url)
         values ($1, $2, $3, to_date($4, 'YYYY-MM'), to_date($5, 'YYYY-MM'), $6)`,
        [
          e.institution,
          e.studyType,
          e.area?.trim() ?? '',
          month(e.startDate),
          e.endDate ? month(e.endDate) : null,
          webUrl(e.url),
        ],
      )
  }
  for (const c of resume.certificates ?? []) {
    if (isNew('certifications', `${c.name}|${day(c.date)}`))
      await tx.query(
        `insert into public.certifications (name, icon, obtained_date, is_active) values ($1, '☁️', $2::date, true)`,
        [c.name, day(c.date)],
      )
  }
  for (const [i, p] of (resume.projects ?? []).entries()) {
    if (p.startDate) checkOrder(`projects[${i}]`, p.startDate, p.endDate)
    if (!isNew('projects', p.name.toLowerCase())) continue
    const [row] = await tx.query<{ id: number }>(
      `insert into public.projects (name, description, start_year, end_year, live_url, is_active)
       values ($1, $2, $3, $4, $5, true) returning id`,
      [
        p.name,
        paragraphs(p.description, p.highlights) || p.name,
        p.startDate ? Number(p.startDate.slice(0, 4)) : null,
        p.endDate ? Number(p.endDate.slice(0, 4)) : null,
        webUrl(p.url),
      ],
    )
    // Its keywords that name a technology become its technologies.
    if (p.keywords?.length)
      await tx.query(
        `insert into public.project_technologies (project_id, technology_id)
         select $1, t.id from public.technologies t
          where lower(t.name) in (select lower(value) from jsonb_array_elements_text($2::jsonb))`,
        [row!.id, jsonParam(p.keywords)],
      )
  }
  return plan
}
