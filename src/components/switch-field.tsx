import { useId } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

/** A form's on/off field: a labelled switch, with a hint read out with it when given. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  initial,
}: {
  control: Control<T>
  name: Path<T>
  label: string
  hint?: string
  /** Shown while the form holds no value yet. */
  initial: boolean
}) {
  const id = useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <Switch
              id={id}
              checked={(field.value as boolean | undefined) ?? initial}
              onCheckedChange={field.onChange}
              aria-describedby={hint ? `${id}-hint` : undefined}
            />
            <Label htmlFor={id}>{label}</Label>
          </div>
          {hint ? (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
      )}
    />
  )
}
