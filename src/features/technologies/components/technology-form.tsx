import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { technologySchema, type TechnologyInput } from '@shared/contract/schemas.ts'
import type { Technology } from '@shared/contract/types.ts'
import { useRecordForm, type RecordFormProps } from '@/components/record-form'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { paths } from '@/config/paths'
import type { TechnologyPayload } from '@/lib/queries/technologies'
import { commonTechnologies, findCommonTechnology } from '../lib/common-technologies'
import { IconImage } from './icon-image'
import { showServerFieldErrors } from '@/lib/server-field-errors'

/** Create and edit a technology (docs/PRODUCT.md §2); `technology` present means edit. */
export function TechnologyForm({ technology, edit }: RecordFormProps<'technology', Technology>) {
  const quickSelectId = useId()
  const editing = technology !== undefined
  const saving = useRecordForm('technologies', {
    one: 'technology',
    listPath: paths.admin.technologies,
    id: technology?.id,
    edit,
  })
  const form = useForm<TechnologyInput, unknown, TechnologyPayload>({
    resolver: zodResolver(technologySchema),
    defaultValues: { name: technology?.name ?? '', icon: technology?.icon ?? '' },
  })
  const { errors, isSubmitting } = form.formState
  const icon = form.watch('icon')

  const quickSelect = (label: string) => {
    const choice = findCommonTechnology(label)
    if (!choice) return
    form.setValue('name', choice.name, { shouldDirty: true, shouldValidate: true })
    form.setValue('icon', choice.icon, { shouldDirty: true, shouldValidate: true })
  }

  const onSubmit = form.handleSubmit((payload) =>
    saving.run(
      () => saving.write(payload),
      // A duplicate name (409) is the name field's problem.
      (error) => showServerFieldErrors(form, error, ['name', 'icon'], 'name'),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-6">
      {saving.alert}
      <LabeledField label="Quick select a common technology" id={quickSelectId}>
        <Select defaultValue="" onChange={(event) => quickSelect(event.target.value)}>
          <option value="">Choose a technology...</option>
          {commonTechnologies.map((tech) => (
            <option key={tech.label} value={tech.label}>
              {tech.label}
            </option>
          ))}
        </Select>
      </LabeledField>
      <LabeledField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </LabeledField>
      <LabeledField label="Icon URL" hint="Optional" error={errors.icon?.message}>
        <Input type="url" placeholder="https://" {...form.register('icon')} />
      </LabeledField>
      <div className="flex min-h-16 items-center gap-3" aria-live="polite">
        {icon ? (
          <>
            <span className="text-sm text-muted-foreground">Preview:</span>
            <IconImage key={icon} src={icon} alt="Icon preview" className="size-12" />
          </>
        ) : null}
      </div>
      {saving.actions(editing ? 'Update Technology' : 'Create Technology', isSubmitting)}
    </form>
  )
}
