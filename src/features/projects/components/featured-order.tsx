// The order of the home page's Featured row (docs/PRODUCT.md §15), set on the
// projects list: drag a featured project, or move it with its Move up and
// Move down buttons, then save. Only the featured projects are listed.
import { useState } from 'react'
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Project } from '@shared/contract/types.ts'
import { featuredInOrder } from '@/lib/featured-order'
import { useSetFeaturedOrder } from '../api/set-featured-order'

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

export function FeaturedOrder({ projects }: { projects: Project[] }) {
  const saved = featuredInOrder(projects)
  const [order, setOrder] = useState<number[] | null>(null)
  const [dragged, setDragged] = useState<number | null>(null)
  const [status, setStatus] = useState('')
  const save = useSetFeaturedOrder()
  if (!saved.length) return null
  const byId = new Map(saved.map((p) => [p.id, p]))
  const shown = (order ?? saved.map((p) => p.id)).flatMap((id) => byId.get(id) ?? [])
  const move = (from: number, to: number, name: string) => {
    if (to < 0 || to >= shown.length || from === to) return
    setOrder(
      moved(
        shown.map((p) => p.id),
        from,
        to,
      ),
    )
    setStatus(`${name} moved to position ${to + 1} of ${shown.length}`)
  }
  return (
    <section aria-labelledby="featured-order-title" className="mb-6 rounded-lg border p-4">
      <h2 id="featured-order-title" className="font-semibold">
        Featured order
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        The home page shows these first, in this order. Drag them or use the arrows.
      </p>
      <ol className="grid gap-1">
        {shown.map((project, index) => (
          <li
            key={project.id}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, index, byId.get(shown[dragged]!.id)!.name)
              setDragged(null)
            }}
            className="flex items-center gap-2 rounded-md border bg-card px-2 py-1"
          >
            <GripVerticalIcon
              aria-hidden="true"
              className="size-4 cursor-grab text-muted-foreground"
            />
            <span className="flex-1">{project.name}</span>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move ${project.name} up`}
              disabled={index === 0}
              onClick={() => move(index, index - 1, project.name)}
            >
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move ${project.name} down`}
              disabled={index === shown.length - 1}
              onClick={() => move(index, index + 1, project.name)}
            >
              <ArrowDownIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex items-center gap-3">
        <Button
          type="button"
          size="sm"
          disabled={order === null || save.isPending}
          onClick={() =>
            save.mutate(
              shown.map((p) => p.id),
              {
                onSuccess: () => {
                  setOrder(null)
                  setStatus('Featured order saved')
                },
                onError: () => setStatus('Failed to save the featured order. Please try again.'),
              },
            )
          }
        >
          {save.isPending ? 'Saving...' : 'Save order'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
    </section>
  )
}
