import { afterEach, describe, expect, test, vi } from 'vitest'
import { existingImage, hasPendingUploads, newImage, uploadPendingImages } from './project-images'

const png = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('uploading the new images of a project', () => {
  test('uploads only new files, in order, and keeps existing URLs', async () => {
    const thumb = newImage(png('thumb.png'))
    const kept = existingImage('/uploads/old.png')
    const added = newImage(png('new.png'))
    const upload = vi.fn(async (file: File, onProgress?: (f: number) => void) => {
      onProgress?.(0.5)
      return { url: `/uploads/${file.name}` }
    })
    const onProgress = vi.fn()
    const onUploaded = vi.fn()

    const result = await uploadPendingImages(thumb, [kept, added], upload, {
      onProgress,
      onUploaded,
    })

    expect(result).toMatchObject({
      thumbnail: '/uploads/thumb.png',
      images: ['/uploads/old.png', '/uploads/new.png'],
    })
    expect(upload.mock.calls.map(([file]) => file.name)).toEqual(['thumb.png', 'new.png'])
    expect(onProgress).toHaveBeenCalledWith(thumb.key, 0.5)
    expect(onUploaded.mock.calls.map(([key, stored]) => [key, stored.url])).toEqual([
      [thumb.key, '/uploads/thumb.png'],
      [added.key, '/uploads/new.png'],
    ])
  })

  test("reports a failed thumbnail as 'Failed to upload thumbnail image'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const upload = vi.fn().mockRejectedValue(new Error('boom'))
    await expect(
      uploadPendingImages(newImage(png('t.png')), [], upload, {
        onProgress: vi.fn(),
        onUploaded: vi.fn(),
      }),
    ).rejects.toThrow('Failed to upload thumbnail image')
  })

  test("names the gallery file that failed: 'Failed to upload {file}'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const upload = vi.fn(async (file: File) => {
      if (file.name === 'b.png') throw new Error('boom')
      return { url: `/uploads/${file.name}` }
    })
    const onUploaded = vi.fn()
    await expect(
      uploadPendingImages(null, [newImage(png('a.png')), newImage(png('b.png'))], upload, {
        onProgress: vi.fn(),
        onUploaded,
      }),
    ).rejects.toThrow('Failed to upload b.png')
    // a.png went up and is reported, so a retry does not send it again.
    expect(onUploaded).toHaveBeenCalledTimes(1)
  })

  test('uploads each card copy after its image and saves every image with its details', async () => {
    const shot = {
      ...newImage(png('shot.png')),
      card: png('card.webp'),
      alt: 'The map view',
      width: 2560,
      height: 1920,
    }
    const kept = existingImage('/uploads/old.png', {
      url: '/uploads/old.png',
      alt: 'Old',
      width: 10,
      height: 5,
      cardUrl: null,
    })
    const upload = vi.fn(async (file: File) => ({ url: `/uploads/${file.name}` }))
    const result = await uploadPendingImages(null, [kept, shot], upload, {
      onProgress: vi.fn(),
      onUploaded: vi.fn(),
    })
    expect(upload.mock.calls.map(([file]) => file.name)).toEqual(['shot.png', 'card.webp'])
    expect(result.imageDetails).toEqual([
      { url: '/uploads/old.png', alt: 'Old', width: 10, height: 5, cardUrl: null },
      {
        url: '/uploads/shot.png',
        alt: 'The map view',
        width: 2560,
        height: 1920,
        cardUrl: '/uploads/card.webp',
      },
    ])
  })

  test('knows when anything is waiting to be uploaded', () => {
    expect(hasPendingUploads(null, [existingImage('/a.png')])).toBe(false)
    expect(hasPendingUploads(newImage(png('t.png')), [])).toBe(true)
    expect(hasPendingUploads(null, [newImage(png('a.png'))])).toBe(true)
  })
})
