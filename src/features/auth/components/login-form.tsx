import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { loginSchema, type LoginInput } from '@shared/contract/schemas.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useLogin } from '../api/login'

// docs/PRODUCT.md §8: a failed login says 'Invalid username or password'; a 429
// carries the server's own "try again later" wording.
function loginErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 429) return error.message
  return 'Invalid username or password'
}

export function LoginForm({
  onSuccess,
  onTwoStep,
}: {
  onSuccess: () => void
  /** The password was right and the account asks for a code next (docs/decisions/039). */
  onTwoStep: (challenge: string) => void
}) {
  const login = useLogin()
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => ('twoStep' in answer ? onTwoStep(answer.challenge) : onSuccess()),
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {login.isError ? <Alert variant="destructive">{loginErrorMessage(login.error)}</Alert> : null}
      <LabeledField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoFocus {...form.register('username')} />
      </LabeledField>
      <LabeledField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </LabeledField>
      <Button type="submit" disabled={login.isPending} aria-busy={login.isPending || undefined}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.admin.register} className="text-primary underline-offset-4 hover:underline">
          Need to create the first admin account? Register here
        </Link>
      </p>
    </form>
  )
}
