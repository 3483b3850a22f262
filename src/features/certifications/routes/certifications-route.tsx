import { AdminListPage } from '@/components/admin-list-page'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import type { Certification } from '@shared/contract/types.ts'
import { useDeleteCertification } from '../api/delete-certification'
import { useCertifications } from '@/lib/queries/certifications'
import { CertificationsTable } from '../components/certifications-table'

/** Certifications list (docs/PRODUCT.md §2). Load and delete failures are only logged (docs/PRODUCT.md §8). */
export default function CertificationsRoute() {
  const canWrite = isAdmin(useSession())
  const certifications = useCertifications()
  const remove = useDeleteCertification()
  return (
    <AdminListPage<Certification>
      title="Certifications"
      addLabel="Add New Certification"
      addTo={paths.admin.newCertification}
      canWrite={canWrite}
      confirm={{
        title: 'Delete certification',
        description: 'Are you sure you want to delete this certification?',
      }}
      deleting={remove.isPending}
      onDelete={(certification, done) =>
        remove.mutate(certification.id, { onSettled: (_data, error) => done(!error) })
      }
    >
      {(askDelete) =>
        certifications.isPending ? (
          <Spinner label="Loading certifications" />
        ) : (
          <CertificationsTable
            certifications={certifications.data ?? []}
            canWrite={canWrite}
            onDelete={askDelete}
          />
        )
      }
    </AdminListPage>
  )
}
