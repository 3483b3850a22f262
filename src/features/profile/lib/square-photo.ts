// The profile photo made light in the browser (docs/decisions/016, the same
// way as project images): cropped to its centre square and drawn at most
// PHOTO_EDGE pixels wide as WebP. jsdom has no canvas, so the e2e journey in
// Chromium proves it; where the browser cannot decode or encode, the picked
// file goes up as it was.

/** Twice the largest size the page shows it at (128 px). */
export const PHOTO_EDGE = 512

/** The centre square of a `width` x `height` picture, and the size to draw it at. */
export function squareCrop(width: number, height: number) {
  const side = Math.min(width, height)
  return {
    x: Math.floor((width - side) / 2),
    y: Math.floor((height - side) / 2),
    side,
    edge: Math.min(side, PHOTO_EDGE),
  }
}

export async function squarePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || file.type === 'image/gif') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return file
  }
  try {
    const crop = squareCrop(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = crop.edge
    const context = canvas.getContext('2d')
    if (!context) return file
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, crop.x, crop.y, crop.side, crop.side, 0, 0, crop.edge, crop.edge)
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/webp', 0.85),
    )
    if (blob?.type !== 'image/webp') return file
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.webp`, { type: 'image/webp' })
  } finally {
    bitmap.close()
  }
}
