import type { ComponentProps } from 'react'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'

interface CurrentPasswordFieldProps extends ComponentProps<'input'> {
  /** What the password is asked for, e.g. "Creating an admin". */
  reason: string
  error?: string
}

/**
 * The signed-in admin's own password, asked for in the dialog of a change that
 * hands out or takes away access (docs/decisions/042): a token alone is not
 * enough for those.
 */
export function CurrentPasswordField({ reason, error, ...input }: CurrentPasswordFieldProps) {
  return (
    <LabeledField
      label="Current password"
      hint={`${reason} needs your own password.`}
      error={error}
    >
      <Input type="password" autoComplete="current-password" {...input} />
    </LabeledField>
  )
}
