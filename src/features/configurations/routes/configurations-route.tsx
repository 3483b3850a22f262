import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Config } from '@shared/contract/types.ts'
import { AdminListPage } from '@/components/admin-list-page'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { isChangedElsewhere } from '@/lib/api-client'
import { isAdmin, useSession } from '@/lib/session'
import { useConfigs } from '@/lib/queries/configs'
import { useCreateContent, useDeleteContent, useUpdateContent } from '@/lib/queries/content-writes'
import { ConfigFormDialog, type ConfigFormValues } from '../components/config-form-dialog'
import { ConfigsTable } from '../components/configs-table'

export default function ConfigurationsRoute() {
  const canWrite = isAdmin(useSession())
  const configs = useConfigs()
  const createConfig = useCreateContent('configs')
  const updateConfig = useUpdateContent('configs')
  const deleteConfig = useDeleteContent('configs', 'configuration')
  const [editing, setEditing] = useState<{ config: Config | null; tab?: string } | null>(null)
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('edit'))

  useEffect(() => {
    // A link to one configuration in a language (the dashboard's missing translations)
    // opens its dialog on that language's tab, once, for an admin.
    if (!asked || !configs.data) return
    const config = configs.data.find((c) => c.id === asked)
    if (config && canWrite) setEditing({ config, tab: params.get('lang') ?? undefined })
    setParams({}, { replace: true })
  }, [asked, configs.data, canWrite, params, setParams])

  useEffect(() => {
    // docs/PRODUCT.md §8: load failure is a snackbar; the id keeps it to one toast.
    if (configs.isError) toastError('Failed to load configurations', { id: 'configs-load' })
  }, [configs.isError])

  function save(values: ConfigFormValues, version: string | null) {
    const description = values.description.trim() || null
    const saved = (message: string) => ({
      onSuccess: () => {
        setEditing(null)
        toastSuccess(message)
      },
      // A 412 is explained in the dialog, beside the owner's values; other failures are a snackbar.
      onError: (error: unknown) => {
        if (!isChangedElsewhere(error)) toastError('Failed to save configuration')
      },
    })
    return editing?.config
      ? updateConfig.mutateAsync(
          {
            id: editing.config.id,
            payload: {
              value: values.value,
              description,
              ...(values.translations && { translations: values.translations }),
            },
            version,
          },
          saved('Configuration updated successfully'),
        )
      : createConfig.mutateAsync(
          {
            name: values.name.trim(),
            value: values.value,
            description,
            ...(values.translations && { translations: values.translations }),
          },
          saved('Configuration created successfully'),
        )
  }

  return (
    <AdminListPage<Config>
      title="Configurations"
      addLabel="Add Configuration"
      onAdd={() => setEditing({ config: null })}
      canWrite={canWrite}
      confirm={{
        title: 'Delete Configuration',
        description: 'Are you sure you want to delete this configuration?',
      }}
      deleting={deleteConfig.isPending}
      onDelete={(config, done) =>
        deleteConfig.mutate(
          { id: config.id },
          {
            onSuccess: () => toastSuccess('Configuration deleted successfully'),
            onError: () => toastError('Failed to delete configuration'),
            onSettled: (_data, error) => done(!error),
          },
        )
      }
    >
      {(askDelete, focus) => (
        <>
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
              onEdit={canWrite ? (config) => (focus.remember(), setEditing({ config })) : undefined}
              onDelete={canWrite ? askDelete : undefined}
            />
          )}
          <ConfigFormDialog
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            config={editing?.config ?? null}
            busy={createConfig.isPending || updateConfig.isPending}
            onSubmit={save}
            returnFocusTo={focus.target}
            initialTab={editing?.tab}
          />
        </>
      )}
    </AdminListPage>
  )
}
