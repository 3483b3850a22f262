import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { configSchema } from '@shared/schemas.ts'
import type { Config } from '@shared/types.ts'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

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
  onSubmit: (values: ConfigFormValues) => void
  /** Where focus goes once closed (the dialog has no trigger to return to). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

export function ConfigFormDialog({
  open,
  onOpenChange,
  config,
  busy,
  onSubmit,
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
        <ConfigForm
          key={config?.id ?? 'new'}
          config={config}
          busy={busy}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  )
}

function ConfigForm({
  config,
  busy,
  onSubmit,
  onCancel,
}: Omit<ConfigFormDialogProps, 'open' | 'onOpenChange' | 'returnFocusTo'> & {
  onCancel: () => void
}) {
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
      onSubmit={form.handleSubmit(() => onSubmit(form.getValues()))}
      noValidate
      className="grid gap-4"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input disabled={Boolean(config)} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Value" error={errors.value?.message}>
        <Textarea rows={4} {...form.register('value')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
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
