import type { Certification } from '@shared/contract/types.ts'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import { RowActions } from '@/components/row-actions'
import { StatusBadge } from '@/components/status-badge'
import { CertificationIcon } from '@/components/certification-icon'
import { formatMonthYear } from '@/lib/format'

interface CertificationsTableProps {
  certifications: Certification[]
  /** Role `user` reads only: no Actions column. */
  canWrite: boolean
  onDelete: (certification: Certification) => void
}

export function CertificationsTable({
  certifications,
  canWrite,
  onDelete,
}: CertificationsTableProps) {
  if (!certifications.length) {
    return (
      <p className="py-10 text-center text-muted-foreground">
        No certifications found. Create your first certification!
      </p>
    )
  }
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Icon</TableHead>
          <TableHead>Obtained Date</TableHead>
          <TableHead>Status</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {certifications.map((cert) => (
          <TableRow key={cert.id}>
            <TableCell className="font-medium max-md:text-base">{cert.name}</TableCell>
            <TableCell label="Icon">
              <CertificationIcon icon={cert.icon} name={cert.name} />
            </TableCell>
            <TableCell label="Obtained Date" className="whitespace-nowrap">
              {formatMonthYear(cert.obtainedDate)}
            </TableCell>
            <TableCell label="Status">
              <StatusBadge active={cert.isActive} />
            </TableCell>
            {canWrite ? (
              <RowActions
                name={cert.name}
                editTo={paths.admin.editCertification(cert.id)}
                onDelete={() => onDelete(cert)}
              />
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
