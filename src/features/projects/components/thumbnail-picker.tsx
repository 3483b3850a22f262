import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { checkThumbnailImage, IMAGE_ACCEPT } from '../lib/image-checks'
import { pickImages } from '../lib/pick-images'
import type { ImageItem } from '../lib/project-images'
import { ImagePreview } from './image-preview'
import { ImageWeight } from './image-weight'

interface ThumbnailPickerProps {
  value: ImageItem | null
  onChange: (value: ImageItem | null) => void
  disabled?: boolean
  /** For the alternative text's default, "<name> screenshot". */
  projectName: string
}

/** One thumbnail: pick (made lighter, docs/PRODUCT.md §15), preview, replace or remove (docs/PRODUCT.md §2). */
export function ThumbnailPicker({ value, onChange, disabled, projectName }: ThumbnailPickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string>()
  const [preparing, setPreparing] = useState(false)

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    setPreparing(true)
    const { accepted, problems } = await pickImages([file], checkThumbnailImage)
    setPreparing(false)
    setError(problems[0])
    if (accepted[0]) onChange(accepted[0])
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
      {value ? (
        <div className="grid max-w-md gap-1">
          <Label htmlFor={`${id}-alt`} className="text-xs">
            Alternative text for the thumbnail
          </Label>
          <Input
            id={`${id}-alt`}
            value={value.alt}
            maxLength={300}
            disabled={disabled}
            placeholder={`${projectName.trim() || 'Project'} screenshot`}
            onChange={(event) => onChange({ ...value, alt: event.target.value })}
          />
          <ImageWeight item={value} />
        </div>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled || preparing}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [value ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => void pick(event.target.files?.[0])}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
      />
      <p role="status" className="text-xs text-muted-foreground">
        {preparing ? 'Making the image lighter...' : ''}
      </p>
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
