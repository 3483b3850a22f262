// A back-office create or edit screen's frame (components/edit-page.tsx for
// the edit screens), apart so that a create screen's chunk carries no edit page.
import type { UseQueryResult } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
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
 * True while any of `lists` has no answer yet. A form shown before the lists
 * it picks from (technologies, projects) grows when they arrive, and what the
 * owner was about to click moves down under the pointer.
 */
export const listsPending = (lists: readonly UseQueryResult<unknown>[]) =>
  lists.some((list) => list.isPending)

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
    const lists = useLists()
    return (
      <Screen title={title}>{listsPending(lists) ? <Spinner label={loading} /> : <Form />}</Screen>
    )
  }
