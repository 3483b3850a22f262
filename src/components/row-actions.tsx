// The Edit and Delete buttons at the end of a back-office table row, named
// after the row for screen readers. Edit is a link to the row's edit page, or
// a button that opens the screen's dialog.
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { TableCell } from '@/components/ui/table'

export interface ItemControls {
  /** The row's name: the buttons read 'Edit <name>' and 'Delete <name>'. */
  name: string
  editTo?: string
  onEdit?: () => void
  onDelete: () => void
}

export function RowActions({ name, editTo, onEdit, onDelete }: ItemControls) {
  return (
    <TableCell className="whitespace-nowrap text-right max-md:pt-2 max-md:text-left">
      {editTo !== undefined ? (
        <Button asChild variant="outline" size="sm" className="mr-2">
          <Link to={editTo} aria-label={`Edit ${name}`}>
            Edit
          </Link>
        </Button>
      ) : onEdit ? (
        <Button
          variant="outline"
          size="sm"
          className="mr-2"
          aria-label={`Edit ${name}`}
          onClick={onEdit}
        >
          Edit
        </Button>
      ) : null}
      <Button variant="destructive" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </TableCell>
  )
}
