import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { checkThumbnailImage, IMAGE_ACCEPT } from '../lib/image-checks'
import { newImage, type ImageItem } from '../lib/project-images'
import { ImagePreview } from './image-preview'

interface ThumbnailPickerProps {
  value: ImageItem | null
  onChange: (value: ImageItem | null) => void
  disabled?: boolean
}

/** One thumbnail: pick, preview, replace or remove (spec section 2). */
export function ThumbnailPicker({ value, onChange, disabled }: ThumbnailPickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string>()

  const pick = (file: File | undefined) => {
    if (!file) return
    const problem = checkThumbnailImage(file)
    setError(problem ?? undefined)
    if (!problem) onChange(newImage(file))
    if (input.current) input.current.value = ''
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Thumbnail</Label>
      {value ? (
        <div className="flex items-end gap-3">
          <ImagePreview
            item={value}
            alt="Thumbnail preview"
            className="h-24 w-36 rounded-md border object-cover"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onChange(null)
              input.current?.focus()
            }}
          >
            Remove thumbnail
          </Button>
        </div>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [value ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => pick(event.target.files?.[0])}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
      />
      {value ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Choose another image to replace it.
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
