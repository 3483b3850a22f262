import { useId } from 'react'
import { Controller, type Control, type FieldErrors } from 'react-hook-form'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import type { PostPayload } from '@shared/contract/schemas.ts'
import {
  fromLocalInput,
  toLocalInput,
  type PostFormValues,
  type PostStatus,
} from '../lib/post-form-values'

const STATUSES: { value: PostStatus; label: string; hint: string }[] = [
  { value: 'draft', label: 'Draft', hint: 'Only you see it' },
  { value: 'scheduled', label: 'Scheduled', hint: 'Published on its own at the chosen moment' },
  { value: 'published', label: 'Published', hint: 'Visitors see it now' },
]

interface ScheduleFieldsProps {
  control: Control<PostFormValues, unknown, PostPayload>
  errors: FieldErrors<PostFormValues>
  status: PostStatus
}

/** Draft, scheduled (with its moment, in the browser's time zone) or published (docs/PRODUCT.md §26). */
export function ScheduleFields({ control, errors, status }: ScheduleFieldsProps) {
  const id = useId()
  return (
    <div className="grid gap-4">
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Status</legend>
            {STATUSES.map((option) => (
              <label key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-status`}
                  value={option.value}
                  checked={field.value === option.value}
                  onChange={() => field.onChange(option.value)}
                  onBlur={field.onBlur}
                  className="mt-1 size-4 accent-primary"
                />
                <span>
                  <span className="font-medium">{option.label}</span>{' '}
                  <span className="text-muted-foreground">({option.hint})</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      />
      {status === 'scheduled' ? (
        <Controller
          control={control}
          name="publishAt"
          render={({ field }) => (
            <LabeledField
              label="Publish at"
              hint="In your time zone; it must be in the future."
              error={errors.publishAt?.message}
              className="max-w-xs"
            >
              <Input
                ref={field.ref}
                type="datetime-local"
                step={1}
                defaultValue={toLocalInput(field.value)}
                onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                onBlur={field.onBlur}
              />
            </LabeledField>
          )}
        />
      ) : null}
    </div>
  )
}
