import { editScreen } from '@/components/edit-page'
import { useTechnologyList } from '@/components/technology-picker'
import { paths } from '@/config/paths'
import { useProject } from '@/lib/queries/projects'
import { ProjectForm } from '../components/project-form'

/** Edit Project (docs/PRODUCT.md §2.7). Admins only (the route table sends the `user` role back). */
export default editScreen({
  title: 'Edit Project',
  one: 'project',
  loadFailed: 'Could not load project. Please try again.',
  listPath: paths.admin.projects,
  useRecord: useProject,
  useLists: useTechnologyList,
  children: (record, edit) => <ProjectForm project={record} edit={edit} />,
})
