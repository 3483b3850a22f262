import { SwitchField } from '@/components/switch-field'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { certificationSchema, type CertificationInput } from '@shared/contract/schemas.ts'
import type { Certification } from '@shared/contract/types.ts'
import { LanguagePanels } from '@/components/translations/language-panels'
import { useTranslationTabs } from '@/components/translations/use-translation-tabs'
import { useSiteLanguages } from '@/lib/use-site-languages'
import {
  TRANSLATABLE,
  translationDefaults,
  translationPaths,
  translationsPayload,
  withPrunedTranslations,
} from '@/lib/translations'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { TechnologyPicker } from '@/components/technology-picker'
import { paths } from '@/config/paths'
import { useRecordForm, type RecordFormProps } from '@/components/record-form'
import type { CertificationPayload } from '@/lib/queries/certifications'
import { DEFAULT_CERTIFICATION_ICON, todayLocal } from '../lib/certification-format'
import { CertificationIcon } from '@/components/certification-icon'
import { showServerFieldErrors } from '@/lib/server-field-errors'

const fields = ['name', 'icon', 'obtainedDate', 'isActive', 'technologiesIds'] as const
const translated = [{ name: 'name', label: 'Name' }] as const

/**
 * Create and edit a certification (docs/PRODUCT.md §2); `certification` present
 * means edit. On a site of several languages, a tab per language (§23).
 */
export function CertificationForm({
  certification,
  edit,
}: RecordFormProps<'certification', Certification>) {
  const site = useSiteLanguages()
  const editing = certification !== undefined
  const saving = useRecordForm('certifications', {
    one: 'certification',
    listPath: paths.admin.certifications,
    id: certification?.id,
    edit,
  })
  const translations = translationDefaults(
    site,
    TRANSLATABLE.certifications,
    certification?.translations,
  )
  const form = useForm<CertificationInput, unknown, CertificationPayload>({
    resolver: withPrunedTranslations(zodResolver(certificationSchema)),
    // docs/PRODUCT.md §3: a new certification starts as '☁️', today, active.
    defaultValues: {
      name: certification?.name ?? '',
      icon: certification?.icon ?? DEFAULT_CERTIFICATION_ICON,
      obtainedDate: certification?.obtainedDate ?? todayLocal(),
      isActive: certification?.isActive ?? true,
      technologiesIds: certification?.technologies.map((t) => t.id) ?? [],
      ...(translations && { translations }),
    },
  })
  const tabs = useTranslationTabs(
    form,
    site,
    TRANSLATABLE.certifications,
    certification?.translations,
  )
  const { errors, isSubmitting } = form.formState
  const icon = form.watch('icon')
  const name = form.watch('name')

  const onSubmit = form.handleSubmit(async ({ translations: texts, ...values }) => {
    const sent = translationsPayload(site, texts, editing)
    const payload: CertificationPayload = sent ? { ...values, translations: sent } : values
    await saving.run(
      () => saving.write(payload),
      (error) => {
        showServerFieldErrors(form, error, [
          ...fields,
          ...(translationPaths(site, TRANSLATABLE.certifications) as 'name'[]),
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
          <LabeledField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </LabeledField>
          <div className="flex items-end gap-4">
            <LabeledField
              label="Icon"
              hint="An image URL or an emoji"
              error={errors.icon?.message}
              className="flex-1"
            >
              <Input autoComplete="off" {...form.register('icon')} />
            </LabeledField>
            {icon?.trim() ? (
              <CertificationIcon
                icon={icon.trim()}
                name={`${name || 'Certification'} icon preview`}
              />
            ) : null}
          </div>
          <LabeledField label="Date Obtained" error={errors.obtainedDate?.message}>
            <Input type="date" {...form.register('obtainedDate')} />
          </LabeledField>
          <SwitchField
            control={form.control}
            name="isActive"
            label="Active certification"
            hint="Toggle off if the certification is expired or not currently valid"
            initial
          />
          <TechnologyPicker control={form.control} />
        </>
      </LanguagePanels>
      {saving.actions(editing ? 'Update Certification' : 'Create Certification', isSubmitting)}
    </form>
  )
}
