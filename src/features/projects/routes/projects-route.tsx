import { AdminListPage } from '@/components/admin-list-page'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import type { Project } from '@shared/contract/types.ts'
import { useDeleteProject } from '../api/delete-project'
import { useProjects } from '@/lib/queries/projects'
import { ProjectsTable } from '../components/projects-table'

/** Projects list (docs/PRODUCT.md §2). A failed delete is only logged (docs/PRODUCT.md §8). */
export default function ProjectsRoute() {
  const canWrite = isAdmin(useSession())
  const projects = useProjects()
  const remove = useDeleteProject()
  return (
    <AdminListPage<Project>
      title="Projects"
      addLabel="Add New Project"
      addTo={paths.admin.newProject}
      canWrite={canWrite}
      confirm={{
        title: 'Delete project',
        description: 'Are you sure you want to delete this project?',
      }}
      deleting={remove.isPending}
      onDelete={(project, done) =>
        remove.mutate(project.id, { onSettled: (_data, error) => done(!error) })
      }
    >
      {(askDelete) =>
        projects.isPending ? (
          <Spinner label="Loading projects" />
        ) : projects.isError ? (
          <Alert variant="destructive">Could not load projects.</Alert>
        ) : (
          <ProjectsTable projects={projects.data} canWrite={canWrite} onDelete={askDelete} />
        )
      }
    </AdminListPage>
  )
}
