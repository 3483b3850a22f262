// A certification: newest first; visitors see active ones only (row-level
// security). Each names the technologies it certifies (docs/PRODUCT.md §19)
// and may show an icon.
import { certification } from '../../../contract/responses.ts'
import { certificationSchema, certificationUpdateSchema } from '../../../contract/schemas.ts'
import { contentRepository } from '../../content-table.ts'
import { TRANSLATABLE } from '../../registry.ts'

export const certifications = contentRepository({
  table: 'certifications',
  what: 'certification',
  // The date leaves SQL as text so it reads the same from every driver and never shifts with a time zone.
  select: `select c.id, c.name, c.icon, to_char(c.obtained_date, 'YYYY-MM-DD') as "obtainedDate",
      c.is_active as "isActive",
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
          from public.certification_technologies ct join public.technologies t on t.id = ct.technology_id
         where ct.certification_id = c.id), '[]'::json) as technologies
    from public.certifications c`,
  alias: 'c',
  order: 'x."obtainedDate" desc, x.id',
  fields: {
    name: { column: 'name' },
    icon: { column: 'icon' },
    obtainedDate: { column: 'obtained_date', expression: '$::date' },
    isActive: { column: 'is_active', expression: '$::boolean' },
  },
  translatable: TRANSLATABLE.certifications,
  links: { table: 'certification_technologies', owner: 'certification_id' },
  images: { columns: 'icon', shown: (row) => ({ icon: [row.icon as string | null] }) },
  create: certificationSchema,
  update: certificationUpdateSchema,
  item: certification,
})
