import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { LabeledField } from '@/components/labeled-field'
import { MarkdownEditor } from '@/components/markdown-editor'

interface MarkdownFieldProps<T extends FieldValues, R> {
  control: Control<T, unknown, R>
  name: FieldPath<T>
  label: string
  hint?: string
  error?: string
  rows?: number
}

/** A form's Markdown text: its label, the editor (Write, Preview, images) and its error. */
export function MarkdownField<T extends FieldValues, R>({
  control,
  name,
  label,
  hint,
  error,
  rows,
}: MarkdownFieldProps<T, R>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LabeledField label={label} hint={hint} error={error}>
          {(aria) => (
            <MarkdownEditor
              {...aria}
              name={field.name}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              textareaRef={field.ref}
              rows={rows}
            />
          )}
        </LabeledField>
      )}
    />
  )
}
