// The accent colour (docs/PRODUCT.md §27): a colour picker and a hex field
// for the same value, and what the page will show in light and dark, with a
// note where the colour had to be darkened or lightened to stay readable.
import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { deriveAccent } from '@/lib/accent'

const HEX = /^#[0-9a-fA-F]{6}$/

export function AccentField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (hex: string) => void
  error?: string
}) {
  const id = useId()
  const valid = HEX.test(value)
  const derived = valid ? deriveAccent(value) : null
  const describedBy = `${id}-result${error ? ` ${id}-error` : ''}`
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Accent colour</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-picker`}>Pick a colour</Label>
          <input
            id={`${id}-picker`}
            type="color"
            className="h-10 w-16 cursor-pointer rounded-md border bg-background p-1"
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-hex`}>Hex value</Label>
          <Input
            id={`${id}-hex`}
            className="w-32 font-mono"
            value={value}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error || !valid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value.trim())}
          />
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div id={`${id}-result`} aria-live="polite" className="grid gap-2 text-sm">
        {derived ? (
          (['light', 'dark'] as const).map((mode) => (
            <p key={mode} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-flex h-7 items-center rounded-md border px-2 font-semibold"
                style={{
                  background: mode === 'light' ? '#ffffff' : '#111111',
                  color: derived[mode].primary,
                }}
              >
                Aa
              </span>
              <span>
                {mode === 'light' ? 'Light mode' : 'Dark mode'}:{' '}
                <span className="font-mono">{derived[mode].primary}</span>
                {derived.adjusted[mode]
                  ? mode === 'light'
                    ? ', darkened so text stays readable (4.5:1)'
                    : ', lightened so text stays readable (4.5:1)'
                  : ', as chosen'}
              </span>
            </p>
          ))
        ) : (
          <p className="text-muted-foreground">Give a colour as #rrggbb, such as #db2777.</p>
        )}
      </div>
    </fieldset>
  )
}
