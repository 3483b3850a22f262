// POST /resume/import (docs/PRODUCT.md §20): a JSON Resume becomes experience,
// education, technologies, certifications and projects, and its basics fill
// the profile's empty values (resume-basics.ts), in the caller's one
// transaction, through the insert functions their POST routes use. The file is
// read in full first (resume-entries.ts: what is skipped and why, or a 400
// naming what the database would refuse), so a dry run answers the plan the
// import then carries out. What already exists is skipped, matched by its
// natural key, so importing the same file again creates nothing: an
// experience by organization, role and start month; education by
// institution, qualification and start month; a technology by name (any case,
// as the database's unique index compares them); a certification by name and
// date; a project by name (any case).
import type { ResumeImportPlan } from '../contract/responses.ts'
import type { Queryable } from '../db/db.ts'
import { certifications } from '../api/resources/certifications/repository.ts'
import { projects } from '../api/resources/projects/repository.ts'
import { education, experiences } from '../api/resources/story/repository.ts'
import { technologies } from '../api/resources/technologies/repository.ts'
import { jsonParam } from '../db/sql.ts'
import { KINDS, readEntries, type Entry, type Kind } from './resume-entries.ts'
import type { Resume } from './resume-schema.ts'
import { basicsPlan, writeBasics } from './resume-basics.ts'

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

/** The names in lower case as the database makes it (its lower() is what the unique index compares). */
async function lowerCase(tx: Queryable, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map()
  const [row] = await tx.query<{ lower: string[] }>(
    `select array(select lower(value) from jsonb_array_elements_text($1::jsonb) with ordinality e(value, n)
                  order by n) as lower`,
    [jsonParam(names)],
  )
  return new Map(names.map((name, i) => [name, row!.lower[i]!]))
}

export async function importResume(
  tx: Queryable,
  resume: Resume,
  dryRun: boolean,
  /** Whether an address is one of this site's uploads: only such an image becomes the photo. */
  isOurImage: (url: string) => boolean = () => false,
): Promise<ResumeImportPlan> {
  const entries = readEntries(resume)
  const plan: ResumeImportPlan = {
    create: { experiences: 0, education: 0, technologies: 0, certifications: 0, projects: 0 },
    skip: { experiences: 0, education: 0, technologies: 0, certifications: 0, projects: 0 },
    skipped: entries.skipped,
  }
  // Said only when basics fills something, so a plan without it reads as before.
  const profile = await basicsPlan(tx, resume, isOurImage)
  if (Object.keys(profile).length) plan.profile = profile
  for (const { kind } of entries.skipped) plan.skip[kind]++
  const known = await existingKeys(tx)
  const lower = await lowerCase(
    tx,
    [...entries.technologies, ...entries.projects].map((e) => e.key),
  )
  /** The entries not here yet, counted; a repeat inside the file is skipped too. */
  const fresh = <E extends Entry<unknown>>(kind: Kind, list: E[]): E[] =>
    list.filter(({ key }) => {
      const match = kind === 'technologies' || kind === 'projects' ? lower.get(key)! : key
      const isNew = !known[kind].has(match)
      known[kind].add(match)
      plan[isNew ? 'create' : 'skip'][kind]++
      return isNew
    })
  const add = {
    technologies: fresh('technologies', entries.technologies),
    experiences: fresh('experiences', entries.experiences),
    education: fresh('education', entries.education),
    certifications: fresh('certifications', entries.certifications),
    projects: fresh('projects', entries.projects),
  }
  if (dryRun) return plan

  await writeBasics(tx, plan.profile ?? {})
  const payloads = <P>(list: Entry<P>[]) => list.map((e) => e.payload)
  await technologies.insert(tx, payloads(add.technologies))
  await experiences.insert(tx, payloads(add.experiences))
  await education.insert(tx, payloads(add.education))
  await certifications.insert(tx, payloads(add.certifications))
  const ids = await projects.insert(tx, payloads(add.projects))
  // A project's keywords that name a technology (any case) become its technologies.
  const named = add.projects.flatMap((p, i) => p.keywords.map((keyword) => [ids[i], keyword]))
  if (named.length)
    await tx.query(
      `insert into public.project_technologies (project_id, technology_id)
       select distinct (e.value ->> 0)::int, t.id
         from jsonb_array_elements($1::jsonb) e
         join public.technologies t on lower(t.name) = lower(e.value ->> 1)`,
      [jsonParam(named)],
    )
  return plan
}
