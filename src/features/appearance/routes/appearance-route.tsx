import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { isAdmin, useSession } from '@/lib/session'
import { useVersionedRecord } from '@/lib/use-versioned-record'
import { appearanceOptionsQueryOptions, ownerAppearanceQueryOptions } from '../api/appearance'
import { AppearanceForm } from '../components/appearance-form'

/** Appearance (docs/PRODUCT.md §27): every account sees it, admins change it. */
export default function AppearanceRoute() {
  const canWrite = isAdmin(useSession())
  const record = useVersionedRecord(useQuery(ownerAppearanceQueryOptions()))
  const options = useQuery(appearanceOptionsQueryOptions())
  const failed = record.status === 'error' || options.isError
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">Appearance</h1>
        <p className="text-sm text-muted-foreground">
          How the public site looks: its theme, accent colour and fonts, and which sections the home
          page shows, in which order.
        </p>
      </div>
      {failed ? (
        <div>
          <p className="text-sm text-destructive">Could not load the appearance</p>
          <Button variant="outline" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </div>
      ) : record.status === 'loading' || !options.data ? (
        <Spinner label="Loading the appearance" />
      ) : (
        <AppearanceForm
          key={record.loads}
          saved={record.data}
          options={options.data}
          edit={record.edit}
          canWrite={canWrite}
        />
      )}
    </section>
  )
}
