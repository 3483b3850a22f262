import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { toastSuccess } from '@/components/ui/sonner'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-client'
import { useDisableTwoStep } from '../api/two-step'

/** Turning two-step off takes a code from the app, a recovery code, or the password. */
export function TwoStepOffForm() {
  const disable = useDisableTwoStep()
  const [withPassword, setWithPassword] = useState(false)
  const form = useForm<{ proof: string }>({ defaultValues: { proof: '' } })
  const onSubmit = form.handleSubmit(({ proof }) => {
    if (!proof.trim()) {
      form.setError('proof', {
        message: withPassword
          ? 'Password is required'
          : 'Enter the code from your authenticator app',
      })
      return
    }
    disable.mutate(withPassword ? { currentPassword: proof } : { code: proof }, {
      onSuccess: () => toastSuccess('Two-step sign-in is off'),
    })
  })
  const error = disable.error instanceof ApiError ? disable.error : null
  const refusal = error?.errors
    ? (error.errors.code ?? error.errors.currentPassword ?? error.message)
    : error?.message
  const label = withPassword ? 'Current password' : 'Code from the app or a recovery code'

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {refusal ? <Alert variant="destructive">{refusal}</Alert> : null}
      <LabeledField key={label} label={label} error={form.formState.errors.proof?.message}>
        <Input
          type={withPassword ? 'password' : 'text'}
          autoComplete={withPassword ? 'current-password' : 'one-time-code'}
          inputMode={withPassword ? undefined : 'numeric'}
          spellCheck={false}
          className="max-w-64"
          {...form.register('proof')}
        />
      </LabeledField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="destructive"
          disabled={disable.isPending}
          aria-busy={disable.isPending || undefined}
        >
          Turn off two-step sign-in
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setWithPassword(!withPassword)
            form.reset({ proof: '' })
            disable.reset()
          }}
        >
          {withPassword ? 'Use a code instead' : 'Use my password instead'}
        </Button>
      </div>
    </form>
  )
}
