import type { ReactNode } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { Languages } from '@shared/contract/types.ts'
import { LanguageTabs } from './language-tabs'
import { TranslationFields, type TranslatedField } from './translation-fields'
import type { useTranslationTabs } from './use-translation-tabs'

interface LanguagePanelsProps<T extends FieldValues> {
  form: UseFormReturn<T>
  site: Languages
  tabs: ReturnType<typeof useTranslationTabs<T>>
  /** The translatable fields, as another language's tab shows them. */
  fields: readonly TranslatedField[]
  className?: string
  /** The default language's tab: the form as it is on a site of one language. */
  children: ReactNode
}

/** A form's fields under a tab per language: its own on the default one, the translations on the others. */
export function LanguagePanels<T extends FieldValues>({
  form,
  site,
  tabs,
  fields,
  className,
  children,
}: LanguagePanelsProps<T>) {
  return (
    <LanguageTabs
      site={site}
      value={tabs.tab}
      onValueChange={tabs.setTab}
      missing={tabs.missing}
      className={className}
    >
      {tabs.tab === site.default ? (
        children
      ) : (
        <TranslationFields form={form} site={site} lang={tabs.tab} fields={fields} />
      )}
    </LanguageTabs>
  )
}
