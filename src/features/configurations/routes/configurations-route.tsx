import { Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Config } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { isChangedElsewhere } from '@/lib/api-client'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useCreateConfig } from '../api/create-config'
import { useDeleteConfig } from '../api/delete-config'
import { useConfigs } from '@/lib/queries/configs'
import { useUpdateConfig } from '../api/update-config'
import { ConfigFormDialog, type ConfigFormValues } from '../components/config-form-dialog'
import { ConfigsTable } from '../components/configs-table'

export default function ConfigurationsRoute() {
  const canWrite = isAdmin(useSession())
  const configs = useConfigs()
  const createConfig = useCreateConfig()
  const updateConfig = useUpdateConfig()
  const deleteConfig = useDeleteConfig()
  const [editing, setEditing] = useState<{ config: Config | null } | null>(null)
  const [deleting, setDeleting] = useState<Config | null>(null)
  // The last save answered 412; the dialog then offers to load the current copy.
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  // The dialogs have no trigger: focus goes back to the button that opened them,
  // or to the heading once a deleted configuration's row is gone.
  const heading = useRef<HTMLHeadingElement>(null)
  const focus = useReturnFocus(heading)
  const openEditor = (config: Config | null) => (
    focus.remember(),
    setChangedElsewhere(false),
    setEditing({ config })
  )
  const askDelete = (config: Config) => {
    focus.remember()
    setDeleting(config)
  }

  useEffect(() => {
    // docs/PRODUCT.md §8: load failure is a snackbar; the id keeps it to one toast.
    if (configs.isError) toastError('Failed to load configurations', { id: 'configs-load' })
  }, [configs.isError])

  function save(values: ConfigFormValues, version: string | null) {
    const description = values.description.trim() || null
    const options = {
      onError: (error: unknown) => {
        // A 412 is explained in the dialog, beside the owner's values; other failures are a snackbar.
        if (isChangedElsewhere(error)) setChangedElsewhere(true)
        else toastError('Failed to save configuration')
      },
    }
    if (editing?.config) {
      updateConfig.mutate(
        { id: editing.config.id, value: values.value, description, version },
        {
          ...options,
          onSuccess: () => {
            setEditing(null)
            toastSuccess('Configuration updated successfully')
          },
        },
      )
    } else {
      createConfig.mutate(
        { name: values.name.trim(), value: values.value, description },
        {
          ...options,
          onSuccess: () => {
            setEditing(null)
            toastSuccess('Configuration created successfully')
          },
        },
      )
    }
  }

  function confirmDelete() {
    if (!deleting) return
    deleteConfig.mutate(deleting.id, {
      onSuccess: () => {
        focus.forget()
        toastSuccess('Configuration deleted successfully')
      },
      onError: () => toastError('Failed to delete configuration'),
      onSettled: () => setDeleting(null),
    })
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Configurations
        </h1>
        {canWrite ? (
          <Button onClick={() => openEditor(null)}>
            <Plus aria-hidden="true" /> Add Configuration
          </Button>
        ) : null}
      </div>
      {configs.isPending ? (
        <p role="status" className="py-8 text-center text-muted-foreground">
          Loading configurations...
        </p>
      ) : configs.isError ? (
        <div className="py-8 text-center">
          <Button variant="outline" onClick={() => configs.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ConfigsTable
          configs={configs.data}
          onEdit={canWrite ? openEditor : undefined}
          onDelete={canWrite ? askDelete : undefined}
        />
      )}
      <ConfigFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        config={editing?.config ?? null}
        busy={createConfig.isPending || updateConfig.isPending}
        onSubmit={save}
        changedElsewhere={changedElsewhere}
        onReloaded={() => setChangedElsewhere(false)}
        returnFocusTo={focus.target}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Configuration"
        description="Are you sure you want to delete this configuration?"
        onConfirm={confirmDelete}
        busy={deleteConfig.isPending}
        returnFocusTo={focus.target}
      />
    </div>
  )
}
