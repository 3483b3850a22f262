// The order of the home page's Featured row (docs/PRODUCT.md §15), set on the
// projects list: drag a featured project, or move it with its Move up and
// Move down buttons, then save. Only the featured projects are listed.
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { SortableList } from '@/components/sortable-list'
import type { Project } from '@shared/contract/types.ts'
import { featuredInOrder } from '@/lib/featured-order'
import { useSetFeaturedOrder } from '../api/set-featured-order'

export function FeaturedOrder({ projects }: { projects: Project[] }) {
  const saved = featuredInOrder(projects)
  const [order, setOrder] = useState<number[] | null>(null)
  const [status, setStatus] = useState('')
  const save = useSetFeaturedOrder()
  if (!saved.length) return null
  const byId = new Map(saved.map((p) => [p.id, p]))
  const shown = (order ?? saved.map((p) => p.id)).flatMap((id) => byId.get(id) ?? [])
  return (
    <section aria-labelledby="featured-order-title" className="mb-6 rounded-lg border p-4">
      <h2 id="featured-order-title" className="font-semibold">
        Featured order
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        The home page shows these first, in this order. Drag them or use the arrows.
      </p>
      <SortableList
        items={shown}
        keyOf={(project) => project.id}
        nameOf={(project) => project.name}
        onReorder={(projects) => setOrder(projects.map((p) => p.id))}
        onAnnounce={setStatus}
        className="gap-1"
        rowClassName="py-1"
      >
        {(project) => <span className="flex-1">{project.name}</span>}
      </SortableList>
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
