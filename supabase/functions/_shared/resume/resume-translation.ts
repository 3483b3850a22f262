// POST /resume/import?lang=<tag> (docs/PRODUCT.md §20, "As a translation"):
// a JSON Resume written in another of the site's languages becomes that
// language's texts of the entries already here, instead of new entries.
// JSON Resume has no translations, so owners keep one file per language; this
// reads the second file against the first. The file is read as an ordinary
// import reads it (resume-entries.ts: the same 400s and the same entries left
// out), then each entry is matched by what a translation does not change:
// - an experience by organization and start month, education by institution
//   and start month (names of places are not translated here);
// - a certification by its date;
// - a project by its name in any case, else its live URL, else its years.
// A match must be one entry: two experiences at one organization starting the
// same month are ambiguous, and the entry is left out with why. Technologies
// are never translated. Only the translatable fields are written, into
// `translations -> <tag>`; a field the file lacks leaves that language's text
// as it was.
import type { ResumeImportPlan } from '../contract/responses.ts'
import type { Queryable } from '../db/db.ts'
import { jsonParam } from '../db/sql.ts'
import { tagLiteral } from '../api/resources/languages/repository.ts'
import { KINDS, readEntries, type Entries, type Kind } from './resume-entries.ts'
import type { Resume } from './resume-schema.ts'

type Texts = Record<string, string>

interface Candidate {
  id: number
  keys: string[]
}

/** One translated entry of the file: where it is, what it matches by, its texts. */
interface Wanted {
  kind: Exclude<Kind, 'technologies'>
  path: string
  keys: string[]
  texts: Texts
  how: string
}

const TABLES: Record<Wanted['kind'], string> = {
  experiences: 'experiences',
  education: 'education',
  certifications: 'certifications',
  projects: 'projects',
}

/** The texts given, without the empty ones (an empty text would blank the page's fallback). */
const given = (texts: Record<string, string | null | undefined>): Texts =>
  Object.fromEntries(
    Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string' && !!e[1]),
  )

/** Every entry here, with the keys a translation is matched by, per kind. */
async function candidates(tx: Queryable): Promise<Record<Wanted['kind'], Candidate[]>> {
  const [row] = await tx.query<Record<Wanted['kind'], Candidate[] | null>>(`select
    (select json_agg(json_build_object('id', x.id, 'keys', json_build_array(
       'at:' || lower(x.organization) || '|' || to_char(x.start_date, 'YYYY-MM')))) from public.experiences x) as experiences,
    (select json_agg(json_build_object('id', d.id, 'keys', json_build_array(
       'at:' || lower(d.institution) || '|' || to_char(d.start_date, 'YYYY-MM')))) from public.education d) as education,
    (select json_agg(json_build_object('id', c.id, 'keys', json_build_array(
       'on:' || to_char(c.obtained_date, 'YYYY-MM-DD')))) from public.certifications c) as certifications,
    (select json_agg(json_build_object('id', p.id, 'keys', json_build_array(
       'name:' || lower(p.name),
       'url:' || coalesce(p.live_url, ''),
       'years:' || coalesce(p.start_year::text, '') || '-' || coalesce(p.end_year::text, ''))))
       from public.projects p) as projects`)
  return {
    experiences: row!.experiences ?? [],
    education: row!.education ?? [],
    certifications: row!.certifications ?? [],
    projects: row!.projects ?? [],
  }
}

/** The file's entries as translations to place, with the keys they may match by, in order of preference. */
function wanted(entries: Entries, lower: (text: string) => string): Wanted[] {
  const list: Wanted[] = []
  for (const { path, payload: e } of entries.experiences)
    list.push({
      kind: 'experiences',
      path,
      keys: [`at:${lower(e.organization)}|${e.startDate}`],
      texts: given({ role: e.role, location: e.location, description: e.description }),
      how: 'its organization and start month',
    })
  for (const { path, payload: e } of entries.education)
    list.push({
      kind: 'education',
      path,
      keys: [`at:${lower(e.institution)}|${e.startDate}`],
      texts: given({ qualification: e.qualification, field: e.field }),
      how: 'its institution and start month',
    })
  for (const { path, payload: c } of entries.certifications)
    list.push({
      kind: 'certifications',
      path,
      keys: [`on:${c.obtainedDate}`],
      texts: given({ name: c.name }),
      how: 'its date',
    })
  for (const { path, payload: p } of entries.projects) {
    const keys = [`name:${lower(p.name)}`]
    if (p.liveUrl) keys.push(`url:${p.liveUrl}`)
    if (p.startYear !== null) keys.push(`years:${p.startYear}-${p.endYear ?? ''}`)
    list.push({
      kind: 'projects',
      path,
      keys,
      texts: given({ name: p.name, description: p.description }),
      how: 'its name, live URL or years',
    })
  }
  return list
}

/**
 * Plans (and unless `dryRun`, writes) the file as the `lang` texts of what is
 * here. The plan has the import's shape: `create` counts the entries whose
 * translation is written, `skip` those left out (each listed in `skipped`
 * with why) and every skill, which names a technology and is not translated.
 */
export async function importTranslation(
  tx: Queryable,
  resume: Resume,
  lang: string,
  dryRun: boolean,
): Promise<ResumeImportPlan> {
  const entries = readEntries(resume)
  const zero = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>
  const plan: ResumeImportPlan = { create: zero(), skip: zero(), skipped: [...entries.skipped] }
  for (const { kind } of entries.skipped) plan.skip[kind]++
  plan.skip.technologies += entries.technologies.length

  // Keys compare in the database's lower case, as the candidates' were made.
  const texts = [
    ...entries.experiences.map((e) => e.payload.organization),
    ...entries.education.map((e) => e.payload.institution),
    ...entries.projects.map((e) => e.payload.name),
  ]
  const [{ lowered } = { lowered: [] }] = texts.length
    ? await tx.query<{ lowered: string[] }>(
        `select array(select lower(value) from jsonb_array_elements_text($1::jsonb)
                        with ordinality e(value, n) order by n) as lowered`,
        [jsonParam(texts)],
      )
    : []
  const lowerOf = new Map(texts.map((text, i) => [text, lowered[i]!]))
  const here = await candidates(tx)

  const writes: { table: string; id: number; texts: Texts }[] = []
  const taken = new Set<string>()
  for (const entry of wanted(entries, (text) => lowerOf.get(text) ?? text.toLowerCase())) {
    const pool = here[entry.kind]
    let found: Candidate[] = []
    for (const key of entry.keys) {
      found = pool.filter((c) => c.keys.includes(key))
      if (found.length) break
    }
    const leaveOut = (message: string) => {
      plan.skip[entry.kind]++
      plan.skipped.push({ kind: entry.kind, path: entry.path, message })
    }
    if (!found.length) leaveOut(`${entry.path} matches nothing here by ${entry.how}`)
    else if (found.length > 1)
      leaveOut(`${entry.path} matches ${found.length} entries here by ${entry.how}`)
    else if (taken.has(`${entry.kind}:${found[0]!.id}`))
      leaveOut(`${entry.path} matches an entry an earlier one in the file already translates`)
    else {
      taken.add(`${entry.kind}:${found[0]!.id}`)
      plan.create[entry.kind]++
      writes.push({ table: TABLES[entry.kind], id: found[0]!.id, texts: entry.texts })
    }
  }
  if (dryRun) return plan

  const tag = tagLiteral(lang)
  for (const table of new Set(writes.map((w) => w.table))) {
    const rows = writes.filter((w) => w.table === table).map((w) => [w.id, w.texts])
    // One statement per table; a language's texts already here and not in the file stay.
    await tx.query(
      `update public.${table} t
          set translations = jsonb_set(coalesce(t.translations, '{}'::jsonb), array[${tag}],
                coalesce(t.translations -> ${tag}, '{}'::jsonb) || (e.value -> 1))
         from jsonb_array_elements($1::jsonb) e
        where t.id = (e.value ->> 0)::int`,
      [jsonParam(rows)],
    )
  }
  return plan
}
