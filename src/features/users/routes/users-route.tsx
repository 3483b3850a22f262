import { useState } from 'react'
import type { UserCreateInput, UserUpdateInput } from '@shared/contract/schemas.ts'
import type { User } from '@shared/contract/types.ts'
import { AdminListPage } from '@/components/admin-list-page'
import { Alert } from '@/components/ui/alert'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useCreateUser } from '../api/create-user'
import { useDeleteUser } from '../api/delete-user'
import { useUpdateUser } from '../api/update-user'
import { useUsers } from '@/lib/queries/users'
import { CurrentPasswordField } from '../components/current-password-field'
import { UserCreateDialog } from '../components/user-create-dialog'
import { UserEditDialog } from '../components/user-edit-dialog'
import { UsersTable } from '../components/users-table'
import { formFieldErrors } from '../lib/user-changes'

// docs/PRODUCT.md §8: the server's message, else the generic wording. A
// refusal naming the dialog's fields shows beside them instead.
const failure = (fallback: string) => (error: unknown) => {
  if (formFieldErrors(error)) return
  toastError(
    error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback,
  )
}

/** Accounts (docs/PRODUCT.md §2.11); admins only, as the route table says. */
export default function UsersRoute() {
  const users = useUsers()
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const deleteUser = useDeleteUser()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  // Deleting takes the admin's own password, typed in the confirmation.
  const [deletePassword, setDeletePassword] = useState('')
  const [deleteError, setDeleteError] = useState<string | undefined>()

  const create = (values: UserCreateInput) =>
    createUser.mutateAsync(values, {
      onSuccess: () => {
        setAdding(false)
        toastSuccess('User created successfully')
      },
      onError: failure('Failed to create user'),
    })

  // A 412 is also explained in the dialog, which offers to load the current copy.
  const update = (user: User, changes: UserUpdateInput, version: string | null) =>
    updateUser.mutateAsync(
      { id: user.id, changes, version },
      {
        onSuccess: () => {
          setEditing(null)
          toastSuccess('User updated successfully')
        },
        onError: failure('Failed to update user'),
      },
    )

  return (
    <AdminListPage<User>
      title="Users"
      addLabel="Add New User"
      onAdd={() => setAdding(true)}
      canWrite
      confirm={{
        title: 'Confirm Delete',
        description: (user) =>
          `Are you sure you want to delete the user "${user.username}"? This action cannot be undone.`,
        body: (
          <CurrentPasswordField
            reason="Deleting an account"
            value={deletePassword}
            onChange={(event) => setDeletePassword(event.target.value)}
            error={deleteError}
            disabled={deleteUser.isPending}
          />
        ),
      }}
      deleting={deleteUser.isPending}
      onDelete={(user, done) =>
        deleteUser.mutate(
          { id: user.id, currentPassword: deletePassword },
          {
            onSuccess: () => {
              toastSuccess('User deleted successfully')
              done(true)
            },
            onError: (error) => {
              const field = formFieldErrors(error)?.currentPassword
              setDeleteError(field)
              failure('Failed to delete user')(error)
              done(false, field !== undefined)
            },
          },
        )
      }
    >
      {(askDelete, focus) => (
        <>
          {users.isPending ? (
            <Spinner label="Loading users" />
          ) : users.isError ? (
            <Alert variant="destructive">Failed to load users. Please try again later.</Alert>
          ) : (
            <UsersTable
              users={users.data}
              onEdit={(user) => (focus.remember(), setEditing(user))}
              onDelete={(user) => {
                setDeletePassword('')
                setDeleteError(undefined)
                askDelete(user)
              }}
            />
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
            returnFocusTo={focus.target}
          />
        </>
      )}
    </AdminListPage>
  )
}
