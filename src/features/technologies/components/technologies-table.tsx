import type { Technology } from '@shared/contract/types.ts'
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
import { formatProjectCount } from '../lib/common-technologies'
import { IconImage } from './icon-image'

interface TechnologiesTableProps {
  technologies: Technology[]
  /** Role `user` reads only: no Actions column. */
  canWrite: boolean
  onDelete: (technology: Technology) => void
}

export function TechnologiesTable({ technologies, canWrite, onDelete }: TechnologiesTableProps) {
  if (!technologies.length) {
    return (
      <p className="py-10 text-center text-muted-foreground">
        No technologies found. Create your first technology!
      </p>
    )
  }
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Icon</TableHead>
          <TableHead>Projects</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {technologies.map((tech) => (
          <TableRow key={tech.id}>
            <TableCell className="font-medium max-md:text-base">{tech.name}</TableCell>
            <TableCell label="Icon">
              <IconImage key={tech.icon ?? ''} src={tech.icon} alt={tech.name} />
            </TableCell>
            <TableCell label="Projects">{formatProjectCount(tech.projects.length)}</TableCell>
            {canWrite ? (
              <RowActions
                name={tech.name}
                editTo={paths.admin.editTechnology(tech.id)}
                onDelete={() => onDelete(tech)}
              />
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
