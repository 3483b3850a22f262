import { X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { checkGalleryImage, IMAGE_ACCEPT } from '../lib/image-checks'
import { imageLabel, newImage, type ImageItem } from '../lib/project-images'
import { ImagePreview } from './image-preview'

interface ImagesPickerProps {
  value: ImageItem[]
  onChange: (value: ImageItem[]) => void
  disabled?: boolean
}

/** The project's gallery: existing URLs are kept, new files are uploaded on save (spec section 4). */
export function ImagesPicker({ value, onChange, disabled }: ImagesPickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<string[]>([])

  const add = (files: FileList | null) => {
    const picked = Array.from(files ?? [])
    const problems = picked.map(checkGalleryImage)
    setErrors(problems.filter((p): p is string => p !== null))
    const accepted = picked.filter((_, index) => problems[index] === null).map(newImage)
    if (accepted.length) onChange([...value, ...accepted])
    if (input.current) input.current.value = ''
  }

  const remove = (key: string) => {
    onChange(value.filter((item) => item.key !== key))
    input.current?.focus()
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Project images</Label>
      {value.length ? (
        <ul className="flex flex-wrap gap-3" aria-label="Project images">
          {value.map((item, index) => (
            <li key={item.key} className="relative">
              <ImagePreview
                item={item}
                alt={`Project image ${index + 1}`}
                className="size-24 rounded-md border object-cover"
              />
              <Button
                variant="destructive"
                size="icon"
                className="absolute -right-2 -top-2 size-7 rounded-full"
                disabled={disabled}
                aria-label={`Remove image ${imageLabel(item)}`}
                onClick={() => remove(item.key)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onChange={(event) => add(event.target.files)}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
      />
      {errors.length ? (
        <div id={`${id}-error`} role="alert" className="grid gap-1 text-sm text-destructive">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  )
}
