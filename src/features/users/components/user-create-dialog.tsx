import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { userCreateSchema, type UserCreateInput } from '@shared/contract/schemas.ts'
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
import { toastSuccess } from '@/components/ui/sonner'
import { Input } from '@/components/ui/input'
import { useCreateContent } from '@/lib/queries/content-writes'
import { formFieldErrors, notifyFailure } from '../lib/user-changes'
import { RoleSelect } from './role-select'
import { focusOnClose } from '@/lib/use-return-focus'

/** Add New User (docs/PRODUCT.md §2.11), opened by the list's Add button. */
export function UserCreateDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: ListDialogProps & { open: boolean }) {
  const create = useCreateContent('users')
  const busy = create.isPending
  // Rejects when the create failed: a refusal naming the form's fields (a wrong
  // current password, a common password) shows beside them, everything typed kept.
  const onSubmit = (values: UserCreateInput) =>
    create.mutateAsync(values, {
      onSuccess: () => {
        onOpenChange(false)
        toastSuccess('User created successfully')
      },
      onError: notifyFailure('Failed to create user'),
    })
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={focusOnClose(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Add New User</DialogTitle>
          <DialogDescription className="sr-only">Create a back-office account</DialogDescription>
        </DialogHeader>
        {open ? (
          <UserCreateForm busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function UserCreateForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean
  onSubmit: (values: UserCreateInput) => Promise<unknown>
  onCancel: () => void
}) {
  const form = useForm<UserCreateInput>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { username: '', password: '', role: 'admin' },
  })
  const { errors } = form.formState
  const [username, password, role] = useWatch({
    control: form.control,
    name: ['username', 'password', 'role'],
  })
  // docs/PRODUCT.md §5: Create stays disabled until username and password are filled.
  const filled = Boolean(username?.trim() && password)
  // A new admin takes the signed-in admin's password; a read-only account does not.
  const confirming = role === 'admin'

  return (
    <form
      onSubmit={form.handleSubmit(async (values) => {
        await onSubmit(values).catch((error: unknown) => {
          for (const [field, message] of Object.entries(formFieldErrors(error) ?? {}))
            form.setError(field as keyof UserCreateInput, { message }, { shouldFocus: true })
        })
      })}
      noValidate
      className="grid gap-4"
    >
      <LabeledField label="Username" error={errors.username?.message}>
        <Input autoComplete="off" {...form.register('username')} />
      </LabeledField>
      <LabeledField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </LabeledField>
      <LabeledField label="Role" error={errors.role?.message}>
        <RoleSelect {...form.register('role')} />
      </LabeledField>
      {confirming ? (
        <CurrentPasswordField
          reason="Creating an admin"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword', { shouldUnregister: true })}
        />
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!filled || busy} aria-busy={busy || undefined}>
          {busy ? 'Creating...' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  )
}
