import { useState } from 'react'
import type { ProjectPayload } from '@shared/contract/schemas.ts'
import { uploadImage } from '@/lib/upload-image'
import { useCreateContent, useUpdateContent } from '@/lib/queries/content-writes'
import {
  UploadFailure,
  uploadPendingImages,
  type ExistingImage,
  type ImageItem,
} from '../lib/project-images'

export type SavePhase = 'idle' | 'uploading' | 'saving'

export type SaveResult =
  | { ok: true }
  | {
      ok: false
      message: string
      /** What the server answered: for the form's fields (lib/server-field-errors.ts) and a 412. */
      error?: unknown
    }

interface SaveInput {
  values: ProjectPayload
  thumbnail: ImageItem | null
  images: ImageItem[]
  onUploaded: (key: string, stored: ExistingImage) => void
}

/**
 * Saving a project (spec sections 2 and 4): first the new images go up
 * ('Uploading Images...'), then the record is created or updated
 * ('Creating Project...' / 'Updating Project...').
 */
export function useSaveProject(projectId?: string, version?: string | null) {
  const create = useCreateContent('projects')
  const update = useUpdateContent('projects')
  const [phase, setPhase] = useState<SavePhase>('idle')
  const [progress, setProgress] = useState<Record<string, number>>({})
  const [uploading, setUploading] = useState<ImageItem[]>([])

  async function save({ values, thumbnail, images, onUploaded }: SaveInput): Promise<SaveResult> {
    const pending = [thumbnail, ...images].filter((item): item is ImageItem => item?.kind === 'new')
    let urls: Awaited<ReturnType<typeof uploadPendingImages>>
    try {
      if (pending.length) {
        setUploading(pending)
        setProgress({})
        setPhase('uploading')
      }
      urls = await uploadPendingImages(thumbnail, images, uploadImage, {
        onProgress: (key, fraction) => setProgress((current) => ({ ...current, [key]: fraction })),
        onUploaded,
      })
    } catch (error) {
      setPhase('idle')
      setUploading([])
      return {
        ok: false,
        message: error instanceof UploadFailure ? error.message : 'Failed to upload images',
      }
    }
    setUploading([])
    setPhase('saving')
    const payload: ProjectPayload = {
      ...values,
      thumbnail: urls.thumbnail,
      images: urls.images,
      imageDetails: urls.imageDetails,
    }
    try {
      if (projectId) await update.mutateAsync({ id: projectId, payload, version })
      else await create.mutateAsync(payload)
      return { ok: true }
    } catch (error) {
      setPhase('idle')
      return {
        ok: false,
        message: projectId
          ? 'Failed to update project. Please try again.'
          : 'Failed to create project. Please try again.',
        error,
      }
    }
  }

  return { save, phase, progress, uploading }
}
