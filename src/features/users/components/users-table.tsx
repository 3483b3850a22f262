import { Pencil, Trash2 } from 'lucide-react'
import type { User } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

interface UsersTableProps {
  users: User[]
  onEdit: (user: User) => void
  onDelete: (user: User) => void
}

export function UsersTable({ users, onEdit, onDelete }: UsersTableProps) {
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>ID</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
              No users found
            </TableCell>
          </TableRow>
        ) : (
          users.map((user) => (
            <TableRow key={user.id}>
              <TableCell label="ID">{user.id}</TableCell>
              <TableCell label="Username" className="font-medium">
                {user.username}
              </TableCell>
              <TableCell label="Role">
                <Badge variant={user.role === 'admin' ? 'secondary' : 'muted'}>{user.role}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap text-right max-md:-ml-2 max-md:pt-1 max-md:text-left">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${user.username}`}
                  onClick={() => onEdit(user)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive"
                  aria-label={`Delete ${user.username}`}
                  onClick={() => onDelete(user)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  )
}
