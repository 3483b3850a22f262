// What an edit form with language tabs shares: the tab shown (in the
// address), how many texts each language misses, and going to the tab of the
// first problem when a save is refused, by the schema or by the server.
import { useEffect, useState } from 'react'
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import type { Languages } from '@shared/contract/types.ts'
import { ApiError } from '@/lib/api-client'
import { useLanguageTab } from '@/lib/use-site-languages'
import {
  errorPaths,
  tabOfErrors,
  translationDefaults,
  type TranslationTexts,
} from '@/lib/translations'

export function useTranslationTabs<T extends FieldValues>(
  form: UseFormReturn<T>,
  site: Languages,
  fields: readonly string[],
  /** The item's stored translations (none for a new one). */
  stored: TranslationTexts | undefined,
  /** A dialog keeps its tab to itself, starting on this one; a page keeps it in the address. */
  dialogTab?: string,
) {
  // The languages may arrive after the form started (it shows at once, in the
  // default language): the translations' starting values follow them. Nothing
  // is typed in them before, as there is no tab to type in.
  const languagesKey = `${site.default}:${site.languages.join(',')}`
  useEffect(() => {
    const texts = translationDefaults(site, fields, stored)
    if (texts) form.setValue('translations' as Path<T>, texts as PathValue<T, Path<T>>)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of languages
  }, [languagesKey])

  const inAddress = useLanguageTab(site)
  // Kept as asked: the languages that make it a tab may arrive after the dialog opened.
  const [own, setOwn] = useState(dialogTab)
  const ownTab = own && site.languages.includes(own) ? own : site.default
  const [tab, setTab] = dialogTab === undefined ? inAddress : [ownTab, setOwn]
  const values = form.watch() as Record<string, unknown>
  const texts = (values.translations ?? {}) as TranslationTexts

  /** Texts the default language has and `tag` lacks. */
  const missing = (tag: string) =>
    fields.filter((field) => String(values[field] ?? '').trim() && !texts[tag]?.[field]?.trim())
      .length

  const goTo = (keys: string[]) => {
    const target = tabOfErrors(keys, site)
    if (target && target !== tab) setTab(target)
  }

  return {
    tab,
    setTab,
    missing,
    /** handleSubmit's second argument: show the tab of the first field the schema refused. */
    onInvalid: (errors: FieldErrors<T>) => goTo(errorPaths(errors)),
    /** After a refused save: show the tab of the first field the server refused. */
    showServerError: (error: unknown) => {
      if (error instanceof ApiError && error.errors) goTo(Object.keys(error.errors))
    },
  }
}
