import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { twoStepEnableSchema, type TwoStepEnableInput } from '@shared/contract/schemas.ts'
import type { TwoStepSetup as Setup } from '@shared/contract/types.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-client'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import { useEnableTwoStep } from '../api/two-step'
import { QrCode } from './qr-code'

/** Scan (or type) the new secret, then confirm it with a code from the app. */
export function TwoStepSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup
  onEnabled: (recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const enable = useEnableTwoStep()
  const form = useForm<TwoStepEnableInput>({
    resolver: zodResolver(twoStepEnableSchema),
    defaultValues: { code: '' },
  })
  const onSubmit = form.handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => showServerFieldErrors(form, error, ['code']),
    }),
  )
  const refusal =
    enable.error instanceof ApiError && !enable.error.errors ? enable.error.message : null
  // Groups of four, as most apps show a key typed in by hand.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Scan this QR code with an authenticator app (such as Google Authenticator, Aegis or
        1Password), or type the key into it.
      </p>
      <QrCode text={setup.otpauthUrl} alt="QR code to add this account to an authenticator app" />
      <div className="grid gap-1">
        <p id="two-step-key-label" className="text-sm font-medium">
          Key
        </p>
        <code
          aria-labelledby="two-step-key-label"
          className="w-fit rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all select-all"
        >
          {grouped}
        </code>
      </div>
      {refusal ? <Alert variant="destructive">{refusal}</Alert> : null}
      <LabeledField label="Code from the app" error={form.formState.errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          maxLength={40}
          className="max-w-48"
          {...form.register('code')}
        />
      </LabeledField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending} aria-busy={enable.isPending || undefined}>
          {enable.isPending ? 'Confirming...' : 'Confirm and turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
