import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'

interface CheckboxPickerProps {
  /** 'Technologies': the group's name, and the words of its states ('Loading technologies...'). */
  legend: string
  options: UseQueryResult<{ id: number; name: string }[]>
  value: number[]
  /** Ticked ones are added at the end: the order they were ticked in is kept. */
  onChange: (value: number[]) => void
  disabled?: boolean
}

/** Records picked from a list (an item's technologies, a post's projects) as a labelled checkbox group. */
export function CheckboxPicker({
  legend,
  options,
  value,
  onChange,
  disabled,
}: CheckboxPickerProps) {
  const id = useId()
  const lower = legend.toLowerCase()
  const toggle = (optionId: number, checked: boolean) =>
    onChange(checked ? [...value, optionId] : value.filter((v) => v !== optionId))

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {options.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading {lower}...
        </p>
      ) : options.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load {lower}.
        </p>
      ) : options.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {lower} yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {options.data.map((option) => (
            <li key={option.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${option.id}`}
                checked={value.includes(option.id)}
                disabled={disabled}
                onCheckedChange={(checked) => toggle(option.id, checked === true)}
              />
              <Label htmlFor={`${id}-${option.id}`} className="font-normal">
                {option.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
