// The Appearance screen's form (docs/PRODUCT.md §27): theme cards, the accent
// colour, the font pair and the home page's sections (order and shown), saved
// together with If-Match (decision 009). A field the server refused says why.
// Below, the public page in the choice not saved yet (appearance-preview.tsx).
import { useState } from 'react'
import type { Appearance, AppearanceOptions } from '@shared/contract/types.ts'
import { ChangedElsewhereAlert } from '@/components/changed-elsewhere-alert'
import { LabeledField } from '@/components/labeled-field'
import { SortableList } from '@/components/sortable-list'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { ApiError } from '@/lib/api-client'
import type { VersionedEdit } from '@/lib/use-versioned-record'
import { cn } from '@/lib/utils'
import { useSaveAppearance } from '../api/appearance'
import { sectionName } from '../lib/section-names'
import { AccentField } from './accent-field'
import { AppearancePreview } from './appearance-preview'
import { ThemePreview } from './theme-preview'

interface AppearanceFormProps {
  saved: Appearance
  options: AppearanceOptions
  edit: VersionedEdit
  canWrite: boolean
}

export function AppearanceForm({ saved, options, edit, canWrite }: AppearanceFormProps) {
  const [values, setValues] = useState(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveAppearance()
  const set = (change: Partial<Appearance>) => setValues((current) => ({ ...current, ...change }))

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    setErrors({})
    try {
      await save.mutateAsync({ payload: values, version: edit.version })
      edit.setSaveError(null)
      toastSuccess('Appearance saved')
      await edit.reload()
    } catch (error) {
      edit.setSaveError(error)
      if (error instanceof ApiError && error.status === 400) setErrors(error.errors ?? {})
      else if (!(error instanceof ApiError && error.status === 412))
        toastError('Failed to save the appearance. Please try again.')
    }
  }

  return (
    // On a wide screen the preview stays beside the choices while they scroll
    // (sticky), so a change shows without scrolling down past Save.
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-3xl gap-8 min-[1600px]:max-w-none min-[1600px]:grid-cols-[minmax(0,48rem)_auto] min-[1600px]:items-start"
    >
      {canWrite ? null : (
        <p className="col-span-full text-sm text-muted-foreground">
          Only admins can change the appearance.
        </p>
      )}
      {edit.changedElsewhere ? (
        <div className="col-span-full">
          <ChangedElsewhereAlert what="appearance" onReload={edit.reload} />
        </div>
      ) : null}
      <fieldset disabled={!canWrite || save.isPending} className="grid gap-8">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Theme</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {options.themes.map((theme) => (
              <label
                key={theme.id}
                className={cn(
                  'grid cursor-pointer gap-2 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  values.theme === theme.id && 'border-primary ring-2 ring-primary',
                )}
              >
                <ThemePreview theme={theme.id} accent={values.accent} />
                <span className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="radio"
                    name="theme"
                    value={theme.id}
                    className="accent-primary"
                    checked={values.theme === theme.id}
                    onChange={() => set({ theme: theme.id })}
                  />
                  {theme.name}
                </span>
              </label>
            ))}
          </div>
          {errors.theme ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {errors.theme}
            </p>
          ) : null}
        </fieldset>

        <AccentField
          value={values.accent}
          onChange={(accent) => set({ accent })}
          error={errors.accent}
        />

        <LabeledField
          label="Fonts"
          hint="Served from this site, no other; the system's fonts load nothing."
          error={errors.font}
        >
          <Select value={values.font} onChange={(event) => set({ font: event.target.value })}>
            {options.fonts.map((font) => (
              <option key={font.id} value={font.id}>
                {font.name}
              </option>
            ))}
          </Select>
        </LabeledField>

        <fieldset className="grid gap-2">
          <legend id="sections-legend" className="mb-2 text-sm font-medium">
            Home page sections
          </legend>
          <p id="sections-hint" className="text-sm text-muted-foreground">
            In the order the page shows them; the navigation and the Markdown versions follow.
          </p>
          <SortableList
            aria-labelledby="sections-legend"
            aria-describedby="sections-hint"
            items={values.sections}
            keyOf={(section) => section.id}
            nameOf={(section) => sectionName(section.id)}
            onReorder={(sections) => set({ sections })}
            draggable={canWrite && !save.isPending}
          >
            {(section) => (
              <label className="flex flex-1 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={section.visible}
                  onChange={(event) =>
                    set({
                      sections: values.sections.map((s) =>
                        s.id === section.id ? { ...s, visible: event.target.checked } : s,
                      ),
                    })
                  }
                />
                <span>Show {sectionName(section.id)}</span>
              </label>
            )}
          </SortableList>
          {Object.entries(errors)
            .filter(([field]) => field.startsWith('sections'))
            .map(([field, message]) => (
              <p key={field} role="alert" className="text-sm text-destructive">
                {message}
              </p>
            ))}
        </fieldset>

        <div>
          <Button type="submit" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving...' : 'Save appearance'}
          </Button>
        </div>
      </fieldset>
      <AppearancePreview choice={values} />
    </form>
  )
}
