// The items of a described back-office list (resource-list.tsx): a table of
// the name and the description's columns, with each row's Edit and Delete for
// admins, or each item a card of its own (the inbox's messages); the text of
// an empty list instead.
import { Fragment, type ReactNode } from 'react'
import { RowActions, type ItemControls } from '@/components/row-actions'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

export interface ResourceColumn<T> {
  header: string
  cell: (item: T) => ReactNode
  className?: string
  /** Drawn before the name column (the accounts' ID: docs/PRODUCT.md §2.11). */
  leading?: boolean
}

/** The items as a table's rows, or each as a card of its own. */
export type ItemsLayout<T> =
  | { columns: ResourceColumn<T>[]; card?: never }
  | {
      /** `controls` is null for read-only accounts. */
      card: (item: T, controls: ItemControls | null) => ReactNode
      columns?: never
    }

interface ItemsDescription<T> {
  /** The text of an empty list (docs/PRODUCT.md §2). */
  empty: string
  /** The table's first column (unless `leading` ones come before). */
  name: (item: T) => string
  nameHeader?: string
}

export function ResourceItems<T extends { id: number }>(props: {
  description: ItemsDescription<T> & ItemsLayout<T>
  items: T[]
  /** null for role `user`, which reads only: no Actions column, no controls. */
  controls: ((item: T) => ItemControls) | null
}) {
  const { description: d, items, controls } = props
  if (!items.length) return <p className="py-10 text-center text-muted-foreground">{d.empty}</p>
  if (d.card)
    return (
      <div className="grid gap-4">
        {items.map((item) => (
          <Fragment key={item.id}>{d.card(item, controls && controls(item))}</Fragment>
        ))}
      </div>
    )
  const leading = d.columns.filter((column) => column.leading)
  const trailing = d.columns.filter((column) => !column.leading)
  const cells = (columns: ResourceColumn<T>[], item: T) =>
    columns.map((column) => (
      <TableCell key={column.header} label={column.header} className={column.className}>
        {column.cell(item)}
      </TableCell>
    ))
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          {[...leading, { header: d.nameHeader ?? 'Name' }, ...trailing].map((column) => (
            <TableHead key={column.header}>{column.header}</TableHead>
          ))}
          {controls ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            {cells(leading, item)}
            <TableCell className="font-medium max-md:text-base">{d.name(item)}</TableCell>
            {cells(trailing, item)}
            {controls ? <RowActions {...controls(item)} /> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
