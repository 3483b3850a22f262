// The projects a share link shows, in the order the recipient sees them
// (docs/PRODUCT.md §24): a checkbox per project to choose it (inactive ones
// too, marked), then the chosen ones as an ordered list, reordered with Move
// up / Move down (keyboard) or by dragging a row (pointer), every move said
// in a live region (components/sortable-list.tsx).
import { X } from 'lucide-react'
import { useId, useState } from 'react'
import type { Project } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { RowButton, SortableList } from '@/components/sortable-list'

interface ProjectOrderPickerProps {
  projects: Project[]
  value: number[]
  onChange: (ids: number[]) => void
  /** The field's error ('Choose at least one project', a project that no longer exists). */
  error?: string
}

/** With a space before it, so the name reads 'Harbor Inactive', not 'HarborInactive'. */
const InactiveMark = () => (
  <>
    {' '}
    <Badge variant="muted" className="ml-1">
      Inactive
    </Badge>
  </>
)

export function ProjectOrderPicker({ projects, value, onChange, error }: ProjectOrderPickerProps) {
  const id = useId()
  const [announcement, setAnnouncement] = useState('')
  const byId = new Map(projects.map((p) => [p.id, p]))
  const nameOf = (projectId: number) => byId.get(projectId)?.name ?? `Project ${projectId}`

  const toggle = (projectId: number, checked: boolean) =>
    onChange(checked ? [...value, projectId] : value.filter((v) => v !== projectId))

  return (
    <fieldset
      className="grid gap-4"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">Projects</legend>
      {projects.length === 0 ? (
        <p className="text-sm text-muted-foreground">No projects yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Projects to choose from">
          {projects.map((project) => (
            <li key={project.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${project.id}`}
                checked={value.includes(project.id)}
                onCheckedChange={(checked) => toggle(project.id, checked === true)}
              />
              <Label htmlFor={`${id}-${project.id}`} className="font-normal">
                {project.name}
                {project.isActive ? null : <InactiveMark />}
              </Label>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2">
        <p id={`${id}-order`} className="text-sm font-medium">
          Order shown to the recipient
        </p>
        <p id={`${id}-order-hint`} className="text-xs text-muted-foreground">
          Drag a row by its handle, or use its Move up and Move down buttons.
        </p>
        {value.length === 0 ? (
          <p className="text-sm text-muted-foreground">No project chosen yet.</p>
        ) : (
          <SortableList
            items={value}
            keyOf={(projectId) => projectId}
            nameOf={nameOf}
            onReorder={onChange}
            onAnnounce={setAnnouncement}
            aria-labelledby={`${id}-order`}
            aria-describedby={`${id}-order-hint`}
            actions={(projectId) => (
              <RowButton
                label={`Remove ${nameOf(projectId)}`}
                icon={X}
                onClick={() => {
                  toggle(projectId, false)
                  setAnnouncement(`${nameOf(projectId)} removed`)
                  // Its row goes: focus its checkbox, where it can be chosen again.
                  document.getElementById(`${id}-${projectId}`)?.focus()
                }}
              />
            )}
          >
            {(projectId, index) => (
              <>
                <span className="w-6 text-right text-sm tabular-nums text-muted-foreground">
                  {index + 1}.
                </span>
                <span className="min-w-0 flex-1 truncate text-sm">
                  {nameOf(projectId)}
                  {byId.get(projectId)?.isActive === false ? <InactiveMark /> : null}
                </span>
              </>
            )}
          </SortableList>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
