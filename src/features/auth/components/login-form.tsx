import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { loginSchema, type LoginInput } from '@shared/contract/schemas.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import {
  browserSupportsWebAuthnAutofill,
  CANCELLED,
  cancelPasskeyCeremony,
  passkeyErrorMessage,
} from '@/lib/passkeys'
import { useLogin, usePasskeySignIn } from '../api/login'

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
  const passkey = usePasskeySignIn()
  const autofill = usePasskeySignIn()
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) => {
    passkey.reset()
    login.mutate(values, {
      onSuccess: (answer) => ('twoStep' in answer ? onTwoStep(answer.challenge) : onSuccess()),
    })
  })

  // Where the browser can, its autofill offers this site's passkeys under the
  // username field (conditional UI); picking one signs in. The waiting request
  // ends when the page is left or the button below asks instead.
  const { mutate: waitForAutofill } = autofill
  useEffect(() => {
    let left = false
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported && !left) waitForAutofill(true, { onSuccess })
    })
    return () => {
      left = true
      cancelPasskeyCeremony()
    }
    // Once per visit of the page: onSuccess is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitForAutofill])

  const passkeyError = passkey.isError
    ? passkeyErrorMessage(passkey.error)
    : autofill.isError && passkeyErrorMessage(autofill.error) !== CANCELLED
      ? passkeyErrorMessage(autofill.error)
      : null

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {login.isError ? (
          <Alert variant="destructive">{loginErrorMessage(login.error)}</Alert>
        ) : null}
        <LabeledField label="Username" error={errors.username?.message}>
          <Input autoComplete="username webauthn" autoFocus {...form.register('username')} />
        </LabeledField>
        <LabeledField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </LabeledField>
        <Button type="submit" disabled={login.isPending} aria-busy={login.isPending || undefined}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <div className="grid gap-4 empty:hidden" aria-live="polite">
        {passkeyError ? <Alert variant="destructive">{passkeyError}</Alert> : null}
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={passkey.isPending}
        aria-busy={passkey.isPending || undefined}
        onClick={() => {
          login.reset()
          passkey.mutate(false, { onSuccess })
        }}
      >
        <KeyRound aria-hidden="true" />
        {passkey.isPending ? 'Waiting for the passkey...' : 'Sign in with a passkey'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.admin.register} className="text-primary underline-offset-4 hover:underline">
          Need to create the first admin account? Register here
        </Link>
      </p>
    </div>
  )
}
