import { describe, expect, test } from 'vitest'
import {
  fitWithin,
  formatBytes,
  isAnimatedGif,
  pickSmaller,
  planImage,
  renamed,
  type ImageFacts,
} from './image-plan'

const facts = (over: Partial<ImageFacts>): ImageFacts => ({
  type: 'image/png',
  bytes: 1_000_000,
  width: 1600,
  height: 1000,
  animated: false,
  ...over,
})

describe('planImage', () => {
  test('scales a 3200 x 2400 PNG to 2560 x 1920, as WebP, with a 640 px card copy', () => {
    expect(planImage(facts({ width: 3200, height: 2400 }))).toEqual({
      resize: { width: 2560, height: 1920 },
      encodeWebp: true,
      card: { width: 640, height: 480 },
    })
  })

  test('measures the long side, portrait photos included', () => {
    expect(planImage(facts({ type: 'image/jpeg', width: 3024, height: 4032 })).resize).toEqual({
      width: 1920,
      height: 2560,
    })
  })

  test('keeps the pixels of an image at most 2560 px on its long side, and still tries WebP', () => {
    const plan = planImage(facts({ width: 2560, height: 1440 }))
    expect(plan.resize).toBeNull()
    expect(plan.encodeWebp).toBe(true)
  })

  test('leaves a WebP that needs no resizing as it is, but still makes its card copy', () => {
    expect(planImage(facts({ type: 'image/webp', width: 1920, height: 1080 }))).toEqual({
      resize: null,
      encodeWebp: false,
      card: { width: 640, height: 360 },
    })
  })

  test('re-encodes a WebP that is too large', () => {
    expect(planImage(facts({ type: 'image/webp', width: 5000, height: 1000 })).encodeWebp).toBe(
      true,
    )
  })

  test('makes no card copy for an image already near the card size', () => {
    expect(planImage(facts({ width: 800, height: 600 })).card).toBeNull()
    expect(planImage(facts({ width: 801, height: 600 })).card).toEqual({ width: 640, height: 479 })
  })

  test('leaves an animated GIF untouched, however large', () => {
    expect(
      planImage(facts({ type: 'image/gif', animated: true, width: 4000, height: 3000 })),
    ).toEqual({ resize: null, encodeWebp: false, card: null })
  })

  test('treats a still GIF like any other picture', () => {
    expect(planImage(facts({ type: 'image/gif', width: 3000, height: 100 })).resize).toEqual({
      width: 2560,
      height: 85,
    })
  })
})

describe('pickSmaller', () => {
  test('keeps the original when the WebP copy is not smaller', () => {
    expect(pickSmaller({ bytes: 100 }, { bytes: 100 }, false)).toBe('original')
    expect(pickSmaller({ bytes: 100 }, { bytes: 140 }, false)).toBe('original')
  })
  test('takes the WebP copy when it is smaller', () => {
    expect(pickSmaller({ bytes: 100 }, { bytes: 99 }, false)).toBe('encoded')
  })
  test('takes the resized copy whatever its size: the original has too many pixels', () => {
    expect(pickSmaller({ bytes: 100 }, { bytes: 500 }, true)).toBe('encoded')
  })
  test('keeps the original when nothing could be encoded', () => {
    expect(pickSmaller({ bytes: 100 }, null, true)).toBe('original')
  })
})

describe('fitWithin', () => {
  test('never scales up and never reaches zero', () => {
    expect(fitWithin({ width: 10, height: 20 }, 2560)).toEqual({ width: 10, height: 20 })
    expect(fitWithin({ width: 100000, height: 1 }, 2560)).toEqual({ width: 2560, height: 1 })
  })
})

describe('isAnimatedGif', () => {
  const gif = (...blocks: number[][]) =>
    Uint8Array.from([...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], ...blocks.flat(), 0x3b])
  const control = [0x21, 0xf9, 0x04, 0, 10, 0, 0, 0]
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
  const loop = [0x21, 0xff, 0x0b, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0]

  test('one frame is a still image', () => {
    expect(isAnimatedGif(gif(control, frame))).toBe(false)
    expect(isAnimatedGif(gif(frame))).toBe(false)
  })
  test('two frames, or a loop block, mean animation', () => {
    expect(isAnimatedGif(gif(control, frame, control, frame))).toBe(true)
    expect(isAnimatedGif(gif(loop, frame))).toBe(true)
  })
})

describe('formatBytes and renamed', () => {
  test('sizes read as people say them', () => {
    expect(formatBytes(8_600_000)).toBe('8.2 MB')
    expect(formatBytes(421_000)).toBe('411 kB')
    expect(formatBytes(900)).toBe('900 B')
  })
  test('the uploaded name says what is sent', () => {
    expect(renamed('Screen Shot.PNG', 'image/webp')).toBe('Screen Shot.webp')
    expect(renamed('photo', 'image/webp')).toBe('photo.webp')
    expect(renamed('anim.gif', 'image/gif')).toBe('anim.gif')
  })
})
