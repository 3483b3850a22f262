// The canvas half of making images light (image-plan.ts decides, this draws).
// Kept thin on purpose: jsdom has no canvas, so the e2e journey in real
// Chromium is what proves it (tests/e2e/project-images.spec.ts). Where the
// browser cannot decode or encode, the picked file goes up as it was.
import { isAnimatedGif, pickSmaller, planImage, renamed, type Size } from './image-plan'

export interface PreparedImage {
  /** What to upload: the original or its lighter copy. */
  file: File
  /** The picked file's size, for the form's "before". */
  originalBytes: number
  /** Pixels of `file`; null when the browser could not decode it. */
  width: number | null
  height: number | null
  /** The card copy (about 640 px wide), or null. */
  card: File | null
}

const WEBP_QUALITY = 0.82
const CARD_QUALITY = 0.78

async function encode(bitmap: ImageBitmap, size: Size, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) return null
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, size.width, size.height)
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/webp', quality),
  )
  // A browser that cannot write WebP answers PNG instead: not what was asked for.
  return blob?.type === 'image/webp' ? blob : null
}

export async function prepareImage(file: File): Promise<PreparedImage> {
  const unchanged: PreparedImage = {
    file,
    originalBytes: file.size,
    width: null,
    height: null,
    card: null,
  }
  if (typeof createImageBitmap !== 'function') return unchanged
  let bitmap: ImageBitmap
  try {
    // EXIF orientation is applied, so a phone photo stays upright once re-encoded.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return unchanged
  }
  try {
    const animated =
      file.type === 'image/gif' && isAnimatedGif(new Uint8Array(await file.arrayBuffer()))
    const size = { width: bitmap.width, height: bitmap.height }
    const plan = planImage({ type: file.type, bytes: file.size, animated, ...size })
    const target = plan.resize ?? size
    const encoded = plan.encodeWebp ? await encode(bitmap, target, WEBP_QUALITY) : null
    const choice = pickSmaller(
      { bytes: file.size },
      encoded && { bytes: encoded.size },
      plan.resize !== null,
    )
    const main =
      choice === 'encoded' && encoded
        ? new File([encoded], renamed(file.name, 'image/webp'), { type: 'image/webp' })
        : file
    const mainSize = main === file ? size : target
    const cardBlob = plan.card ? await encode(bitmap, plan.card, CARD_QUALITY) : null
    const card =
      cardBlob && cardBlob.size < main.size
        ? new File([cardBlob], renamed(`card-${file.name}`, 'image/webp'), { type: 'image/webp' })
        : null
    return { file: main, originalBytes: file.size, ...mainSize, card }
  } finally {
    bitmap.close()
  }
}
