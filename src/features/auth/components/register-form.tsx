import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { registerFormSchema, type RegisterFormInput } from '@shared/contract/schemas.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { serverMessage } from '@/lib/api-client'
import { useRegister } from '../api/register'

export function RegisterForm({
  onSuccess,
  setupToken,
}: {
  onSuccess: () => void
  /** From /admin/register?setup=...: sent with the form, never shown. */
  setupToken?: string
}) {
  const registration = useRegister()
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ username, password }) =>
    registration.mutate({ username, password, setupToken }, { onSuccess }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {registration.isError ? (
        <Alert variant="destructive">
          {serverMessage(registration.error, 'Registration failed. Please try again.')}
        </Alert>
      ) : null}
      <LabeledField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoFocus {...form.register('username')} />
      </LabeledField>
      <LabeledField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </LabeledField>
      <LabeledField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </LabeledField>
      <Button
        type="submit"
        disabled={registration.isPending}
        aria-busy={registration.isPending || undefined}
      >
        {registration.isPending ? 'Registering...' : 'Register'}
      </Button>
    </form>
  )
}
