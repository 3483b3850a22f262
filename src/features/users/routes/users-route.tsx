import type { User } from '@shared/contract/types.ts'
import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { Badge } from '@/components/ui/badge'
import { serverMessage } from '@/lib/api-client'
import { useUsers } from '@/lib/queries/users'
import { UserCreateDialog } from '../components/user-create-dialog'
import { UserEditDialog } from '../components/user-edit-dialog'

/** Accounts (docs/PRODUCT.md §2.11), added and edited in dialogs; admins only, as the route table says. */
const users: ResourceListDescription<User> = {
  resource: 'users',
  one: 'user',
  title: 'Users',
  addLabel: 'Add New User',
  addDialog: (dialog) => <UserCreateDialog {...dialog} />,
  empty: 'No users found',
  loadFailed: 'Failed to load users. Please try again later.',
  nameHeader: 'Username',
  name: (user) => user.username,
  columns: [
    { header: 'ID', cell: (user) => user.id, leading: true },
    {
      header: 'Role',
      cell: (user) => (
        <Badge variant={user.role === 'admin' ? 'secondary' : 'muted'}>{user.role}</Badge>
      ),
    },
  ],
  editDialog: (dialog) => <UserEditDialog {...dialog} />,
  confirm: {
    title: 'Confirm Delete',
    description: (user) =>
      `Are you sure you want to delete the user "${user.username}"? This action cannot be undone.`,
    password: 'Deleting an account',
  },
  // docs/PRODUCT.md §8: the server's message, else the generic wording.
  notices: {
    deleted: 'User deleted successfully',
    deleteFailed: (error) => serverMessage(error, 'Failed to delete user'),
  },
  useList: useUsers,
}

export default function UsersRoute() {
  return <ResourceList description={users} />
}
