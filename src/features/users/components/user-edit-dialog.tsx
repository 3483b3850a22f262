import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { UserUpdateInput } from '@shared/schemas.ts'
import type { User } from '@shared/types.ts'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { userEditFormSchema, type UserEditValues } from '../lib/user-changes'
import { RoleSelect } from './role-select'

interface UserEditDialogProps {
  user: User | null
  onOpenChange: (open: boolean) => void
  busy: boolean
  onSubmit: (user: User, changes: UserUpdateInput) => void
  /** Where focus goes once closed (the dialog has no trigger to return to). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

export function UserEditDialog({
  user,
  onOpenChange,
  busy,
  onSubmit,
  returnFocusTo,
}: UserEditDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.()
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription className="sr-only">
            {user ? `Change the account ${user.username}` : ''}
          </DialogDescription>
        </DialogHeader>
        {user ? (
          <UserEditForm
            key={user.id}
            user={user}
            busy={busy}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function UserEditForm({
  user,
  busy,
  onSubmit,
  onCancel,
}: Omit<UserEditDialogProps, 'user' | 'onOpenChange' | 'returnFocusTo'> & {
  user: User
  onCancel: () => void
}) {
  const form = useForm<UserEditValues, unknown, UserUpdateInput>({
    resolver: zodResolver(userEditFormSchema),
    defaultValues: { username: user.username, password: '', role: user.role },
  })
  const { errors } = form.formState

  return (
    <form
      onSubmit={form.handleSubmit((changes) => onSubmit(user, changes))}
      noValidate
      className="grid gap-4"
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="off" {...form.register('username')} />
      </FormField>
      <FormField
        label="New Password (leave blank to keep current)"
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Role" error={errors.role?.message}>
        <RoleSelect {...form.register('role')} />
      </FormField>
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
