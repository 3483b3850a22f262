import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FormControlProps {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

interface LabeledFieldProps {
  label: ReactNode
  /** Optional fixed id for the control; one is generated otherwise. */
  id?: string
  hint?: ReactNode
  error?: string
  className?: string
  /** The control: an element (receives id and aria props) or a render function. */
  children: ReactElement<Partial<FormControlProps>> | ((control: FormControlProps) => ReactNode)
}

/**
 * Label + control + hint + error, with the ids wired (named apart from shadcn's
 * react-hook-form `FormField`, which this is not: forms register their inputs
 * themselves and pass the field's error here): the label names the
 * control, and the hint and error describe it (aria-describedby); an error
 * sets aria-invalid and is announced (role="alert").
 */
export function LabeledField({ label, id, hint, error, className, children }: LabeledFieldProps) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const control: FormControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  }

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {typeof children === 'function'
        ? children(control)
        : isValidElement(children)
          ? cloneElement(children, control)
          : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
