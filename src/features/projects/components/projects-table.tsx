import { Link } from 'react-router-dom'
import type { Project } from '@shared/types.ts'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { paths } from '@/config/paths'

interface ProjectsTableProps {
  projects: Project[]
  /** Role `user` reads only: no Actions column. */
  canEdit: boolean
  onDelete: (project: Project) => void
}

export function ProjectsTable({ projects, canEdit, onDelete }: ProjectsTableProps) {
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
          {canEdit ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {projects.map((project) => (
          <TableRow key={project.id}>
            <TableCell className="font-medium max-md:text-base">{project.name}</TableCell>
            <TableCell label="Status">
              <Badge variant={project.isActive ? 'default' : 'muted'}>
                {project.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </TableCell>
            <TableCell label="Technologies">
              {project.technologies.map((tech) => tech.name).join(', ')}
            </TableCell>
            {canEdit ? (
              <TableCell className="whitespace-nowrap text-right max-md:pt-2 max-md:text-left">
                <Button asChild variant="outline" size="sm" className="mr-2">
                  <Link
                    to={paths.admin.editProject(project.id)}
                    aria-label={`Edit ${project.name}`}
                  >
                    Edit
                  </Link>
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={`Delete ${project.name}`}
                  onClick={() => onDelete(project)}
                >
                  Delete
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
