import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { twoStepEnableSchema, type TwoStepEnableInput } from '@shared/contract/schemas.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-client'
import { useLoginVerify } from '../api/login'

/**
 * The second step of a sign-in (docs/PRODUCT.md §2.4): a code from the
 * authenticator app, or one of the recovery codes.
 */
export function TwoStepForm({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: string
  onSuccess: () => void
  /** Back to the password: the challenge has expired or used its tries. */
  onRestart: () => void
}) {
  const verify = useLoginVerify()
  const [recovery, setRecovery] = useState(false)
  const form = useForm<TwoStepEnableInput>({
    resolver: zodResolver(twoStepEnableSchema),
    defaultValues: { code: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate({ challenge, code }, { onSuccess, onError: () => form.setFocus('code') }),
  )
  const error = verify.error instanceof ApiError ? verify.error : null
  const expired = error?.status === 401 && error.message !== 'Invalid code'

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {verify.isError ? (
        <Alert variant="destructive">
          {error?.status === 401 && !expired
            ? 'Invalid code'
            : (error?.message ?? 'Failed to sign in. Please try again.')}
        </Alert>
      ) : null}
      <LabeledField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code'}
        error={errors.code?.message}
      >
        <Input
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          maxLength={40}
          {...form.register('code')}
        />
      </LabeledField>
      {expired ? (
        <Button type="button" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <Button type="submit" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      )}
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setRecovery(!recovery)
          form.reset({ code: '' })
          verify.reset()
        }}
      >
        {recovery ? 'Use the code from the app' : 'Use a recovery code'}
      </Button>
    </form>
  )
}
