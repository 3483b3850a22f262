import { useId, useState } from 'react'
import { IMAGE_MIME_TYPES } from '@shared/contract/messages.ts'
import { imageProblem } from '@/components/markdown-image-uploads'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { serverMessage } from '@/lib/api-client'
import { uploadImage } from '@/lib/upload-image'
import { squarePhoto } from '../lib/square-photo'

interface PhotoFieldProps {
  value: string
  onChange: (value: string) => void
  error?: string
  disabled?: boolean
}

/**
 * The profile photo: a picture uploaded at once through the signed upload
 * (lib/upload-image.ts), cropped square and made light first. Only an upload
 * can be the photo (the API refuses other addresses); one uploaded and then
 * not kept is removed by the hourly sweep (decision 020).
 */
export function PhotoField({ value, onChange, error, disabled }: PhotoFieldProps) {
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
      const { url } = await uploadImage(await squarePhoto(file), setProgress)
      onChange(url)
    } catch (failure) {
      setProblem(`${file.name}: ${serverMessage(failure, 'Failed to upload images')}`)
    } finally {
      setProgress(null)
    }
  }

  const message = error ?? problem
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Photo</legend>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img src={value} alt="Your photo" className="size-24 rounded-full border object-cover" />
        ) : (
          <p className="text-sm text-muted-foreground">No photo yet</p>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>Upload a photo (cropped square)</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            disabled={progress !== null}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              void upload(file)
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        {value ? (
          <Button variant="outline" size="sm" onClick={() => onChange('')}>
            Remove photo
          </Button>
        ) : null}
      </div>
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} label="Uploading the photo" />
      ) : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </fieldset>
  )
}
