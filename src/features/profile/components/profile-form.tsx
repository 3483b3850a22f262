import { zodResolver } from '@hookform/resolvers/zod'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import {
  PROFILE_TRANSLATABLE,
  PROFILE_VALUES,
  profileFormSchema,
  type ProfileForm as ProfileFields,
} from '@shared/contract/profile.ts'
import { LINK_EXAMPLES, LINK_KINDS, LINK_LABELS } from '@shared/contract/profile-links.ts'
import type { Languages } from '@shared/contract/types.ts'
import { LabeledField } from '@/components/labeled-field'
import { LanguagePanels } from '@/components/translations/language-panels'
import type { TranslatedField } from '@/components/translations/translation-fields'
import { useTranslationTabs } from '@/components/translations/use-translation-tabs'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import {
  translationDefaults,
  withPrunedTranslations,
  type TranslationTexts,
} from '@/lib/translations'
import { PhotoField } from './photo-field'

/**
 * The form's rules: the profile's, and on a site of several languages each
 * translated text checked by its field's rule (blank ones are left out first).
 */
const formSchema = profileFormSchema.extend({
  translations: z
    .record(
      z.string(),
      z.object(
        Object.fromEntries(
          PROFILE_TRANSLATABLE.map((name) => [name, PROFILE_VALUES[name].optional()]),
        ),
      ),
    )
    .optional(),
})
type ProfileValues = ProfileFields & { translations?: TranslationTexts }
export type ProfileOutput = z.output<typeof profileFormSchema> & {
  /** Language -> field -> text, without blank texts (lib/translations.ts). */
  translations?: TranslationTexts
}

/** The profile's texts a language's tab shows (PROFILE_TRANSLATABLE), as the form labels them. */
const translated: readonly TranslatedField[] = [
  { name: 'headline', label: 'Headline' },
  { name: 'location', label: 'Location' },
  { name: 'bio', label: 'Bio', multiline: true },
  { name: 'availabilityNote', label: 'Availability note' },
]

interface ProfileFormProps {
  defaultValues: ProfileFields
  /** The site's languages: a tab each when there are several (docs/PRODUCT.md §23). */
  site: Languages
  /** The stored texts in the other languages: language -> field -> text. */
  storedTranslations: TranslationTexts
  canWrite: boolean
  /**
   * Saves; resolves with the field the server refused and its message (with
   * `lang` when it was that language's text), or null.
   */
  onSave: (
    values: ProfileOutput,
  ) => Promise<{ field: string; message: string; lang?: string } | null>
}

const section = 'grid gap-4 rounded-lg border p-4 sm:p-6'
const heading = 'text-lg font-semibold'

/** The profile in sections (docs/PRODUCT.md §3, "Profile"), each field checked as the API checks it. */
export function ProfileForm({
  defaultValues,
  site,
  storedTranslations,
  canWrite,
  onSave,
}: ProfileFormProps) {
  const translations = translationDefaults(site, PROFILE_TRANSLATABLE, storedTranslations)
  const form = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: withPrunedTranslations(
      zodResolver(formSchema) as Resolver<ProfileValues, unknown, ProfileOutput>,
    ),
    defaultValues: { ...defaultValues, ...(translations && { translations }) },
  })
  const tabs = useTranslationTabs(form, site, PROFILE_TRANSLATABLE, storedTranslations)
  const links = useFieldArray({ control: form.control, name: 'links' })
  const [status, setStatus] = useState<{ saved: boolean; message: string } | null>(null)
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setStatus(null)
    const refused = await onSave(values)
    if (!refused) return setStatus({ saved: true, message: 'Profile saved' })
    const field = (
      ['githubUrl', 'linkedinUrl', 'email', 'links'].includes(refused.field)
        ? 'links'
        : refused.field
    ) as keyof ProfileFields
    if (refused.lang) {
      tabs.setTab(refused.lang)
      form.setError(`translations.${refused.lang}.${field}`, { message: refused.message })
    } else {
      if (tabs.tab !== site.default) tabs.setTab(site.default)
      form.setError(field, { message: refused.message }, { shouldFocus: true })
    }
    setStatus({ saved: false, message: refused.message })
  }, tabs.onInvalid)

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      <fieldset disabled={!canWrite} className="grid gap-6">
        <LanguagePanels form={form} site={site} tabs={tabs} fields={translated}>
          <section aria-labelledby="profile-who" className={section}>
            <h2 id="profile-who" className={heading}>
              Who you are
            </h2>
            <LabeledField label="Name" error={errors.ownerName?.message}>
              <Input autoComplete="name" {...form.register('ownerName')} />
            </LabeledField>
            <LabeledField
              label="Headline"
              hint="One line under your name, e.g. Senior frontend engineer"
              error={errors.headline?.message}
            >
              <Input {...form.register('headline')} />
            </LabeledField>
            <Controller
              control={form.control}
              name="photo"
              render={({ field, fieldState }) => (
                <PhotoField
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <LabeledField
              label="Location"
              hint="e.g. Lisbon, Portugal"
              error={errors.location?.message}
            >
              <Input {...form.register('location')} />
            </LabeledField>
            <LabeledField
              label="Bio"
              hint="A few sentences, at most 600 characters"
              error={errors.bio?.message}
            >
              <Textarea rows={4} {...form.register('bio')} />
            </LabeledField>
          </section>

          <section aria-labelledby="profile-availability" className={section}>
            <h2 id="profile-availability" className={heading}>
              Availability and booking
            </h2>
            <LabeledField label="Availability" error={errors.availability?.message}>
              <Select {...form.register('availability')}>
                <option value="">Not said</option>
                <option value="open">Open to work</option>
                <option value="selective">Open to the right role</option>
                <option value="closed">Not looking</option>
              </Select>
            </LabeledField>
            <LabeledField
              label="Availability note"
              hint='Optional, e.g. "from March"'
              error={errors.availabilityNote?.message}
            >
              <Input {...form.register('availabilityNote')} />
            </LabeledField>
            <LabeledField
              label="Booking link"
              hint="An https:// address where people book a call with you"
              error={errors.bookingUrl?.message}
            >
              <Input type="url" placeholder="https://" {...form.register('bookingUrl')} />
            </LabeledField>
          </section>

          <section aria-labelledby="profile-links" className={section}>
            <h2 id="profile-links" className={heading}>
              Links
            </h2>
            <p className="text-sm text-muted-foreground">
              Shown with their icons in the hero and the contact section. Your first GitHub,
              LinkedIn and e-mail links are the site&apos;s githubUrl, linkedinUrl and email.
            </p>
            {errors.links?.message || errors.links?.root?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.links?.message ?? errors.links?.root?.message}
              </p>
            ) : null}
            <ol className="grid gap-4">
              {links.fields.map((link, index) => {
                const kind = form.watch(`links.${index}.kind`)
                return (
                  <li
                    key={link.id}
                    className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
                  >
                    <LabeledField label={`Link ${index + 1}: kind`}>
                      <Select {...form.register(`links.${index}.kind`)}>
                        {LINK_KINDS.map((option) => (
                          <option key={option} value={option}>
                            {LINK_LABELS[option]}
                          </option>
                        ))}
                      </Select>
                    </LabeledField>
                    <LabeledField
                      label={`Link ${index + 1}: address`}
                      hint={`e.g. ${LINK_EXAMPLES[kind] ?? ''}`}
                      error={errors.links?.[index]?.url?.message}
                    >
                      <Input {...form.register(`links.${index}.url`)} />
                    </LabeledField>
                    <Button
                      type="button"
                      variant="outline"
                      className="sm:mt-7"
                      aria-label={`Remove link ${index + 1}`}
                      onClick={() => links.remove(index)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                )
              })}
            </ol>
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() => links.append({ kind: 'github', url: '' }, { shouldFocus: true })}
              >
                <PlusIcon aria-hidden="true" />
                Add a link
              </Button>
            </div>
          </section>
        </LanguagePanels>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={!canWrite || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save profile'}
        </Button>
        <div role="status" className="text-sm">
          {status?.saved ? status.message : null}
        </div>
      </div>
      {status && !status.saved ? <Alert variant="destructive">{status.message}</Alert> : null}
    </form>
  )
}
