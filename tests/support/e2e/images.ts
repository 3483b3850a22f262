// Real image files for the upload journeys, made in the test: a PNG encoded
// here (zlib + CRC, no dependency) and a JPEG drawn by the browser's canvas.
import { mkdtempSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { dataDir } from './env'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

type Rgb = [number, number, number]

/** A width x height RGB PNG with a diagonal gradient between two colours. */
export function pngGradient(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      for (let i = 0; i < 3; i++)
        raw[row + 1 + x * 3 + i] = Math.round(from[i]! + (to[i]! - from[i]!) * t)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG drawn on a canvas in the page (the page only lends its canvas). */
export async function jpegFromCanvas(
  page: Page,
  width: number,
  height: number,
  label: string,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height, label }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const ctx = canvas.getContext('2d')!
      const gradient = ctx.createLinearGradient(0, 0, width, height)
      gradient.addColorStop(0, '#7c3aed')
      gradient.addColorStop(1, '#ec4899')
      ctx.fillStyle = gradient
      ctx.fillRect(0, 0, width, height)
      ctx.fillStyle = '#ffffff'
      ctx.font = `bold ${Math.round(height / 6)}px sans-serif`
      ctx.fillText(label, width / 10, height / 2)
      return canvas.toDataURL('image/jpeg', 0.85)
    },
    { width, height, label },
  )
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** Writes the files into a new folder inside the run's data folder (removed after the run) and returns their paths, in order. */
export function writeTempFiles(files: Record<string, Buffer>): string[] {
  const dir = mkdtempSync(path.join(dataDir, 'images-'))
  return Object.entries(files).map(([name, bytes]) => {
    const file = path.join(dir, name)
    writeFileSync(file, bytes)
    return file
  })
}
