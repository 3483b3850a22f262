import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Resolver } from 'react-hook-form'
import type { EducationPayload, ExperiencePayload } from '@shared/contract/schemas.ts'
import type { Education, Experience } from '@shared/contract/types.ts'
import { LanguagePanels } from '@/components/translations/language-panels'
import { useTranslationTabs } from '@/components/translations/use-translation-tabs'
import { useSiteLanguages } from '@/lib/use-site-languages'
import {
  TRANSLATABLE,
  translationDefaults,
  translationPaths,
  translationsPayload,
  withPrunedTranslations,
  type TranslationTexts,
} from '@/lib/translations'
import { useRecordForm } from '@/components/record-form'
import { LabeledField } from '@/components/labeled-field'
import { MarkdownField } from '@/components/markdown-field'
import { TechnologyPicker } from '@/components/technology-picker'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import type { StoryKind } from '@/lib/queries/story'
import { storyConfig } from '../lib/story-config'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import type { VersionedEdit } from '@/lib/use-versioned-record'

type Values = Record<string, string | number[] | TranslationTexts | null | undefined>

interface StoryFormProps {
  kind: StoryKind
  /** Present when editing. */
  item?: Experience | Education
  /** With `item`: its version, sent with the save, and the reload after a 412. */
  edit?: VersionedEdit
}

/**
 * Create and edit an experience or an education entry (docs/PRODUCT.md §18).
 * On a site of several languages, a tab per language (§23).
 */
export function StoryForm({ kind, item, edit }: StoryFormProps) {
  const site = useSiteLanguages()
  const config = storyConfig[kind]
  const translatable: readonly string[] = TRANSLATABLE[kind]
  const translated = config.fields
    .filter((field) => translatable.includes(field.name))
    .map((field) => ({
      ...field,
      multiline: field.type === 'textarea',
      markdown: field.type === 'markdown',
    }))
  const saving = useRecordForm(kind, {
    one: config.one,
    listPath: config.listPath,
    id: item?.id,
    edit,
  })
  const editing = item !== undefined
  const current = (item ?? {}) as Record<string, unknown>
  const defaults: Values = Object.fromEntries(
    config.fields.map((f) => [f.name, (current[f.name] as string | null | undefined) ?? '']),
  )
  if (config.technologies)
    defaults.technologiesIds = ((current.technologies ?? []) as { id: number }[]).map((t) => t.id)
  const translations = translationDefaults(
    site,
    translatable,
    current.translations as TranslationTexts | undefined,
  )
  if (translations) defaults.translations = translations
  const form = useForm<Values>({
    resolver: withPrunedTranslations(zodResolver(config.schema) as unknown as Resolver<Values>),
    defaultValues: defaults,
  })
  const tabs = useTranslationTabs(
    form,
    site,
    translatable,
    current.translations as TranslationTexts | undefined,
  )
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ translations: texts, ...values }) => {
    const sent = translationsPayload(site, texts as TranslationTexts | undefined, editing)
    const payload = (sent ? { ...values, translations: sent } : values) as
      ExperiencePayload | EducationPayload
    await saving.run(
      () => saving.write(payload),
      (error) => {
        showServerFieldErrors(form, error, [
          ...config.fields.map((field) => field.name),
          ...translationPaths(site, translatable),
        ])
        tabs.showServerError(error)
      },
    )
  }, tabs.onInvalid)

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-6">
      {saving.alert}
      <LanguagePanels form={form} site={site} tabs={tabs} fields={translated}>
        <>
          {config.fields.map((field) =>
            field.type === 'markdown' ? (
              <MarkdownField
                key={field.name}
                control={form.control}
                name={field.name}
                label={field.label}
                hint={field.hint}
                error={errors[field.name]?.message as string | undefined}
                rows={6}
              />
            ) : (
              <LabeledField
                key={field.name}
                label={field.label}
                hint={field.hint}
                error={errors[field.name]?.message as string | undefined}
              >
                {field.type === 'textarea' ? (
                  <Textarea rows={4} {...form.register(field.name)} />
                ) : (
                  <Input
                    autoComplete="off"
                    type={field.type === 'url' ? 'url' : field.type === 'month' ? 'month' : 'text'}
                    placeholder={field.type === 'month' ? 'YYYY-MM' : undefined}
                    {...form.register(field.name)}
                  />
                )}
              </LabeledField>
            ),
          )}
          {config.technologies ? <TechnologyPicker control={form.control} /> : null}
        </>
      </LanguagePanels>
      {saving.actions(editing ? `Update ${config.One}` : `Create ${config.One}`, isSubmitting)}
    </form>
  )
}
