import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import type { UserUpdateInput } from '@shared/contract/schemas.ts'
import type { User } from '@shared/contract/types.ts'
import { CurrentPasswordField } from '@/components/current-password-field'
import type { ListDialogProps } from '@/components/resource-list'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { LabeledField } from '@/components/labeled-field'
import { VersionedDialogBody } from '@/components/versioned-dialog-body'
import { toastSuccess } from '@/components/ui/sonner'
import { Input } from '@/components/ui/input'
import { useUpdateContent } from '@/lib/queries/content-writes'
import { useUser } from '@/lib/queries/users'
import type { VersionedEdit } from '@/lib/use-versioned-record'
import {
  formFieldErrors,
  notifyFailure,
  userEditFormSchema,
  type UserEditValues,
} from '../lib/user-changes'
import { RoleSelect } from './role-select'
import { focusOnClose } from '@/lib/use-return-focus'

/** Edit User (docs/PRODUCT.md §2.11), opened by a row's Edit button. */
export function UserEditDialog({
  item: user,
  onOpenChange,
  returnFocusTo,
}: ListDialogProps & { item: User | null }) {
  const update = useUpdateContent('users')
  const busy = update.isPending
  // `version` is the one the account was loaded at. Rejects when the save
  // failed; a 412 is also explained in the dialog, which offers to load the current copy.
  const onSubmit = (account: User, payload: UserUpdateInput, version: string | null) =>
    update.mutateAsync(
      { id: account.id, payload, version },
      {
        onSuccess: () => {
          onOpenChange(false)
          toastSuccess('User updated successfully')
        },
        onError: notifyFailure('Failed to update user'),
      },
    )
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={focusOnClose(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription className="sr-only">
            {user ? `Change the account ${user.username}` : ''}
          </DialogDescription>
        </DialogHeader>
        {user ? (
          <LoadedUserEditForm
            key={user.id}
            id={user.id}
            busy={busy}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

interface FormProps {
  busy: boolean
  onSubmit: (user: User, changes: UserUpdateInput, version: string | null) => Promise<unknown>
  onCancel: () => void
}

/**
 * Editing starts from the server's current copy and its version, never from a
 * list row that may be older (docs/decisions/009-optimistic-concurrency.md).
 */
function LoadedUserEditForm({ id, ...props }: FormProps & { id: number }) {
  return (
    <VersionedDialogBody id={id} useRecord={useUser} what="user" failure="Failed to update user">
      {(user, edit) => <UserEditForm user={user} edit={edit} {...props} />}
    </VersionedDialogBody>
  )
}

function UserEditForm({
  user,
  edit,
  busy,
  onSubmit,
  onCancel,
}: FormProps & { user: User; edit: VersionedEdit }) {
  const form = useForm<UserEditValues, unknown, UserUpdateInput>({
    resolver: zodResolver(userEditFormSchema),
    defaultValues: { username: user.username, password: '', role: user.role },
  })
  const { errors } = form.formState
  const [password, role] = useWatch({ control: form.control, name: ['password', 'role'] })
  // A new password or role takes the signed-in admin's own password; a new name does not.
  const confirming = Boolean(password) || role !== user.role

  return (
    <form
      onSubmit={form.handleSubmit(async (changes) => {
        edit.setSaveError(null)
        // The screen reports the failure; a 412 also shows here, beside the admin's values,
        // and a refusal naming a field (a wrong current password) beside that field.
        await onSubmit(user, changes, edit.version).catch((error: unknown) => {
          const fields = formFieldErrors(error)
          if (!fields) return edit.setSaveError(error)
          for (const [field, message] of Object.entries(fields))
            form.setError(field as keyof UserEditValues, { message }, { shouldFocus: true })
        })
      })}
      noValidate
      className="grid gap-4"
    >
      <LabeledField label="Username" error={errors.username?.message}>
        <Input autoComplete="off" {...form.register('username')} />
      </LabeledField>
      <LabeledField
        label="New Password (leave blank to keep current)"
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </LabeledField>
      <LabeledField label="Role" error={errors.role?.message}>
        <RoleSelect {...form.register('role')} />
      </LabeledField>
      {confirming ? (
        <CurrentPasswordField
          reason={password ? 'A new password' : 'A new role'}
          error={errors.currentPassword?.message}
          {...form.register('currentPassword', { shouldUnregister: true })}
        />
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  )
}
