import { describe, expect, test } from 'vitest'
import { checkGalleryImage, checkThumbnailImage } from './image-checks'

const MB = 1024 * 1024
const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type })

describe('gallery image checks (multi-upload wording)', () => {
  test('names the file when its type is not an image', () => {
    expect(checkGalleryImage(file('notes.pdf', 'application/pdf'))).toBe(
      'notes.pdf is not a valid image type. Please use JPEG, PNG, GIF, or WEBP.',
    )
    expect(checkGalleryImage(file('vector.svg', 'image/svg+xml'))).toBe(
      'vector.svg is not a valid image type. Please use JPEG, PNG, GIF, or WEBP.',
    )
  })

  test('names the file when it is over 5 MB and accepts exactly 5 MB', () => {
    expect(checkGalleryImage(file('huge.png', 'image/png', 5 * MB + 1))).toBe(
      'huge.png exceeds the 5MB size limit.',
    )
    expect(checkGalleryImage(file('max.png', 'image/png', 5 * MB))).toBeNull()
  })

  test.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s', (type) => {
    expect(checkGalleryImage(file('ok', type))).toBeNull()
  })
})

describe('thumbnail checks (single-upload wording)', () => {
  test('refuses other types and files over 5 MB', () => {
    expect(checkThumbnailImage(file('a.txt', 'text/plain'))).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
    )
    expect(checkThumbnailImage(file('a.png', 'image/png', 5 * MB + 1))).toBe(
      'Image size should be less than 5MB',
    )
    expect(checkThumbnailImage(file('a.webp', 'image/webp'))).toBeNull()
  })
})
