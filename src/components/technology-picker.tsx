import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { useTechnologies } from '@/lib/queries/technologies'

interface TechnologyPickerProps {
  value: number[]
  onChange: (value: number[]) => void
  disabled?: boolean
}

/** An item's technologies (a project's, an experience's) as a labelled checkbox group (GET /technologies). */
export function TechnologyPicker({ value, onChange, disabled }: TechnologyPickerProps) {
  const id = useId()
  const technologies = useTechnologies()

  const toggle = (techId: number, checked: boolean) =>
    onChange(checked ? [...value, techId] : value.filter((v) => v !== techId))

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Technologies</legend>
      {technologies.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading technologies...
        </p>
      ) : technologies.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load technologies.
        </p>
      ) : technologies.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No technologies yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {technologies.data.map((tech) => (
            <li key={tech.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${tech.id}`}
                checked={value.includes(tech.id)}
                disabled={disabled}
                onCheckedChange={(checked) => toggle(tech.id, checked === true)}
              />
              <Label htmlFor={`${id}-${tech.id}`} className="font-normal">
                {tech.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
