// The Edit and Delete buttons at the end of a back-office table row, named
// after the row for screen readers.
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { TableCell } from '@/components/ui/table'

export function RowActions({
  name,
  editTo,
  onDelete,
}: {
  name: string
  editTo: string
  onDelete: () => void
}) {
  return (
    <TableCell className="whitespace-nowrap text-right max-md:pt-2 max-md:text-left">
      <Button asChild variant="outline" size="sm" className="mr-2">
        <Link to={editTo} aria-label={`Edit ${name}`}>
          Edit
        </Link>
      </Button>
      <Button variant="destructive" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </TableCell>
  )
}
