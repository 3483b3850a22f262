import { Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import type { UserCreateInput, UserUpdateInput } from '@shared/contract/schemas.ts'
import type { User } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, isChangedElsewhere } from '@/lib/api-client'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useCreateUser } from '../api/create-user'
import { useDeleteUser } from '../api/delete-user'
import { useUpdateUser } from '../api/update-user'
import { useUsers } from '@/lib/queries/users'
import { UserCreateDialog } from '../components/user-create-dialog'
import { UserEditDialog } from '../components/user-edit-dialog'
import { UsersTable } from '../components/users-table'

// docs/PRODUCT.md §8: the server's message, else the generic wording.
const failure = (fallback: string) => (error: unknown) =>
  toastError(
    error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback,
  )

/** Accounts (docs/PRODUCT.md §2.11); admins only, as the route table says. */
export default function UsersRoute() {
  const users = useUsers()
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const deleteUser = useDeleteUser()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  // The last save answered 412; the dialog then offers to load the current copy.
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  // The dialogs have no trigger: focus goes back to the button that opened them,
  // or to the heading once a deleted user's row is gone.
  const heading = useRef<HTMLHeadingElement>(null)
  const focus = useReturnFocus(heading)
  const openAdd = () => {
    focus.remember()
    setAdding(true)
  }
  const openEdit = (user: User) => {
    focus.remember()
    setChangedElsewhere(false)
    setEditing(user)
  }
  const askDelete = (user: User) => {
    focus.remember()
    setDeleting(user)
  }

  const create = (values: UserCreateInput) =>
    createUser.mutate(values, {
      onSuccess: () => {
        setAdding(false)
        toastSuccess('User created successfully')
      },
      onError: failure('Failed to create user'),
    })

  const update = (user: User, changes: UserUpdateInput, version: string | null) =>
    updateUser.mutate(
      { id: user.id, changes, version },
      {
        onSuccess: () => {
          setEditing(null)
          toastSuccess('User updated successfully')
        },
        onError: (error) => {
          setChangedElsewhere(isChangedElsewhere(error))
          failure('Failed to update user')(error)
        },
      },
    )

  const remove = () =>
    deleting &&
    deleteUser.mutate(deleting.id, {
      onSuccess: () => {
        focus.forget()
        toastSuccess('User deleted successfully')
      },
      onError: failure('Failed to delete user'),
      onSettled: () => setDeleting(null),
    })

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Users
        </h1>
        <Button onClick={openAdd}>
          <Plus aria-hidden="true" /> Add New User
        </Button>
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <Alert variant="destructive">Failed to load users. Please try again later.</Alert>
      ) : (
        <UsersTable users={users.data} onEdit={openEdit} onDelete={askDelete} />
      )}
      <UserCreateDialog
        open={adding}
        onOpenChange={setAdding}
        busy={createUser.isPending}
        onSubmit={create}
        returnFocusTo={focus.target}
      />
      <UserEditDialog
        user={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        busy={updateUser.isPending}
        onSubmit={update}
        changedElsewhere={changedElsewhere}
        onReloaded={() => setChangedElsewhere(false)}
        returnFocusTo={focus.target}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirm Delete"
        description={`Are you sure you want to delete the user "${deleting?.username ?? ''}"? This action cannot be undone.`}
        onConfirm={remove}
        busy={deleteUser.isPending}
        returnFocusTo={focus.target}
      />
    </div>
  )
}
