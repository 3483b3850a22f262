// Saving the profile: each declared configuration the form changed, written
// through /configs like any other (PATCH when it exists, POST when it does
// not), so translations, backups and the Advanced view keep working. The
// translatable texts (PROFILE_TRANSLATABLE) carry their other languages'
// texts as a configuration's `translations` ({ fr: { value } }, null removing
// one), sent only when they changed. The server checks each value again
// (contract/profile.ts); a refusal names the configuration, and the form puts
// the message on its field, or on that language's text.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { PROFILE_TRANSLATABLE, type ProfileName } from '@shared/contract/profile.ts'
import type { Config, Languages } from '@shared/contract/types.ts'
import { api, ApiError } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import { otherLanguages, type TranslationTexts } from '@/lib/translations'

/** A configuration the server refused: its name, the language of the refused text if any, and the server's error. */
export class ProfileSaveError extends Error {
  constructor(
    readonly field: ProfileName,
    readonly cause: unknown,
    readonly lang?: string,
  ) {
    super(cause instanceof ApiError ? cause.message : 'The profile could not be saved')
  }
}

/** Language -> field -> text of the stored profile rows: the form's starting translations. */
export function storedProfileTranslations(saved: readonly Config[]): TranslationTexts {
  const texts: TranslationTexts = {}
  for (const name of PROFILE_TRANSLATABLE) {
    const row = saved.find((config) => config.name === name)
    for (const [lang, text] of Object.entries(row?.translations ?? {}))
      if (text?.value) (texts[lang] ??= {})[name] = text.value
  }
  return texts
}

type ValueTranslations = Record<string, { value: string } | null>

/** What a write of `name` sends as `translations`: the site's other languages whose text changed. */
function changedTranslations(
  site: Languages,
  name: ProfileName,
  row: Config | undefined,
  texts: TranslationTexts | undefined,
): ValueTranslations | undefined {
  if (!texts || !(PROFILE_TRANSLATABLE as readonly string[]).includes(name)) return undefined
  const out: ValueTranslations = {}
  for (const lang of otherLanguages(site)) {
    const wanted = texts[lang]?.[name]?.trim() ?? ''
    const stored = row?.translations?.[lang]?.value ?? ''
    if (wanted === stored) continue
    if (wanted) out[lang] = { value: wanted }
    else if (row) out[lang] = null
  }
  return Object.keys(out).length ? out : undefined
}

export function useSaveProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      saved,
      values,
      site,
      translations,
    }: {
      saved: readonly Config[]
      values: Record<ProfileName, string>
      site: Languages
      /** The other languages' texts, blank ones left out; undefined on a site of one language. */
      translations?: TranslationTexts
    }) => {
      for (const [name, value] of Object.entries(values) as [ProfileName, string][]) {
        const row = saved.find((config) => config.name === name)
        const texts = changedTranslations(site, name, row, translations)
        if ((row?.value ?? '') === value && !texts) continue
        const body = texts ? { value, translations: texts } : { value }
        try {
          if (row) await api.patch('/configs/{id}', body, { params: { id: row.id } })
          else await api.post('/configs', { name, ...body })
        } catch (error) {
          // A refused translation names its path: translations.<lang>.value.
          const path =
            error instanceof ApiError && error.errors ? Object.keys(error.errors)[0] : undefined
          const lang = path?.startsWith('translations.') ? path.split('.')[1] : undefined
          throw new ProfileSaveError(name, error, lang)
        }
      }
    },
    onSettled: () => invalidateContent(queryClient),
  })
}
