// The type of an upload is decided by its first bytes, never by its name or the
// Content-Type the client declared (docs/ARCHITECTURE.md, "The contract's rules"; docs/PRODUCT.md §5).

export interface DetectedImage {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'
  extension: 'jpg' | 'png' | 'gif' | 'webp'
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

export function detectImageType(bytes: Uint8Array): DetectedImage | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { mime: 'image/gif', extension: 'gif' }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { mime: 'image/webp', extension: 'webp' }
  return null
}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}

/**
 * The Content-Type to serve a stored file with, from its extension (the server
 * chose it from the detected type), or null for anything we never store.
 */
export function contentTypeForFile(name: string): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase()
  return (extension && contentTypes[extension]) || null
}

/** Object names the API produces: a UUID and an extension. Anything else is not ours. */
export const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpg|png|gif|webp)$/
