// Client-side image checks before any upload (spec sections 5 and 9): JPEG,
// PNG, GIF or WEBP only, at most 5 MB. The gallery names the file in its
// message; the single thumbnail picker uses the single-upload wording.
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, messages } from '@shared/contract/messages.ts'

const isImageType = (file: File) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type)

// `bytes` is the size that would be uploaded: the picked file's, or that of
// its lighter copy (docs/PRODUCT.md §15), so a photo that shrinks under 5 MB passes.

/** The first problem with a gallery image, or null when it may be uploaded. */
export function checkGalleryImage(file: File, bytes = file.size): string | null {
  if (!isImageType(file)) return messages.imageTypeMulti(file.name)
  if (bytes > MAX_IMAGE_BYTES) return messages.imageSizeMulti(file.name)
  return null
}

/** The problem with a thumbnail image, or null when it may be uploaded. */
export function checkThumbnailImage(file: File, bytes = file.size): string | null {
  if (!isImageType(file)) return messages.imageTypeSingle
  if (bytes > MAX_IMAGE_BYTES) return messages.imageSizeSingle
  return null
}

/** The `accept` attribute for the file inputs. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',')
