// A list the owner puts in order: the share link's projects, the featured
// row, the site's languages. A row moves with its Move up and Move down
// buttons (the keyboard's way) or by dragging it onto another (the
// pointer's); each move is said in a live region. Native drag and drop
// rather than a library: the keyboard path is the buttons, so the pointer
// needs only the browser's own events (docs/decisions/056).
import { ArrowDown, ArrowUp, GripVertical, type LucideIcon } from 'lucide-react'
import { useRef, useState, type DragEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/** `list` with the item at `from` put at `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/**
 * A row's icon button, named for screen readers. `unavailable` keeps it
 * focusable (aria-disabled, not disabled), so focus is not lost when a row
 * reaches the top or the bottom; a press then says why nothing moved.
 */
export function RowButton(props: {
  label: string
  icon: LucideIcon
  unavailable?: boolean
  disabled?: boolean
  title?: string
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
      aria-disabled={props.unavailable || undefined}
      disabled={props.disabled}
      title={props.title}
      onClick={props.onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  )
}

interface SortableListProps<T> {
  items: readonly T[]
  keyOf: (item: T) => string | number
  /** The row's name in its buttons' labels and in what a move says. */
  nameOf: (item: T) => string
  /** The whole list in its new order, after a move. */
  onReorder: (items: T[]) => void
  /** Where a move is said; without it, the list's own live region. */
  onAnnounce?: (message: string) => void
  /** What a row shows before its move buttons. */
  children: (item: T, index: number) => ReactNode
  /** Buttons after Move up and Move down (Remove, for example). */
  actions?: (item: T, index: number) => ReactNode
  /** A drag handle before each row, and rows that can be dragged. */
  draggable?: boolean
  className?: string
  rowClassName?: string
  'aria-label'?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string
}

export function SortableList<T>({
  items,
  keyOf,
  nameOf,
  onReorder,
  onAnnounce,
  children,
  actions,
  draggable = true,
  className,
  rowClassName,
  ...aria
}: SortableListProps<T>) {
  const [announcement, setAnnouncement] = useState('')
  const [over, setOver] = useState<number | null>(null)
  const dragged = useRef<number | null>(null)
  const announce = onAnnounce ?? setAnnouncement

  const move = (from: number, to: number) => {
    const name = nameOf(items[from]!)
    if (to === from) return
    if (to < 0 || to >= items.length) {
      announce(`${name} is already ${from === 0 ? 'first' : 'last'}`)
      return
    }
    onReorder(moved(items, from, to))
    announce(`${name} moved to position ${to + 1} of ${items.length}`)
  }

  const onDragStart = (event: DragEvent, index: number) => {
    dragged.current = index
    // Firefox starts a drag only with some data set. (A synthetic event may carry none.)
    if (!event.dataTransfer) return
    event.dataTransfer.effectAllowed = 'move'
    event.dataTransfer.setData('text/plain', nameOf(items[index]!))
  }
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault()
    if (dragged.current !== null) move(dragged.current, index)
    dragged.current = null
    setOver(null)
  }

  return (
    <>
      <ol className={cn('grid gap-2', className)} {...aria}>
        {items.map((item, index) => {
          const name = nameOf(item)
          return (
            <li
              key={keyOf(item)}
              {...(draggable && {
                draggable: true,
                onDragStart: (event: DragEvent) => onDragStart(event, index),
                onDragOver: (event: DragEvent) => {
                  event.preventDefault()
                  setOver(index)
                },
                onDragLeave: () => setOver((current) => (current === index ? null : current)),
                onDrop: (event: DragEvent) => onDrop(event, index),
                onDragEnd: () => setOver(null),
              })}
              className={cn(
                'flex items-center gap-2 rounded-md border bg-card px-2 py-1.5',
                over === index && 'border-primary ring-2 ring-primary/40',
                rowClassName,
              )}
            >
              {draggable ? (
                <GripVertical
                  aria-hidden="true"
                  data-testid="drag-handle"
                  className="size-4 shrink-0 cursor-grab text-muted-foreground"
                />
              ) : null}
              {children(item, index)}
              <span className="ml-auto flex gap-1">
                <RowButton
                  label={`Move ${name} up`}
                  icon={ArrowUp}
                  unavailable={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <RowButton
                  label={`Move ${name} down`}
                  icon={ArrowDown}
                  unavailable={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                {actions?.(item, index)}
              </span>
            </li>
          )
        })}
      </ol>
      {onAnnounce ? null : (
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      )}
    </>
  )
}
