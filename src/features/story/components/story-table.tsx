import type { Education, Experience } from '@shared/contract/types.ts'
import { RowActions } from '@/components/row-actions'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatMonthRange } from '@/lib/format'
import type { StoryKind } from '@/lib/queries/story'
import { storyConfig } from '../lib/story-config'

interface StoryTableProps {
  kind: StoryKind
  items: (Experience | Education)[]
  /** Role `user` reads only: no Actions column. */
  canWrite: boolean
  onDelete: (item: Experience | Education) => void
}

export function StoryTable({ kind, items, canWrite, onDelete }: StoryTableProps) {
  const config = storyConfig[kind]
  if (!items.length)
    return <p className="py-10 text-center text-muted-foreground">{config.empty}</p>
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>{config.One}</TableHead>
          <TableHead>{config.detailLabel}</TableHead>
          <TableHead>Dates</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="font-medium max-md:text-base">{config.name(item)}</TableCell>
            <TableCell label={config.detailLabel}>{config.detail(item)}</TableCell>
            <TableCell label="Dates" className="whitespace-nowrap">
              {formatMonthRange(item.startDate, item.endDate)}
            </TableCell>
            {canWrite ? (
              <RowActions
                name={config.name(item)}
                editTo={config.editPath(item.id)}
                onDelete={() => onDelete(item)}
              />
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
