// The projects a share link shows, in the order the recipient sees them
// (docs/PRODUCT.md §24): a checkbox per project to choose it (inactive ones
// too, marked), then the chosen ones as an ordered list, reordered with Move
// up / Move down (keyboard) or by dragging a row (pointer). Every move is
// said in a live region. Native drag and drop rather than a library: the
// keyboard path is the buttons, so the pointer needs only the browser's own
// events (docs/decisions/056).
import { ArrowDown, ArrowUp, GripVertical, X, type LucideIcon } from 'lucide-react'
import { useId, useRef, useState, type DragEvent } from 'react'
import type { Project } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

interface ProjectOrderPickerProps {
  projects: Project[]
  value: number[]
  onChange: (ids: number[]) => void
  /** The field's error ('Choose at least one project', a project that no longer exists). */
  error?: string
}

/** `ids` with the item at `from` put at `to`. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids]
  const [id] = next.splice(from, 1)
  next.splice(to, 0, id!)
  return next
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

/**
 * A chosen row's icon button, named for screen readers. At the end of the
 * list a move button stays focusable (aria-disabled, not disabled), so focus
 * is not lost when a row reaches the top or the bottom; it says so instead.
 */
function RowButton(props: {
  label: string
  icon: LucideIcon
  atEnd?: boolean
  onClick: () => void
}) {
  const Icon = props.icon
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="aria-disabled:opacity-50"
      aria-label={props.label}
      aria-disabled={props.atEnd || undefined}
      onClick={props.onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  )
}

export function ProjectOrderPicker({ projects, value, onChange, error }: ProjectOrderPickerProps) {
  const id = useId()
  const [announcement, setAnnouncement] = useState('')
  const [over, setOver] = useState<number | null>(null)
  const dragged = useRef<number | null>(null)
  const byId = new Map(projects.map((p) => [p.id, p]))
  const nameOf = (projectId: number) => byId.get(projectId)?.name ?? `Project ${projectId}`

  const toggle = (projectId: number, checked: boolean) =>
    onChange(checked ? [...value, projectId] : value.filter((v) => v !== projectId))

  const move = (from: number, to: number) => {
    const name = nameOf(value[from]!)
    if (to < 0 || to >= value.length || to === from) {
      setAnnouncement(`${name} is already ${from === 0 ? 'first' : 'last'}`)
      return
    }
    onChange(moved(value, from, to))
    setAnnouncement(`${name} moved to position ${to + 1} of ${value.length}`)
  }

  const onDragStart = (event: DragEvent, index: number) => {
    dragged.current = index
    event.dataTransfer.effectAllowed = 'move'
    // Firefox starts a drag only with some data set.
    event.dataTransfer.setData('text/plain', nameOf(value[index]!))
  }
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault()
    if (dragged.current !== null) move(dragged.current, index)
    dragged.current = null
    setOver(null)
  }

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
          <ol
            aria-labelledby={`${id}-order`}
            aria-describedby={`${id}-order-hint`}
            className="grid gap-2"
          >
            {value.map((projectId, index) => {
              const project = byId.get(projectId)
              const name = nameOf(projectId)
              return (
                <li
                  key={projectId}
                  draggable
                  onDragStart={(event) => onDragStart(event, index)}
                  onDragOver={(event) => {
                    event.preventDefault()
                    setOver(index)
                  }}
                  onDragLeave={() => setOver((current) => (current === index ? null : current))}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={() => setOver(null)}
                  className={cn(
                    'flex items-center gap-2 rounded-md border bg-card px-2 py-1.5',
                    over === index && 'border-primary ring-2 ring-primary/40',
                  )}
                >
                  <GripVertical
                    aria-hidden="true"
                    data-testid="drag-handle"
                    className="size-4 shrink-0 cursor-grab text-muted-foreground"
                  />
                  <span className="w-6 text-right text-sm tabular-nums text-muted-foreground">
                    {index + 1}.
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm">
                    {name}
                    {project && !project.isActive ? <InactiveMark /> : null}
                  </span>
                  <RowButton
                    label={`Move ${name} up`}
                    icon={ArrowUp}
                    atEnd={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <RowButton
                    label={`Move ${name} down`}
                    icon={ArrowDown}
                    atEnd={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <RowButton
                    label={`Remove ${name}`}
                    icon={X}
                    onClick={() => {
                      toggle(projectId, false)
                      setAnnouncement(`${name} removed`)
                      // Its row goes: focus its checkbox, where it can be chosen again.
                      document.getElementById(`${id}-${projectId}`)?.focus()
                    }}
                  />
                </li>
              )
            })}
          </ol>
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
