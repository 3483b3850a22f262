// A row both GitHub dialogs list their choices in: a checkbox labelled by
// the item's name, its facts below (the checkbox's description), and, for an
// item already taken, the checkbox fixed in the state that says so.
import { useId, type ReactNode } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'

export function ChoiceRow({
  label,
  marks,
  about,
  checked,
  taken,
  onChange,
}: {
  label: string
  /** Beside the label, in brackets, the empty ones left out: what kind of item it is (a fork, archived). */
  marks?: (string | null)[]
  /** Its facts, the empty ones left out, joined by middle dots. */
  about: (string | null | undefined)[]
  checked: boolean
  /** Already taken: the checkbox is disabled and shows `taken.checked`. */
  taken?: { checked: boolean }
  onChange: (on: boolean) => void
}): ReactNode {
  const id = useId()
  const shownMarks = marks?.filter(Boolean) ?? []
  return (
    <li className="flex items-start gap-2 rounded p-1">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={taken ? taken.checked : checked}
        disabled={taken !== undefined}
        aria-describedby={`${id}-about`}
        onCheckedChange={(state) => onChange(state === true)}
      />
      <div className="flex-1">
        <Label htmlFor={id}>{label}</Label>
        {shownMarks.length ? (
          <span className="ml-2 text-xs text-muted-foreground">({shownMarks.join(', ')})</span>
        ) : null}
        <p id={`${id}-about`} className="text-xs text-muted-foreground">
          {about.filter(Boolean).join(' · ')}
        </p>
      </div>
    </li>
  )
}
