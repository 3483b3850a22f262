import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { configSchema } from '@shared/contract/schemas.ts'
import type { TranslationsPayload } from '@shared/contract/schemas.ts'
import type { Config } from '@shared/contract/types.ts'
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
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { LabeledField } from '@/components/labeled-field'
import { VersionedDialogBody } from '@/components/versioned-dialog-body'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useConfig } from '@/lib/queries/configs'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import type { VersionedEdit } from '@/lib/use-versioned-record'
import { focusOnClose } from '@/lib/use-return-focus'

export interface ConfigFormValues {
  name: string
  value: string
  description: string
  /** The value in the site's other languages, on a site of several (docs/PRODUCT.md §23). */
  translations?: TranslationsPayload
}

const fields = ['name', 'value', 'description'] as const
const translated = [{ name: 'value', label: 'Value', multiline: true }] as const

// The name is fixed once created, so editing validates only value and description.
const editSchema = configSchema.extend({ name: z.string().optional() })

interface ConfigFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The configuration being edited; null to add one. */
  config: Config | null
  busy: boolean
  /**
   * Saves; `version` is the one the edited configuration was loaded at (null
   * when adding). Rejects when the save failed, a 412 showing in the dialog.
   */
  onSubmit: (values: ConfigFormValues, version: string | null) => Promise<unknown>
  /** Where focus goes once closed (the dialog has no trigger to return to). */
  returnFocusTo?: () => HTMLElement | null | undefined
  /** The language tab the dialog opens on (a link from the dashboard's missing texts). */
  initialTab?: string
}

export function ConfigFormDialog({
  open,
  onOpenChange,
  config,
  busy,
  onSubmit,
  returnFocusTo,
  initialTab,
}: ConfigFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={focusOnClose(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>{config ? 'Edit Configuration' : 'Add Configuration'}</DialogTitle>
          <DialogDescription className="sr-only">
            {config ? `Change the value of ${config.name}` : 'Create a site configuration'}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so that each opening starts from the record's values. */}
        {config ? (
          <EditConfigForm
            key={config.id}
            id={config.id}
            busy={busy}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
            initialTab={initialTab}
          />
        ) : (
          <ConfigForm
            key="new"
            config={null}
            busy={busy}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * Editing starts from the server's current copy and its version, never from a
 * list row that may be older (docs/decisions/009-optimistic-concurrency.md).
 */
function EditConfigForm({
  id,
  ...props
}: Pick<ConfigFormDialogProps, 'busy' | 'onSubmit' | 'initialTab'> & {
  id: number
  onCancel: () => void
}) {
  return (
    <VersionedDialogBody
      id={id}
      useRecord={useConfig}
      what="configuration"
      failure="Failed to save configuration"
    >
      {(config, edit) => <ConfigForm config={config} edit={edit} {...props} />}
    </VersionedDialogBody>
  )
}

type ConfigFormProps = Pick<
  ConfigFormDialogProps,
  'config' | 'busy' | 'onSubmit' | 'initialTab'
> & {
  /** With `config`: its version and the 412 state (lib/use-versioned-record.ts). */
  edit?: VersionedEdit
  onCancel: () => void
}

function ConfigForm({ config, edit, busy, onSubmit, onCancel, initialTab }: ConfigFormProps) {
  const site = useSiteLanguages()
  const translations = translationDefaults(site, TRANSLATABLE.configs, config?.translations)
  const form = useForm<ConfigFormValues>({
    // Both schemas check the same three fields; only the name rule differs.
    resolver: withPrunedTranslations(
      zodResolver(config ? editSchema : configSchema) as Resolver<ConfigFormValues>,
    ),
    defaultValues: {
      name: config?.name ?? '',
      value: config?.value ?? '',
      description: config?.description ?? '',
      ...(translations && { translations }),
    },
  })
  const { errors } = form.formState
  const tabs = useTranslationTabs(
    form,
    site,
    TRANSLATABLE.configs,
    config?.translations,
    initialTab ?? '',
  )

  return (
    <form
      onSubmit={form.handleSubmit(async ({ translations: texts }) => {
        edit?.setSaveError(null)
        const sent = translationsPayload(site, texts as TranslationTexts | undefined, !!config)
        const { translations: _typed, ...values } = form.getValues()
        try {
          await onSubmit(sent ? { ...values, translations: sent } : values, edit?.version ?? null)
        } catch (error) {
          // The screen reports the failure; a 412 and the fields' problems also show here.
          edit?.setSaveError(error)
          showServerFieldErrors(
            form,
            error,
            [...fields, ...(translationPaths(site, TRANSLATABLE.configs) as 'value'[])],
            'name',
          )
          tabs.showServerError(error)
        }
      }, tabs.onInvalid)}
      noValidate
      className="grid gap-4"
    >
      <LanguagePanels form={form} site={site} tabs={tabs} fields={translated} className="gap-4">
        <>
          <LabeledField label="Name" error={errors.name?.message}>
            <Input disabled={Boolean(config)} autoComplete="off" {...form.register('name')} />
          </LabeledField>
          <LabeledField label="Value" error={errors.value?.message}>
            <Textarea rows={4} {...form.register('value')} />
          </LabeledField>
          <LabeledField label="Description" error={errors.description?.message}>
            <Input autoComplete="off" {...form.register('description')} />
          </LabeledField>
        </>
      </LanguagePanels>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  )
}
