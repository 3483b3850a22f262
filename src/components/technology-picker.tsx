import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { CheckboxPicker } from '@/components/checkbox-picker'
import { useTechnologies } from '@/lib/queries/technologies'

/**
 * The list the picker offers, for a screen to ask for beside its record and
 * to show the form once it is in (createScreen, editScreen: useLists).
 */
export const useTechnologyList = () => [useTechnologies()] as const

/**
 * An item's technologies (a project's, an experience's, a post's) as a
 * labelled checkbox group (GET /technologies): the form's `technologiesIds`.
 */
export function TechnologyPicker<T extends FieldValues, U>({
  control,
}: {
  control: Control<T, unknown, U>
}) {
  const technologies = useTechnologies()
  return (
    <Controller
      control={control}
      name={'technologiesIds' as Path<T>}
      render={({ field }) => (
        <CheckboxPicker
          legend="Technologies"
          options={technologies}
          value={(field.value as number[] | undefined) ?? []}
          onChange={field.onChange}
        />
      )}
    />
  )
}
