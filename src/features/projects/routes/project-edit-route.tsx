import { EditPage } from '@/components/edit-page'
import { paths } from '@/config/paths'
import { useProject } from '@/lib/queries/projects'
import { ProjectForm } from '../components/project-form'

/** Edit Project (docs/PRODUCT.md §2.7). Admins only (the route table sends the `user` role back). */
export default function ProjectEditRoute() {
  return (
    <EditPage
      title="Edit Project"
      loadingLabel="Loading project"
      loadFailed="Could not load project. Please try again."
      listPath={paths.admin.projects}
      useRecord={useProject}
    >
      {(record, edit) => <ProjectForm project={record} edit={edit} />}
    </EditPage>
  )
}
