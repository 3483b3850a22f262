import { X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { checkGalleryImage, IMAGE_ACCEPT } from '../lib/image-checks'
import { pickImages } from '../lib/pick-images'
import { imageLabel, type ImageItem } from '../lib/project-images'
import { ImagePreview } from './image-preview'
import { ImageWeight } from './image-weight'

interface ImagesPickerProps {
  value: ImageItem[]
  onChange: (update: (value: ImageItem[]) => ImageItem[]) => void
  disabled?: boolean
  /** For the alternative text's default, "<name> screenshot N". */
  projectName: string
}

/**
 * The project's gallery: existing URLs are kept, new files are made lighter
 * when picked and uploaded on save (docs/PRODUCT.md §4, docs/PRODUCT.md §15); each
 * image has its alternative text.
 */
export function ImagesPicker({ value, onChange, disabled, projectName }: ImagesPickerProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<string[]>([])
  const [preparing, setPreparing] = useState(false)

  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? [])
    if (input.current) input.current.value = ''
    if (!picked.length) return
    setPreparing(true)
    const { accepted, problems } = await pickImages(picked, checkGalleryImage)
    setPreparing(false)
    setErrors(problems)
    if (accepted.length) onChange((items) => [...items, ...accepted])
  }

  const remove = (key: string) => {
    onChange((items) => items.filter((item) => item.key !== key))
    input.current?.focus()
  }

  const setAlt = (key: string, alt: string) =>
    onChange((items) => items.map((item) => (item.key === key ? { ...item, alt } : item)))

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Project images</Label>
      {value.length ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Project images">
          {value.map((item, index) => (
            <li key={item.key} className="flex gap-3">
              <div className="relative shrink-0">
                <ImagePreview
                  item={item}
                  alt={`Project image ${index + 1}`}
                  className="size-24 rounded-md border object-cover"
                />
                <Button
                  variant="destructive"
                  size="icon"
                  className="absolute -top-2 -right-2 size-7 rounded-full"
                  disabled={disabled}
                  aria-label={`Remove image ${imageLabel(item)}`}
                  onClick={() => remove(item.key)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <Label htmlFor={`${id}-alt-${item.key}`} className="text-xs">
                  Alternative text for image {index + 1}
                </Label>
                <Input
                  id={`${id}-alt-${item.key}`}
                  value={item.alt}
                  maxLength={300}
                  disabled={disabled}
                  placeholder={`${projectName.trim() || 'Project'} screenshot ${index + 1}`}
                  onChange={(event) => setAlt(item.key, event.target.value)}
                />
                <ImageWeight item={item} />
              </div>
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
        disabled={disabled || preparing}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onChange={(event) => void add(event.target.files)}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
      />
      <p role="status" className="text-xs text-muted-foreground">
        {preparing ? 'Making images lighter...' : ''}
      </p>
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
