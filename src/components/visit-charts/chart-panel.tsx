// One chart with its numbers: every chart has a 'Show table' toggle that
// holds the same figures as a table, for screen readers and for anyone who
// wants the exact values (docs/PRODUCT.md §17).
import { useId, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

export interface PanelTable {
  columns: string[]
  /** Each row keyed by what identifies it (a project's id: two projects may share a name). */
  rows: { key: string | number; cells: (string | number)[] }[]
}

export function ChartPanel({
  title,
  table,
  empty,
  summary,
  footer,
  children,
}: {
  title: string
  table: PanelTable
  /** Said instead of the chart when there is nothing to show. */
  empty: string
  /** Shown above the chart (the dashboard card's totals). */
  summary?: ReactNode
  footer?: ReactNode
  children: ReactNode
}) {
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">{title}</CardTitle>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary}
        {table.rows.length ? (
          // The chart is a picture of the table: assistive technology reads the table,
          // so the chart is hidden from it and takes no keyboard focus (accessibilityLayer off).
          <div aria-hidden="true">{children}</div>
        ) : (
          <p className="text-sm text-muted-foreground">{empty}</p>
        )}
        <div id={tableId} hidden={!showTable}>
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                {table.columns.map((column, i) => (
                  <TableHead key={column} className={i ? 'text-right' : undefined}>
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, i) => (
                    <TableCell key={i} className={i ? 'text-right tabular-nums' : undefined}>
                      {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {footer}
      </CardContent>
    </Card>
  )
}
