import { useId, useState } from 'react'
import { IMAGE_MIME_TYPES } from '@shared/contract/messages.ts'
import { imageProblem } from '@/components/markdown-image-uploads'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { serverMessage } from '@/lib/api-client'
import { uploadImage } from '@/lib/upload-image'

interface CoverImageFieldProps {
  value: string
  onChange: (value: string) => void
  /** The schema's message for a URL it refuses. */
  error?: string
  disabled?: boolean
}

/**
 * A post's cover (docs/PRODUCT.md §26): a stored image, uploaded at once through
 * the signed upload (lib/upload-image.ts), or a web URL. An image uploaded and
 * then not kept is removed by the hourly sweep (decision 020).
 */
export function CoverImageField({ value, onChange, error, disabled }: CoverImageFieldProps) {
  const id = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string>()

  async function upload(file: File | undefined) {
    if (!file) return
    setProblem(undefined)
    const refused = imageProblem(file)
    if (refused) return setProblem(refused)
    setProgress(0)
    try {
      const { url } = await uploadImage(file, setProgress)
      onChange(url)
    } catch (failure) {
      setProblem(`${file.name}: ${serverMessage(failure, 'Failed to upload images')}`)
    } finally {
      setProgress(null)
    }
  }

  const described = [error ? `${id}-error` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Cover image</legend>
      {value ? (
        <img
          src={value}
          alt="Cover image preview"
          className="h-32 w-56 rounded-md border object-cover"
        />
      ) : null}
      <Label htmlFor={`${id}-url`} className="text-xs">
        Cover image URL
      </Label>
      <Input
        id={`${id}-url`}
        type="url"
        placeholder="https://"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={`${id}-file`} className="text-xs">
          Upload a cover image
        </Label>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          disabled={progress !== null}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            void upload(file)
          }}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
        />
        {value ? (
          <Button variant="outline" size="sm" onClick={() => onChange('')}>
            Remove cover image
          </Button>
        ) : null}
      </div>
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} label="Uploading the cover image" />
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
