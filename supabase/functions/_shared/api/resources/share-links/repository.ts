// A share link (docs/PRODUCT.md §24): its answer, its columns, and the checks
// a write needs beyond its schema (the projects exist, the language is one of
// the site's). Only the token's sha256 and the passphrase's bcrypt hash are
// stored (supabase/schemas/14_share_links.sql).
import { shareLink } from '../../../contract/responses.ts'
import { shareLinkSchema, shareLinkUpdateSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { isoTimestamp, jsonParam } from '../../../db/sql.ts'
import { badRequest, type FieldErrors } from '../../../http/errors.ts'
import { contentRepository } from '../../content-table.ts'
import { readLanguages } from '../languages/repository.ts'

/** A link's state as the answer names it, over `public.share_links s`. */
export const shareLinkState = `case when s.revoked_at is not null then 'revoked'
              when s.expires_at <= now() then 'expired' else 'active' end`

/** The answer's columns over `public.share_links s`, with the views of every day. */
const selectShareLinks = `
  select s.id, s.label, to_json(s.project_ids) as "projectIds", s.note,
         s.show_cv as "showCv", s.show_contact as "showContact", s.lang,
         ${isoTimestamp('s.expires_at')} as "expiresAt", s.has_passphrase as "hasPassphrase",
         ${shareLinkState} as state,
         coalesce(w.views, 0)::integer as views, ${isoTimestamp('w.last_viewed_at')} as "lastViewedAt",
         ${isoTimestamp('s.revoked_at')} as "revokedAt",
         ${isoTimestamp('s.created_at')} as "createdAt", ${isoTimestamp('s.updated_at')} as "updatedAt"
    from public.share_links s
    left join lateral (
      select sum(v.views) as views, max(v.last_viewed_at) as last_viewed_at
        from public.share_link_views v where v.share_link_id = s.id) w on true`

export const shareLinks = contentRepository({
  table: 'share_links',
  what: 'share link',
  select: selectShareLinks,
  alias: 's',
  order: 'x.id desc',
  fields: {
    label: { column: 'label' },
    // Ids travel as a JSON array.
    projectIds: {
      column: 'project_ids',
      expression: 'array(select jsonb_array_elements_text($::jsonb)::integer)',
    },
    note: { column: 'note' },
    showCv: { column: 'show_cv', expression: '$::boolean' },
    showContact: { column: 'show_contact', expression: '$::boolean' },
    lang: { column: 'lang' },
    expiresAt: { column: 'expires_at', expression: '$::timestamptz' },
    // Hashed as account passwords are; null removes it (crypt of null is null).
    passphrase: { column: 'passphrase_hash', expression: 'app.hash_password($)' },
    // Set by the create call alone; never in a payload.
    token: { column: 'token_hash', expression: "sha256(convert_to($, 'UTF8'))" },
  },
  create: shareLinkSchema,
  update: shareLinkUpdateSchema,
  item: shareLink,
})

/** A new token: 192 bits from the platform's CSPRNG, base64url (32 characters). */
export function newShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** What a token may look like; anything else opens no link (404 without a query). */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/**
 * 400 naming each field a write may not hold: a project that does not exist,
 * a language that is not the site's. The database refuses both too; this
 * says which one.
 */
export async function checkShareLinkInput(
  tx: Queryable,
  input: { projectIds?: number[]; lang?: string | null },
): Promise<void> {
  const errors: FieldErrors = {}
  if (input.projectIds?.length) {
    const missing = await tx.query<{ n: number; id: number }>(
      `select (e.ord - 1)::integer as n, (e.value #>> '{}')::integer as id
         from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
        where not exists (select 1 from public.projects p where p.id = (e.value #>> '{}')::integer)`,
      [jsonParam(input.projectIds)],
    )
    for (const { n, id } of missing) errors[`projectIds.${n}`] = `No project has the id ${id}`
  }
  if (input.lang) {
    const site = await readLanguages(tx)
    if (!site.languages.includes(input.lang))
      errors.lang = `${input.lang} is not one of the site's languages (${site.languages.join(', ')})`
  }
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
}
