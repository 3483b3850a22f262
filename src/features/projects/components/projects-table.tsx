import type { Project } from '@shared/contract/types.ts'
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

interface ProjectsTableProps {
  projects: Project[]
  /** Role `user` reads only: no Actions column. */
  canWrite: boolean
  onDelete: (project: Project) => void
}

export function ProjectsTable({ projects, canWrite, onDelete }: ProjectsTableProps) {
  if (!projects.length) {
    return (
      <p className="py-10 text-center text-muted-foreground">
        No projects found. Create your first project!
      </p>
    )
  }
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Technologies</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {projects.map((project) => (
          <TableRow key={project.id}>
            <TableCell className="font-medium max-md:text-base">{project.name}</TableCell>
            <TableCell label="Status">
              <StatusBadge active={project.isActive} />
            </TableCell>
            <TableCell label="Technologies">
              {project.technologies.map((tech) => tech.name).join(', ')}
            </TableCell>
            {canWrite ? (
              <RowActions
                name={project.name}
                editTo={paths.admin.editProject(project.id)}
                onDelete={() => onDelete(project)}
              />
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
