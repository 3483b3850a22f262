import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { TwoStepSetup as Setup } from '@shared/contract/types.ts'
import { CurrentPasswordField } from '@/components/current-password-field'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import { useSetUpTwoStep, useTwoStep } from '../api/two-step'
import { RecoveryCodes } from './recovery-codes'
import { TwoStepOffForm } from './two-step-off-form'
import { TwoStepSetup } from './two-step-setup'

/**
 * Turning two-step on starts with the current password, asked in place: the
 * server hands out a secret for nothing less (docs/decisions/064). A refused
 * password shows under the field, which keeps what was typed.
 */
function TurnOnForm({ onSetUp }: { onSetUp: (setup: Setup) => void }) {
  const setUp = useSetUpTwoStep()
  const form = useForm<{ currentPassword: string }>({ defaultValues: { currentPassword: '' } })
  const onSubmit = form.handleSubmit(({ currentPassword }) => {
    if (!currentPassword) {
      form.setError(
        'currentPassword',
        { message: 'Enter your current password' },
        { shouldFocus: true },
      )
      return
    }
    setUp.mutate(currentPassword, {
      onSuccess: onSetUp,
      onError: (error) => showServerFieldErrors(form, error, ['currentPassword']),
    })
  })
  const refusal = setUp.error && !form.formState.errors.currentPassword ? setUp.error.message : null
  return (
    <form onSubmit={onSubmit} noValidate className="grid justify-items-start gap-4">
      <p className="text-sm text-muted-foreground">
        Ask for a code from an authenticator app after the password, so a password alone is not
        enough to sign in.
      </p>
      {refusal ? <Alert variant="destructive">{refusal}</Alert> : null}
      <div className="w-full max-w-sm">
        <CurrentPasswordField
          reason="Turning on two-step sign-in"
          error={form.formState.errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      </div>
      <Button type="submit" disabled={setUp.isPending} aria-busy={setUp.isPending || undefined}>
        Turn on two-step sign-in
      </Button>
    </form>
  )
}

/**
 * Two-step sign-in on the account page (docs/PRODUCT.md §2.12): off, being
 * set up, just turned on (the recovery codes, once), or on.
 */
export function TwoStepSection() {
  const status = useTwoStep()
  const [setup, setSetup] = useState<Setup | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  let body
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
  } else if (setup) {
    body = (
      <TwoStepSetup
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null)
          setRecoveryCodes(codes)
        }}
        onCancel={() => setSetup(null)}
      />
    )
  } else if (status.isPending) {
    body = <Spinner label="Loading two-step sign-in" />
  } else if (status.isError) {
    body = (
      <Alert variant="destructive">Failed to load two-step sign-in. Please try again later.</Alert>
    )
  } else if (status.data.enabled) {
    body = (
      <div className="grid gap-4">
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck aria-hidden="true" className="size-5 text-success" />
          Two-step sign-in is on. {status.data.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <TwoStepOffForm />
      </div>
    )
  } else {
    body = <TurnOnForm onSetUp={setSetup} />
  }

  return (
    <section aria-labelledby="two-step-heading" className="grid gap-4">
      <h2 id="two-step-heading" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      {body}
    </section>
  )
}
