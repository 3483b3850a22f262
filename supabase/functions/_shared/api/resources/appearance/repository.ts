// The appearance's one row (docs/decisions/073): read as the page uses it,
// and changed field by field, by PUT /appearance and by a restore alike.
import { arrangeSections, FONTS, THEMES } from '../../../contract/appearance.ts'
import type { Appearance } from '../../../contract/responses.ts'
import type { AppearanceInput } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { jsonParam } from '../../../db/sql.ts'

/** The row as the page uses it, every section in order, with its version. */
export async function readAppearance(tx: Queryable): Promise<Appearance & { version: number }> {
  const [row] = await tx.query<
    Omit<Appearance, 'sections'> & { sections: unknown; version: number }
  >('select theme, accent, font, sections, version from public.appearance where id = 1')
  const stored = Array.isArray(row?.sections) ? (row.sections as Appearance['sections']) : []
  return {
    theme: row?.theme ?? THEMES[0].id,
    accent: row?.accent ?? '#db2777',
    font: row?.font ?? FONTS[0].id,
    sections: arrangeSections(stored),
    version: row?.version ?? 0,
  }
}

/**
 * Sets the fields given and leaves the others as they are; answers whether
 * the row was changed (false: the caller may not, or the row is missing).
 */
export async function changeAppearance(tx: Queryable, change: AppearanceInput): Promise<boolean> {
  const updated = await tx.query(
    `update public.appearance set
       theme = coalesce($1, theme), accent = coalesce($2, accent),
       font = coalesce($3, font), sections = coalesce($4::jsonb, sections)
     where id = 1 returning id`,
    [
      change.theme ?? null,
      change.accent ?? null,
      change.font ?? null,
      change.sections ? jsonParam(change.sections) : null,
    ],
  )
  return updated.length > 0
}
