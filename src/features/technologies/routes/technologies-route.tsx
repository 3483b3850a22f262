import { AdminListPage } from '@/components/admin-list-page'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import type { Technology } from '@shared/contract/types.ts'
import { useDeleteTechnology } from '../api/delete-technology'
import { useTechnologies } from '@/lib/queries/technologies'
import { TechnologiesTable } from '../components/technologies-table'
import { deleteConsequence } from '../lib/common-technologies'

/** Technologies list (docs/PRODUCT.md §2). A failed delete is only logged (docs/PRODUCT.md §8). */
export default function TechnologiesRoute() {
  const canWrite = isAdmin(useSession())
  const technologies = useTechnologies()
  const remove = useDeleteTechnology()
  return (
    <AdminListPage<Technology>
      title="Technologies"
      addLabel="Add New Technology"
      addTo={paths.admin.newTechnology}
      canWrite={canWrite}
      confirm={{
        title: 'Delete technology',
        // The spec's question, then how many projects lose the technology (signed in, inactive ones count too).
        description: (technology) => (
          <>
            <span>Are you sure you want to delete this technology?</span>{' '}
            <span>{deleteConsequence(technology.projects.length)}</span>
          </>
        ),
      }}
      deleting={remove.isPending}
      onDelete={(technology, done) =>
        remove.mutate(technology.id, { onSettled: (_data, error) => done(!error) })
      }
    >
      {(askDelete) =>
        technologies.isPending ? (
          <Spinner label="Loading technologies" />
        ) : technologies.isError ? (
          <Alert variant="destructive">Could not load technologies.</Alert>
        ) : (
          <TechnologiesTable
            technologies={technologies.data}
            canWrite={canWrite}
            onDelete={askDelete}
          />
        )
      }
    </AdminListPage>
  )
}
