import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Project } from '@shared/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useDeleteProject } from '../api/delete-project'
import { useProjects } from '../api/get-projects'
import { ProjectsTable } from '../components/projects-table'

/** Projects list (spec section 2). */
export default function ProjectsRoute() {
  const canEdit = isAdmin(useSession())
  const projects = useProjects()
  const remove = useDeleteProject()
  const [pending, setPending] = useState<Project | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  // The dialog has no trigger, so it is told where focus goes back: to the
  // Delete button that opened it, or to the heading once that row is gone.
  const focus = useReturnFocus(heading)

  const askDelete = (project: Project) => {
    focus.remember()
    setPending(project)
  }

  const confirmDelete = () => {
    if (!pending) return
    // Spec section 8: a failed delete is only logged; the dialog just closes.
    remove.mutate(pending.id, {
      onSettled: (_data, error) => {
        if (!error) focus.forget()
        setPending(null)
      },
    })
  }

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Projects
        </h1>
        {canEdit ? (
          <Button asChild>
            <Link to={paths.admin.newProject}>Add New Project</Link>
          </Button>
        ) : null}
      </div>
      {projects.isPending ? (
        <Spinner label="Loading projects" />
      ) : projects.isError ? (
        <Alert variant="destructive">Could not load projects.</Alert>
      ) : (
        <ProjectsTable projects={projects.data} canEdit={canEdit} onDelete={askDelete} />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete project"
        description="Are you sure you want to delete this project?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={remove.isPending}
        returnFocusTo={focus.target}
      />
    </section>
  )
}
