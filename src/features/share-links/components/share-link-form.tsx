import { Controller, useForm } from 'react-hook-form'
import { SHARE_NOTE_MAX, shareLinkSchema } from '@shared/contract/schemas.ts'
import type { CreatedShareLink, ShareLink } from '@shared/contract/types.ts'
import { useRecordForm } from '@/components/record-form'
import { LabeledField } from '@/components/labeled-field'
import { SwitchField } from '@/components/switch-field'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { useProjects } from '@/lib/queries/projects'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import { useSiteLanguages } from '@/lib/use-site-languages'
import type { VersionedEdit } from '@/lib/use-versioned-record'
import {
  formDefaults,
  resolver,
  toInput,
  type ShareLinkChange,
  type ShareLinkFormValues,
} from '../lib/share-link-values'
import { ProjectOrderPicker } from './project-order-picker'

interface ShareLinkFormProps {
  /** Present when editing. */
  link?: ShareLink
  /** With `link`: its version, sent as If-Match, and the reload after a 412. */
  edit?: VersionedEdit
  /** After a create: the link with its address and token, shown once. */
  onCreated?: (created: CreatedShareLink) => void
}

const fields = ['label', 'projectIds', 'note', 'lang', 'expiresAt', 'passphrase'] as const

/** Create and edit a share link (docs/PRODUCT.md §24); `link` present means edit. */
export function ShareLinkForm({ link, edit, onCreated }: ShareLinkFormProps) {
  const site = useSiteLanguages()
  const projects = useProjects()
  const saving = useRecordForm('share-links', {
    one: 'share link',
    listPath: paths.admin.shareLinks,
    id: link?.id,
    edit,
  })
  const form = useForm<ShareLinkFormValues>({
    resolver,
    defaultValues: formDefaults(link),
  })
  const { errors, isSubmitting } = form.formState
  const removing = form.watch('removePassphrase')

  const onSubmit = form.handleSubmit(async (values) => {
    const payload = shareLinkSchema.parse(toInput(values))
    const { passphrase, ...rest } = payload
    // Absent keeps the passphrase; null removes it; a new one replaces it.
    const change: ShareLinkChange = values.removePassphrase
      ? { ...rest, passphrase: null }
      : passphrase
        ? { ...rest, passphrase }
        : rest
    await saving.run(
      async () => {
        if (link) return saving.write(change)
        // A new link stays here, to show its address once.
        onCreated?.((await saving.write(payload)) as CreatedShareLink)
        return false
      },
      (error) => showServerFieldErrors(form, error, fields),
    )
  })

  const projectError =
    errors.projectIds?.message ??
    (Array.isArray(errors.projectIds)
      ? errors.projectIds.find((e) => e?.message)?.message
      : undefined)

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-6">
      {saving.alert}
      <LabeledField
        label="Label"
        hint="For you alone: the recipient never sees it."
        error={errors.label?.message}
      >
        <Input autoComplete="off" {...form.register('label')} />
      </LabeledField>
      {projects.isPending ? (
        <Spinner label="Loading projects" />
      ) : (
        <Controller
          control={form.control}
          name="projectIds"
          render={({ field }) => (
            <ProjectOrderPicker
              projects={projects.data ?? []}
              value={field.value}
              onChange={field.onChange}
              error={projectError}
            />
          )}
        />
      )}
      <LabeledField
        label="Note to the recipient"
        hint={`Shown at the top of their page; at most ${SHARE_NOTE_MAX} characters.`}
        error={errors.note?.message}
      >
        <Textarea rows={4} {...form.register('note')} />
      </LabeledField>
      <SwitchField control={form.control} name="showCv" label="Show the CV" initial={false} />
      <SwitchField
        control={form.control}
        name="showContact"
        label="Show the contact details"
        initial={false}
      />
      {site.languages.length > 1 ? (
        <LabeledField label="Language of the page" error={errors.lang?.message}>
          <Select {...form.register('lang')}>
            <option value="">Site default ({site.default})</option>
            {site.languages.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </Select>
        </LabeledField>
      ) : null}
      <LabeledField
        label="Expires"
        hint="In your time zone. Leave empty for a link that never expires."
        error={errors.expiresAt?.message}
      >
        <Input type="datetime-local" {...form.register('expiresAt')} />
      </LabeledField>
      <LabeledField
        label={link?.hasPassphrase ? 'New passphrase' : 'Passphrase'}
        hint={
          link?.hasPassphrase
            ? 'The link has a passphrase. Leave empty to keep it.'
            : 'Optional: the recipient types it before the page opens.'
        }
        error={errors.passphrase?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          disabled={removing}
          {...form.register('passphrase')}
        />
      </LabeledField>
      {link?.hasPassphrase ? (
        <Controller
          control={form.control}
          name="removePassphrase"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox
                id="remove-passphrase"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
              <Label htmlFor="remove-passphrase" className="font-normal">
                Remove the passphrase
              </Label>
            </div>
          )}
        />
      ) : null}
      {saving.actions(link ? 'Update share link' : 'Create share link', isSubmitting)}
    </form>
  )
}
