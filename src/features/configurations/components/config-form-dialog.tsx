import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { configSchema } from '@shared/contract/schemas.ts'
import type { Config } from '@shared/contract/types.ts'
import { ChangedElsewhereAlert } from '@/components/changed-elsewhere-alert'
import { Alert } from '@/components/ui/alert'
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
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useConfig } from '@/lib/queries/configs'

export interface ConfigFormValues {
  name: string
  value: string
  description: string
}

// The name is fixed once created, so editing validates only value and description.
const editSchema = configSchema.extend({ name: z.string().optional() })

interface ConfigFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The configuration being edited; null to add one. */
  config: Config | null
  busy: boolean
  /** `version` is the one the edited configuration was loaded at (null when adding). */
  onSubmit: (values: ConfigFormValues, version: string | null) => void
  /** The last save answered 412: someone else changed the configuration meanwhile. */
  changedElsewhere?: boolean
  /** The owner loaded the current copy after a 412. */
  onReloaded?: () => void
  /** Where focus goes once closed (the dialog has no trigger to return to). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

export function ConfigFormDialog({
  open,
  onOpenChange,
  config,
  busy,
  onSubmit,
  changedElsewhere = false,
  onReloaded,
  returnFocusTo,
}: ConfigFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.()
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
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
            changedElsewhere={changedElsewhere}
            onReloaded={onReloaded}
            onCancel={() => onOpenChange(false)}
          />
        ) : (
          <ConfigForm
            key="new"
            config={null}
            version={null}
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
  busy,
  onSubmit,
  changedElsewhere,
  onReloaded,
  onCancel,
}: Pick<ConfigFormDialogProps, 'busy' | 'onSubmit' | 'changedElsewhere' | 'onReloaded'> & {
  id: number
  onCancel: () => void
}) {
  const config = useConfig(id)
  // Counts reloads after a 412: each one starts the form afresh from the server's copy.
  const [loads, setLoads] = useState(0)
  if (config.isError) {
    return (
      <Alert variant="destructive">
        This configuration could not be loaded. It may have been deleted.
      </Alert>
    )
  }
  if (config.isPending || (config.isFetching && !config.isFetchedAfterMount)) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        Loading configuration...
      </p>
    )
  }
  const reload = async () => {
    await config.refetch()
    setLoads((n) => n + 1)
    onReloaded?.()
  }
  return (
    <div className="grid gap-4">
      {changedElsewhere ? (
        <ChangedElsewhereAlert
          what="configuration"
          failure="Failed to save configuration"
          onReload={reload}
        />
      ) : null}
      <ConfigForm
        key={loads}
        config={config.data.data}
        version={config.data.version}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </div>
  )
}

function ConfigForm({
  config,
  version,
  busy,
  onSubmit,
  onCancel,
}: Pick<ConfigFormDialogProps, 'config' | 'busy' | 'onSubmit'> & {
  version: string | null
  onCancel: () => void
}) {
  // Read once: a later refetch must not make an old edit look current.
  const [loadedVersion] = useState(version)
  const form = useForm<ConfigFormValues>({
    // Both schemas check the same three fields; only the name rule differs.
    resolver: zodResolver(config ? editSchema : configSchema) as Resolver<ConfigFormValues>,
    defaultValues: {
      name: config?.name ?? '',
      value: config?.value ?? '',
      description: config?.description ?? '',
    },
  })
  const { errors } = form.formState

  return (
    <form
      onSubmit={form.handleSubmit(() => onSubmit(form.getValues(), loadedVersion))}
      noValidate
      className="grid gap-4"
    >
      <LabeledField label="Name" error={errors.name?.message}>
        <Input disabled={Boolean(config)} autoComplete="off" {...form.register('name')} />
      </LabeledField>
      <LabeledField label="Value" error={errors.value?.message}>
        <Textarea rows={4} {...form.register('value')} />
      </LabeledField>
      <LabeledField label="Description" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </LabeledField>
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
