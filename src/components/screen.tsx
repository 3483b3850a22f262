// A back-office create or edit screen's frame (components/edit-page.tsx for
// the edit screens), apart so that a create screen's chunk carries no edit page.
import type { ComponentType, ReactNode } from 'react'

/** A create or edit screen: its heading, then the page. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  )
}

/** A create screen, a route module's default export: the heading and the empty form. */
export const createScreen = (title: string, Form: ComponentType) =>
  function CreateScreen() {
    return (
      <Screen title={title}>
        <Form />
      </Screen>
    )
  }
