// The share link form's values (components/share-link-form.tsx): what its
// inputs hold (text, a local date and time), and the same in the API's terms,
// judged by the shared schema (docs/PRODUCT.md §24).
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, Resolver } from 'react-hook-form'
import { shareLinkSchema, type ShareLinkInput } from '@shared/contract/schemas.ts'
import type { ShareLink } from '@shared/contract/types.ts'
import { fromLocalInput, toLocalInput } from './share-link-format'

/** What the form holds: text for the inputs, turned into the API's payload by the resolver. */
export interface ShareLinkFormValues {
  label: string
  projectIds: number[]
  note: string
  showCv: boolean
  showContact: boolean
  /** '' is the site's default language. */
  lang: string
  /** A datetime-local value; '' never expires. */
  expiresAt: string
  /** '' is none (new link) or unchanged (edit). */
  passphrase: string
  removePassphrase: boolean
}

/** POST /share-links as the shared schema gives it. */
export type ShareLinkPayload = ReturnType<typeof shareLinkSchema.parse>
/** PATCH /share-links/{id}: the same, the passphrase absent when unchanged. */
export type ShareLinkChange = Omit<ShareLinkPayload, 'passphrase'> & { passphrase?: string | null }

/** The form's values in the API's terms, as the shared schema reads them. */
export const toInput = (values: ShareLinkFormValues): ShareLinkInput => ({
  label: values.label,
  projectIds: values.projectIds,
  note: values.note,
  showCv: values.showCv,
  showContact: values.showContact,
  lang: values.lang || null,
  expiresAt: fromLocalInput(values.expiresAt),
  // One being removed is not checked.
  passphrase: values.removePassphrase ? null : values.passphrase || null,
})

const schemaResolver = zodResolver(shareLinkSchema)

/**
 * The shared schema judges the inputs once they are in the API's terms; its
 * messages land on the fields of the same names. The form keeps its own values.
 */
export const resolver: Resolver<ShareLinkFormValues> = async (values, ctx, options) => {
  const checked = await schemaResolver(toInput(values), ctx, options as never)
  return Object.keys(checked.errors).length
    ? { values: {}, errors: checked.errors as FieldErrors<ShareLinkFormValues> }
    : { values, errors: {} }
}

/** A new link's values, or `link`'s as the inputs show them. */
export const formDefaults = (link?: ShareLink): ShareLinkFormValues => ({
  label: link?.label ?? '',
  projectIds: link?.projectIds ?? [],
  note: link?.note ?? '',
  showCv: link?.showCv ?? false,
  showContact: link?.showContact ?? false,
  lang: link?.lang ?? '',
  expiresAt: toLocalInput(link?.expiresAt ?? null),
  passphrase: '',
  removePassphrase: false,
})
