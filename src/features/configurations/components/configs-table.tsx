import { Pencil, Trash2 } from 'lucide-react'
import type { Config } from '@shared/contract/types.ts'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { truncateValue } from '../lib/truncate'

interface ConfigsTableProps {
  configs: Config[]
  /** Absent for read-only accounts: no action column at all. */
  onEdit?: (config: Config) => void
  onDelete?: (config: Config) => void
}

export function ConfigsTable({ configs, onEdit, onDelete }: ConfigsTableProps) {
  const canWrite = Boolean(onEdit && onDelete)
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Value</TableHead>
          <TableHead>Description</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {configs.length === 0 ? (
          <TableRow>
            <TableCell
              colSpan={canWrite ? 4 : 3}
              className="py-8 text-center text-muted-foreground"
            >
              No configurations found
            </TableCell>
          </TableRow>
        ) : (
          configs.map((config) => (
            <TableRow key={config.id}>
              <TableCell className="font-medium wrap-anywhere max-md:text-base md:min-w-40">
                {config.name}
              </TableCell>
              <TableCell
                label="Value"
                className="max-w-xs wrap-anywhere max-md:max-w-none md:min-w-56"
                title={config.value}
              >
                {truncateValue(config.value)}
              </TableCell>
              <TableCell label="Description" className="text-muted-foreground">
                {config.description || '-'}
              </TableCell>
              {canWrite ? (
                <TableCell className="whitespace-nowrap text-right max-md:-ml-2 max-md:pt-1 max-md:text-left">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${config.name}`}
                    onClick={() => onEdit?.(config)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive"
                    aria-label={`Delete ${config.name}`}
                    onClick={() => onDelete?.(config)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  )
}
