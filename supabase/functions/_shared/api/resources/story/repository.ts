// The developer's story (docs/PRODUCT.md §18): experiences and education.
// Every row is public; admins write. Lists put the current ones (no end)
// first, then the newest start.
import { education as educationAnswer, experience } from '../../../contract/responses.ts'
import {
  educationSchema,
  educationUpdateSchema,
  experienceSchema,
  experienceUpdateSchema,
} from '../../../contract/schemas.ts'
import { contentRepository, type Field } from '../../content-table.ts'
import { TRANSLATABLE } from '../../registry.ts'

/** Current ones first, then by start, newest first, over `public.<table> s` (docs/PRODUCT.md §18). */
export const STORY_ORDER = 's.end_date is null desc, s.start_date desc, s.end_date desc, s.id desc'
/** The same order over the answers' fields: YYYY-MM text sorts as the dates do. */
const ANSWER_ORDER = 'x."endDate" is null desc, x."startDate" desc, x."endDate" desc, x.id desc'

const monthOut = (column: string) => `to_char(s.${column}, 'YYYY-MM')`
const MONTH_IN = "to_date($, 'YYYY-MM')"
const common = `s.id, ${monthOut('start_date')} as "startDate", ${monthOut('end_date')} as "endDate",
  s.description, s.url`
const commonFields: Record<string, Field> = {
  startDate: { column: 'start_date', expression: MONTH_IN },
  endDate: { column: 'end_date', expression: MONTH_IN },
  description: { column: 'description' },
  url: { column: 'url' },
}

export const experiences = contentRepository({
  table: 'experiences',
  what: 'experience',
  select: `select ${common}, s.organization, s.role, s.location,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
          from public.experience_technologies et join public.technologies t on t.id = et.technology_id
         where et.experience_id = s.id), '[]'::json) as technologies
    from public.experiences s`,
  alias: 's',
  order: ANSWER_ORDER,
  fields: {
    organization: { column: 'organization' },
    role: { column: 'role' },
    location: { column: 'location' },
    ...commonFields,
  },
  translatable: TRANSLATABLE.experiences,
  markdown: ['description'],
  links: { table: 'experience_technologies', owner: 'experience_id' },
  create: experienceSchema,
  update: experienceUpdateSchema,
  item: experience,
})

export const education = contentRepository({
  table: 'education',
  what: 'education entry',
  select: `select ${common}, s.institution, s.qualification, s.field from public.education s`,
  alias: 's',
  order: ANSWER_ORDER,
  fields: {
    institution: { column: 'institution' },
    qualification: { column: 'qualification' },
    field: { column: 'field' },
    ...commonFields,
  },
  translatable: TRANSLATABLE.education,
  markdown: ['description'],
  create: educationSchema,
  update: educationUpdateSchema,
  item: educationAnswer,
})
