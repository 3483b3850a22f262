// What to do with an image the owner picked, before it is uploaded
// (docs/PRODUCT.md §15, docs/decisions/016-images-made-light-in-the-browser.md).
// Only decisions live here, so they can be tested without a canvas; the
// canvas work is in prepare-image.ts and follows the plan.

/** The longest side a stored image may have; larger ones are scaled down. */
export const MAX_EDGE = 2560
/** The width of the copy the public cards show (they are at most about 370 px wide, at 2x). */
export const CARD_WIDTH = 640
/** No card copy for images already close to the card's size: the copy would save little. */
export const CARD_THRESHOLD = 800
/** Files larger than this are not even decoded: no screenshot needs it, and it would stall the tab. */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024

export interface Size {
  width: number
  height: number
}

export interface ImageFacts extends Size {
  type: string
  bytes: number
  /** An animated GIF: re-encoding would keep only its first frame. */
  animated: boolean
}

export interface ImagePlan {
  /** The size to draw the image at, or null to keep its pixels. */
  resize: Size | null
  /** Encode a WebP copy; it replaces the original only when smaller (or when resized). */
  encodeWebp: boolean
  /** The card copy's size, or null for none. */
  card: Size | null
}

/** `size` scaled down so its longer side is at most `maxEdge`, never up; whole pixels, at least 1. */
export function fitWithin(size: Size, maxEdge: number): Size {
  const longest = Math.max(size.width, size.height)
  if (longest <= maxEdge) return { width: size.width, height: size.height }
  const scale = maxEdge / longest
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  }
}

/** `size` at `width` pixels wide, keeping its proportions. */
export function atWidth(size: Size, width: number): Size {
  return { width, height: Math.max(1, Math.round((size.height * width) / size.width)) }
}

const UNTOUCHED: ImagePlan = { resize: null, encodeWebp: false, card: null }

export function planImage(facts: ImageFacts): ImagePlan {
  if (facts.animated || facts.width < 1 || facts.height < 1) return UNTOUCHED
  const fitted = fitWithin(facts, MAX_EDGE)
  const resized = fitted.width !== facts.width || fitted.height !== facts.height
  return {
    resize: resized ? fitted : null,
    // A WebP original is already as small as a browser would make it, unless it must shrink.
    encodeWebp: resized || facts.type !== 'image/webp',
    card: fitted.width > CARD_THRESHOLD ? atWidth(fitted, CARD_WIDTH) : null,
  }
}

/**
 * Which file to upload: the re-encoded one when the image had to be resized
 * (the original is too large in pixels) or when it is smaller; otherwise the
 * original, untouched.
 */
export function pickSmaller(
  original: { bytes: number },
  encoded: { bytes: number } | null,
  resized: boolean,
): 'original' | 'encoded' {
  if (!encoded) return 'original'
  if (resized) return 'encoded'
  return encoded.bytes < original.bytes ? 'encoded' : 'original'
}

/**
 * Whether a GIF has more than one frame. Each frame of a GIF starts with an
 * image descriptor (0x2C) after its optional graphic control extension
 * (0x21 0xF9 0x04); two of those extensions, or a looping (NETSCAPE2.0)
 * block, mean animation. Reading every block properly is not worth it here:
 * a wrong "animated" only leaves a GIF as it was.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  const text = 'NETSCAPE2.0'
  let controls = 0
  for (let i = 0; i < bytes.length - 2; i++) {
    if (bytes[i] === 0x21 && bytes[i + 1] === 0xf9 && bytes[i + 2] === 0x04 && ++controls > 1)
      return true
    if (bytes[i] === 0x4e && i + text.length <= bytes.length) {
      let match = true
      for (let j = 0; j < text.length && match; j++) match = bytes[i + j] === text.charCodeAt(j)
      if (match) return true
    }
  }
  return false
}

/** '3.2 MB', '412 kB', '900 B': sizes as the form shows them before and after. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`
  return `${bytes} B`
}

/** The uploaded name: the picked file's, with the extension of what is sent. */
export function renamed(name: string, type: string): string {
  const extension = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }[type]
  if (!extension) return name
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image'
  return `${base}.${extension}`
}
