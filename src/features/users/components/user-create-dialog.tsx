import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { userCreateSchema, type UserCreateInput } from '@shared/contract/schemas.ts'
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
import { Input } from '@/components/ui/input'
import { formFieldErrors } from '../lib/user-changes'
import { CurrentPasswordField } from './current-password-field'
import { RoleSelect } from './role-select'

interface UserCreateDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  busy: boolean
  /**
   * Creates; rejects when that failed. A refusal naming the form's fields (a
   * wrong current password, a common password) shows beside them, the
   * dialog keeping everything typed.
   */
  onSubmit: (values: UserCreateInput) => Promise<unknown>
  /** Where focus goes once closed (the dialog has no trigger to return to). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

export function UserCreateDialog({
  open,
  onOpenChange,
  busy,
  onSubmit,
  returnFocusTo,
}: UserCreateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.()
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
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
}: Pick<UserCreateDialogProps, 'busy' | 'onSubmit'> & { onCancel: () => void }) {
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
