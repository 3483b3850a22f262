// A project image is either already stored (a URL, kept) or new (a picked file,
// uploaded on save) - spec section 4.
export type ImageItem =
  { key: string; kind: 'existing'; url: string } | { key: string; kind: 'new'; file: File }

let counter = 0
const nextKey = () => `image-${++counter}`

export const existingImage = (url: string): ImageItem => ({ key: nextKey(), kind: 'existing', url })
export const newImage = (file: File): ImageItem => ({ key: nextKey(), kind: 'new', file })

/** A readable name for buttons and progress bars. */
export function imageLabel(item: ImageItem): string {
  if (item.kind === 'new') return item.file.name
  const last = item.url.split('/').pop()
  return last ? decodeURIComponent(last) : item.url
}

export class UploadFailure extends Error {}

type Upload = (file: File, onProgress?: (fraction: number) => void) => Promise<{ url: string }>

interface UploadCallbacks {
  onProgress: (key: string, fraction: number) => void
  /** A file went up: the caller turns the item into an existing one, so a retry never uploads it twice. */
  onUploaded: (key: string, url: string) => void
}

/**
 * Uploads the new thumbnail and new gallery images one after the other and
 * returns the URLs to save. Throws UploadFailure with the spec's message
 * ('Failed to upload thumbnail image' / 'Failed to upload {file}').
 */
export async function uploadPendingImages(
  thumbnail: ImageItem | null,
  images: ImageItem[],
  upload: Upload,
  callbacks: UploadCallbacks,
): Promise<{ thumbnail: string | null; images: string[] }> {
  const send = async (item: ImageItem, failure: string) => {
    if (item.kind === 'existing') return item.url
    try {
      const { url } = await upload(item.file, (fraction) =>
        callbacks.onProgress(item.key, fraction),
      )
      callbacks.onUploaded(item.key, url)
      return url
    } catch (error) {
      console.error(failure, error)
      throw new UploadFailure(failure)
    }
  }
  const thumbnailUrl = thumbnail ? await send(thumbnail, 'Failed to upload thumbnail image') : null
  const urls: string[] = []
  for (const item of images) {
    urls.push(await send(item, item.kind === 'new' ? `Failed to upload ${item.file.name}` : ''))
  }
  return { thumbnail: thumbnailUrl, images: urls }
}

export const hasPendingUploads = (thumbnail: ImageItem | null, images: ImageItem[]) =>
  thumbnail?.kind === 'new' || images.some((item) => item.kind === 'new')
