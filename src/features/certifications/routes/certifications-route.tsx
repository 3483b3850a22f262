import { CertificationIcon } from '@/components/certification-icon'
import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { StatusBadge } from '@/components/status-badge'
import { paths } from '@/config/paths'
import type { Certification } from '@shared/contract/types.ts'
import { formatMonthYear } from '@/lib/format'
import { useCertifications } from '@/lib/queries/certifications'

/**
 * Certifications list (docs/PRODUCT.md §2). Load and delete failures are only
 * logged (docs/PRODUCT.md §8): a failed load shows the empty list.
 */
const certifications: ResourceListDescription<Certification> = {
  resource: 'certifications',
  one: 'certification',
  title: 'Certifications',
  addLabel: 'Add New Certification',
  addTo: paths.admin.newCertification,
  empty: 'No certifications found. Create your first certification!',
  name: (cert) => cert.name,
  columns: [
    { header: 'Icon', cell: (cert) => <CertificationIcon icon={cert.icon} name={cert.name} /> },
    {
      header: 'Obtained Date',
      cell: (cert) => formatMonthYear(cert.obtainedDate),
      className: 'whitespace-nowrap',
    },
    { header: 'Status', cell: (cert) => <StatusBadge active={cert.isActive} /> },
  ],
  editPath: paths.admin.editCertification,
  confirm: {
    title: 'Delete certification',
    description: 'Are you sure you want to delete this certification?',
  },
  useList: useCertifications,
}

export default function CertificationsRoute() {
  return <ResourceList description={certifications} />
}
