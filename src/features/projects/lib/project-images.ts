// A project image is either already stored (a URL, kept) or new (a picked file,
// uploaded on save) - docs/PRODUCT.md §4. Either carries what docs/PRODUCT.md §15
// adds: the alternative text the owner typed ('' for the default), the size,
// and the card copy (a file to upload, or the stored copy's URL).
import type { ImageDetailInput } from '@shared/contract/schemas.ts'
import type { ImageDetails } from '@shared/contract/types.ts'
import type { PreparedImage } from './prepare-image'

interface ImageMeta {
  key: string
  alt: string
  width: number | null
  height: number | null
}
export type ExistingImage = ImageMeta & { kind: 'existing'; url: string; cardUrl: string | null }
export type NewImage = ImageMeta & {
  kind: 'new'
  file: File
  card: File | null
  /** The picked file's size, before it was made lighter. */
  originalBytes: number
}
export type ImageItem = ExistingImage | NewImage

let counter = 0
const nextKey = () => `image-${++counter}`

export const existingImage = (url: string, details?: ImageDetails): ExistingImage => ({
  key: nextKey(),
  kind: 'existing',
  url,
  alt: details?.alt ?? '',
  width: details?.width ?? null,
  height: details?.height ?? null,
  cardUrl: details?.cardUrl ?? null,
})

export const newImage = (file: File, prepared?: PreparedImage): NewImage => ({
  key: nextKey(),
  kind: 'new',
  file: prepared?.file ?? file,
  card: prepared?.card ?? null,
  originalBytes: prepared?.originalBytes ?? file.size,
  alt: '',
  width: prepared?.width ?? null,
  height: prepared?.height ?? null,
})

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
  /** A file went up: the caller turns the item into this existing one, so a retry never uploads it twice. */
  onUploaded: (key: string, stored: ExistingImage) => void
}

const detailOf = (item: ExistingImage): ImageDetailInput => ({
  url: item.url,
  alt: item.alt,
  width: item.width,
  height: item.height,
  cardUrl: item.cardUrl,
})

/**
 * Uploads the new thumbnail and new gallery images one after the other (each
 * with its card copy) and returns the URLs and details to save. Throws
 * UploadFailure with the spec's message ('Failed to upload thumbnail image' /
 * 'Failed to upload {file}').
 */
export async function uploadPendingImages(
  thumbnail: ImageItem | null,
  images: ImageItem[],
  upload: Upload,
  callbacks: UploadCallbacks,
): Promise<{ thumbnail: string | null; images: string[]; imageDetails: ImageDetailInput[] }> {
  const imageDetails: ImageDetailInput[] = []
  const send = async (item: ImageItem, failure: string) => {
    if (item.kind === 'existing') {
      imageDetails.push(detailOf(item))
      return item.url
    }
    try {
      const { url } = await upload(item.file, (fraction) =>
        callbacks.onProgress(item.key, fraction),
      )
      const cardUrl = item.card ? (await upload(item.card)).url : null
      const { file: _file, card: _card, originalBytes: _bytes, ...meta } = item
      const stored: ExistingImage = { ...meta, kind: 'existing', url, cardUrl }
      callbacks.onUploaded(item.key, stored)
      imageDetails.push(detailOf(stored))
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
  return { thumbnail: thumbnailUrl, images: urls, imageDetails }
}

export const hasPendingUploads = (thumbnail: ImageItem | null, images: ImageItem[]) =>
  thumbnail?.kind === 'new' || images.some((item) => item.kind === 'new')
