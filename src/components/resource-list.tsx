// A back-office list described once per resource (projects, technologies,
// certifications, experience, education): its words, its columns, where its
// rows are edited, and how it reads and deletes. The frame (heading, Add,
// confirmation, focus return) is AdminListPage's; this draws the table, the
// empty text, the spinner and the load failure.
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AdminListPage } from '@/components/admin-list-page'
import { RowActions } from '@/components/row-actions'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useDeleteContent } from '@/lib/queries/content-writes'
import type { ContentResource } from '@/lib/queries/keys'
import { isAdmin, useSession } from '@/lib/session'

export interface ResourceColumn<T> {
  header: string
  cell: (item: T) => ReactNode
  className?: string
}

export interface ResourceListDescription<T extends { id: number }> {
  resource: Exclude<ContentResource, 'resume'>
  /** 'project': as the delete failure is logged. */
  one: string
  title: string
  addLabel: string
  addTo: string
  /** The text of an empty list (docs/PRODUCT.md §2). */
  empty: string
  loadingLabel: string
  /** Shown when the list fails to load; absent: the failure is only logged, the list shows empty. */
  loadFailed?: string
  /** The first column: the row's name, also how screen readers name its buttons. */
  name: (item: T) => string
  nameHeader?: string
  columns: ResourceColumn<T>[]
  editPath: (id: number) => string
  confirm: { title: string; description: ReactNode | ((item: T) => ReactNode) }
  useList: () => UseQueryResult<T[]>
  /** Below the list, for admins (the résumé import under experience). */
  footer?: ReactNode
}

export function ResourceList<T extends { id: number }>({
  description: d,
}: {
  description: ResourceListDescription<T>
}) {
  const canWrite = isAdmin(useSession())
  const list = d.useList()
  const remove = useDeleteContent(d.resource, d.one)
  return (
    <AdminListPage<T>
      title={d.title}
      addLabel={d.addLabel}
      addTo={d.addTo}
      canWrite={canWrite}
      confirm={d.confirm}
      deleting={remove.isPending}
      onDelete={(item, done) => remove.mutate(item.id, { onSettled: (_d, error) => done(!error) })}
    >
      {(askDelete) => (
        <>
          {list.isPending ? (
            <Spinner label={d.loadingLabel} />
          ) : list.isError && d.loadFailed ? (
            <Alert variant="destructive">{d.loadFailed}</Alert>
          ) : (
            <ResourceTable
              description={d}
              items={list.data ?? []}
              canWrite={canWrite}
              onDelete={askDelete}
            />
          )}
          {canWrite ? d.footer : null}
        </>
      )}
    </AdminListPage>
  )
}

function ResourceTable<T extends { id: number }>(props: {
  description: ResourceListDescription<T>
  items: T[]
  /** Role `user` reads only: no Actions column. */
  canWrite: boolean
  onDelete: (item: T) => void
}) {
  const { description: d, items, canWrite, onDelete } = props
  if (!items.length) return <p className="py-10 text-center text-muted-foreground">{d.empty}</p>
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>{d.nameHeader ?? 'Name'}</TableHead>
          {d.columns.map((column) => (
            <TableHead key={column.header}>{column.header}</TableHead>
          ))}
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="font-medium max-md:text-base">{d.name(item)}</TableCell>
            {d.columns.map((column) => (
              <TableCell key={column.header} label={column.header} className={column.className}>
                {column.cell(item)}
              </TableCell>
            ))}
            {canWrite ? (
              <RowActions
                name={d.name(item)}
                editTo={d.editPath(item.id)}
                onDelete={() => onDelete(item)}
              />
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
