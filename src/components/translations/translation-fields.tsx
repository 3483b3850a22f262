// One language's texts of an item (docs/PRODUCT.md §23): for each translatable
// field, the default language's text as it stands in the form (read only, for
// reference), "Missing" while the translation is empty, and the translation's
// own input, in its language and direction (a Markdown text in the Markdown
// editor, its Preview in that language too). Only these fields are shown on a
// language's tab: links, years, dates and images are the same in every language.
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import type { Languages } from '@shared/contract/types.ts'
import { textDirection } from '@shared/contract/page-languages.ts'
import { LabeledField } from '@/components/labeled-field'
import { MarkdownEditor } from '@/components/markdown-editor'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { languageName } from '@/lib/translations'

export interface TranslatedField {
  name: string
  label: string
  multiline?: boolean
  /** Written in Markdown: the Markdown editor, Write and Preview (docs/decisions/058). */
  markdown?: boolean
}

interface TranslationFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>
  site: Languages
  /** The language of this tab, not the default one. */
  lang: string
  fields: readonly TranslatedField[]
}

export function TranslationFields<T extends FieldValues>({
  form,
  site,
  lang,
  fields,
}: TranslationFieldsProps<T>) {
  const language = languageName(lang)
  const reference = languageName(site.default)
  const errors = form.formState.errors as {
    translations?: Record<string, Record<string, { message?: string } | undefined> | undefined>
  }
  return (
    <>
      {fields.map((field) => {
        const path = `translations.${lang}.${field.name}` as Path<T>
        const original = String(form.watch(field.name as Path<T>) ?? '')
        const missing = !String(form.watch(path) ?? '').trim()
        return (
          <LabeledField
            key={`${lang}-${field.name}`}
            label={`${field.label} (${language})`}
            error={errors.translations?.[lang]?.[field.name]?.message}
          >
            {(control) => {
              const referenceId = `${control.id}-reference`
              const Control = field.multiline ? Textarea : Input
              const describedBy = [referenceId, control['aria-describedby']]
                .filter(Boolean)
                .join(' ')
              return (
                <>
                  <div className="flex items-start justify-between gap-3 rounded-md border border-dashed border-border px-3 py-2 text-sm">
                    <p
                      id={referenceId}
                      className={
                        field.markdown
                          ? 'max-h-40 overflow-y-auto whitespace-pre-line'
                          : 'whitespace-pre-line'
                      }
                    >
                      <span className="font-medium">{reference}:</span>{' '}
                      <span lang={site.default} dir={textDirection(site.default)}>
                        {original.trim() ? original : '(empty)'}
                      </span>
                      {missing ? <span className="sr-only">. Missing in {language}</span> : null}
                    </p>
                    {missing ? (
                      <Badge variant="outline" aria-hidden="true">
                        Missing
                      </Badge>
                    ) : null}
                  </div>
                  {field.markdown ? (
                    <Controller
                      control={form.control}
                      name={path}
                      render={({ field: text }) => (
                        <MarkdownEditor
                          {...control}
                          aria-describedby={describedBy}
                          lang={lang}
                          dir={textDirection(lang)}
                          name={text.name}
                          value={String(text.value ?? '')}
                          onChange={text.onChange}
                          onBlur={text.onBlur}
                          textareaRef={text.ref}
                          rows={12}
                        />
                      )}
                    />
                  ) : (
                    <Control
                      {...control}
                      aria-describedby={describedBy}
                      lang={lang}
                      dir={textDirection(lang)}
                      autoComplete="off"
                      {...(field.multiline ? { rows: 5 } : {})}
                      {...form.register(path)}
                    />
                  )}
                </>
              )
            }}
          </LabeledField>
        )
      })}
    </>
  )
}
