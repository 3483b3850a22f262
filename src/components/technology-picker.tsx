import { CheckboxPicker } from '@/components/checkbox-picker'
import { useTechnologies } from '@/lib/queries/technologies'

interface TechnologyPickerProps {
  value: number[]
  onChange: (value: number[]) => void
  disabled?: boolean
}

/** An item's technologies (a project's, an experience's, a post's) as a labelled checkbox group (GET /technologies). */
export function TechnologyPicker(props: TechnologyPickerProps) {
  return <CheckboxPicker legend="Technologies" options={useTechnologies()} {...props} />
}
