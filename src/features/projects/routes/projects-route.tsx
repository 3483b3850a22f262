import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { StatusBadge } from '@/components/status-badge'
import { paths } from '@/config/paths'
import type { Project } from '@shared/contract/types.ts'
import { useProjects } from '@/lib/queries/projects'
import { FeaturedOrder } from '../components/featured-order'
import { GithubImport } from '../components/github-import'

/** Projects list (docs/PRODUCT.md §2). A failed delete is only logged (docs/PRODUCT.md §8). */
const projects: ResourceListDescription<Project> = {
  resource: 'projects',
  one: 'project',
  title: 'Projects',
  addLabel: 'Add New Project',
  addTo: paths.admin.newProject,
  empty: 'No projects found. Create your first project!',
  loadFailed: 'Could not load projects.',
  name: (project) => project.name,
  columns: [
    { header: 'Status', cell: (project) => <StatusBadge active={project.isActive} /> },
    {
      header: 'Technologies',
      cell: (project) => project.technologies.map((tech) => tech.name).join(', '),
    },
  ],
  editPath: paths.admin.editProject,
  confirm: {
    title: 'Delete project',
    description: 'Are you sure you want to delete this project?',
  },
  useList: useProjects,
}

export default function ProjectsRoute() {
  const list = useProjects()
  return (
    <>
      <ResourceList description={projects} />
      {/* Repositories become projects (docs/github.md). */}
      <GithubImport />
      {/* The home page's Featured row, in the owner's order (docs/PRODUCT.md §15). */}
      {list.data ? <FeaturedOrder projects={list.data} /> : null}
    </>
  )
}
