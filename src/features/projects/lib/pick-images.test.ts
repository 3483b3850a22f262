import { describe, expect, test, vi } from 'vitest'
import { checkGalleryImage, checkThumbnailImage } from './image-checks'
import { pickImages } from './pick-images'
import type { PreparedImage } from './prepare-image'

const MB = 1024 * 1024
const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type })
const shrinkTo = (bytes: number) =>
  vi.fn(async (f: File): Promise<PreparedImage> => ({
    file: file(f.name.replace(/\.\w+$/, '.webp'), 'image/webp', bytes),
    originalBytes: f.size,
    width: 2560,
    height: 1920,
    card: file('card.webp', 'image/webp', 10),
  }))

describe('picking images', () => {
  test('accepts an 8 MB photo that shrinks under 5 MB, and keeps both sizes', async () => {
    const { accepted, problems } = await pickImages(
      [file('phone.jpg', 'image/jpeg', 8 * MB)],
      checkGalleryImage,
      shrinkTo(900_000),
    )
    expect(problems).toEqual([])
    expect(accepted[0]).toMatchObject({
      kind: 'new',
      originalBytes: 8 * MB,
      width: 2560,
      height: 1920,
      alt: '',
    })
    expect(accepted[0]!.file.size).toBe(900_000)
    expect(accepted[0]!.card?.name).toBe('card.webp')
  })

  test('refuses a photo still over 5 MB once made lighter, with the spec message', async () => {
    const { accepted, problems } = await pickImages(
      [file('huge.png', 'image/png', 9 * MB)],
      checkGalleryImage,
      shrinkTo(6 * MB),
    )
    expect(accepted).toEqual([])
    expect(problems).toEqual(['huge.png exceeds the 5MB size limit.'])
  })

  test('refuses another type before decoding it', async () => {
    const prepare = shrinkTo(10)
    const { problems } = await pickImages(
      [file('notes.pdf', 'application/pdf', 10)],
      checkThumbnailImage,
      prepare,
    )
    expect(problems).toEqual(['Please select a valid image file (JPEG, PNG, GIF, or WEBP)'])
    expect(prepare).not.toHaveBeenCalled()
  })

  test('does not even decode a file over 50 MB', async () => {
    const prepare = shrinkTo(10)
    const { problems } = await pickImages(
      [file('raw.png', 'image/png', 51 * MB)],
      checkThumbnailImage,
      prepare,
    )
    expect(problems).toEqual(['Image size should be less than 5MB'])
    expect(prepare).not.toHaveBeenCalled()
  })
})
