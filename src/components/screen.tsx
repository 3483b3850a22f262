// A back-office create or edit screen's frame (components/edit-page.tsx for
// the edit screens), apart so that a create screen's chunk carries no edit page.
import type { UseQueryResult } from '@tanstack/react-query'
import { useState, type ComponentType, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'

/** A create or edit screen: its heading, then the page. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  )
}

export const noLists = () => []

/**
 * False until each of `lists` has answered once, or failed once; then true for
 * good. A form shown before the lists it picks from (technologies, projects)
 * grows when they arrive, and what the owner was about to click moves down
 * under the pointer. A failure shows the form at once (its picker says the
 * list could not be loaded, and tries again as it mounts), and the form never
 * goes back to the spinner: that refetch must not hide it again.
 */
export function useListsIn(lists: readonly UseQueryResult<unknown>[]): boolean {
  const waiting = lists.some((list) => list.isPending && list.failureCount === 0)
  const [arrived, setArrived] = useState(!waiting)
  if (!waiting && !arrived) setArrived(true)
  return arrived || !waiting
}

interface CreateOptions {
  /** The lists the form picks from: the form is shown once they are in. */
  useLists?: () => readonly UseQueryResult<unknown>[]
  /** What the spinner says meanwhile, e.g. 'Loading the post form'. */
  loading?: string
}

/** A create screen, a route module's default export: the heading and the empty form. */
export const createScreen = (
  title: string,
  Form: ComponentType,
  { useLists = noLists, loading = 'Loading the form' }: CreateOptions = {},
) =>
  function CreateScreen() {
    const listsIn = useListsIn(useLists())
    return <Screen title={title}>{listsIn ? <Form /> : <Spinner label={loading} />}</Screen>
  }
