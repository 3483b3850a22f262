// Reading a backup archive before anything is written (docs/PRODUCT.md §14):
// the zip itself, its size once unpacked, content.json through the schemas of
// backup-format.ts, every image by its first bytes and its size, and every
// link between them. Any problem is a 400 naming it.
// The zip is unpacked by what it really holds, never by the sizes its
// directory states, and without holding the event loop (unzip-capped.ts).
// Everything but the images' bytes is checked when the archive is opened;
// each image is then unpacked and checked as a restore reaches it, so only one
// is held at a time (docs/decisions/029-archives-through-storage.md).
import { strFromU8 } from 'fflate'
import { badRequest, HttpError } from '../http/errors.ts'
import { detectImageType, type DetectedImage } from '../images/detect-image-type.ts'
import { MAX_IMAGE_BYTES } from '../contract/messages.ts'
import { fieldErrors } from '../http/validate.ts'
import {
  backupSchema,
  MAX_BACKUP_BYTES,
  MAX_CONTENT_JSON_BYTES,
  MAX_UNPACKED_BYTES,
  type Backup,
} from './backup-format.ts'
import {
  bytesSource,
  CappedZip,
  NotAZipError,
  UnpackedTooLargeError,
  type CappedUnzipOptions,
  type ZipSource,
} from './unzip-capped.ts'

export interface ArchiveImage {
  /** The URL the content uses for it in the archive. */
  url: string
  bytes: Uint8Array
  type: DetectedImage
}

/** A checked archive. Its images may be read lazily, each when iterated; a bad one throws then. */
export interface ReadArchive {
  backup: Backup
  images: Iterable<ArchiveImage> | AsyncIterable<ArchiveImage>
}

const invalid = (message: string, errors?: Record<string, string>) =>
  badRequest(`This backup cannot be restored: ${message}`, errors)

export const tooLargeBackup = () =>
  new HttpError(413, `A backup may be at most ${MAX_BACKUP_BYTES / 1024 / 1024} MB`)

/** What a backup may hold once unpacked: content.json and images/, each within its own limit. */
const unpackLimits = {
  entryLimit: (name: string) =>
    name === 'content.json' ? MAX_CONTENT_JSON_BYTES : MAX_IMAGE_BYTES,
  totalLimit: MAX_UNPACKED_BYTES,
}

/** Runs one step of reading the zip, its errors told as this archive's 400. */
async function unzipping<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof UnpackedTooLargeError) {
      if (error.entry === null)
        throw invalid(`it unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`)
      if (error.entry === 'content.json') throw invalid('content.json is too large')
      throw invalid(`${error.entry} is larger than 5 MB`)
    }
    if (error instanceof NotAZipError) throw invalid('the file is not a zip archive')
    throw error
  }
}

function parseContent(json: Uint8Array): Backup {
  if (json.length > MAX_CONTENT_JSON_BYTES) throw invalid('content.json is too large')
  let raw: unknown
  try {
    raw = JSON.parse(strFromU8(json))
  } catch {
    throw invalid('content.json is not JSON')
  }
  const parsed = backupSchema.safeParse(raw)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    const [field, message] = Object.entries(errors)[0] ?? ['_', 'invalid content']
    throw invalid(`${field}: ${message}`, errors)
  }
  return parsed.data
}

function checkLinks(backup: Backup): void {
  const technologyIds = new Set<number>()
  const names = new Set<string>()
  for (const [i, t] of backup.technologies.entries()) {
    if (technologyIds.has(t.id)) throw invalid(`technologies.${i}.id ${t.id} appears twice`)
    if (names.has(t.name.toLowerCase()))
      throw invalid(`technologies.${i}.name "${t.name}" appears twice`)
    technologyIds.add(t.id)
    names.add(t.name.toLowerCase())
  }
  for (const [i, p] of backup.projects.entries())
    for (const id of p.technologiesIds)
      if (!technologyIds.has(id))
        throw invalid(
          `projects.${i}.technologiesIds names technology ${id}, which is not in the backup`,
        )
  const configNames = new Set<string>()
  for (const [i, g] of backup.configurations.entries()) {
    if (configNames.has(g.name.toLowerCase()))
      throw invalid(`configurations.${i}.name "${g.name}" appears twice`)
    configNames.add(g.name.toLowerCase())
  }
}

/** The listed images, each found in the zip's directory, before any is read. */
function listImages(backup: Backup, zip: CappedZip): Backup['images'] {
  const seen = new Set<string>()
  for (const [i, entry] of backup.images.entries()) {
    if (seen.has(entry.url)) throw invalid(`images.${i}.url appears twice`)
    seen.add(entry.url)
    if (!zip.has(entry.file)) throw invalid(`${entry.file} is listed but not in the archive`)
  }
  return backup.images
}

/** Each listed image, unpacked and checked when the caller asks for the next. */
async function* readImages(zip: CappedZip, listed: Backup['images']): AsyncGenerator<ArchiveImage> {
  for (const entry of listed) {
    const bytes = await unzipping(() => zip.unpack(entry.file))
    const type = detectImageType(bytes)
    if (!type) throw invalid(`${entry.file} is not a JPEG, PNG, GIF or WEBP image`)
    yield { url: entry.url, bytes, type }
  }
}

/** For tests: see what the inflater produces, or how it pauses (unzip-capped.ts). */
export type ReadArchiveOptions = Pick<CappedUnzipOptions, 'onOutput' | 'pause'>

/**
 * Opens the archive in `source` and checks all but its images' bytes: its
 * size (413), the zip's directory, content.json, the links within it, and that
 * every listed image is there. The images are read as they are iterated.
 */
export async function openArchive(
  source: ZipSource,
  options: ReadArchiveOptions = {},
): Promise<ReadArchive> {
  if (source.size > MAX_BACKUP_BYTES) throw tooLargeBackup()
  const zip = await unzipping(() => CappedZip.open(source, { ...unpackLimits, ...options }))
  if (!zip.has('content.json')) throw invalid('content.json is missing')
  const backup = parseContent(await unzipping(() => zip.unpack('content.json')))
  checkLinks(backup)
  return { backup, images: readImages(zip, listImages(backup, zip)) }
}

/** The whole archive in memory, images included, checked; throws 400 (or 413) with what is wrong. */
export async function readArchive(
  archive: Uint8Array,
  options: ReadArchiveOptions = {},
): Promise<{ backup: Backup; images: ArchiveImage[] }> {
  const { backup, images } = await openArchive(bytesSource(archive), options)
  const read: ArchiveImage[] = []
  for await (const image of images) read.push(image)
  return { backup, images: read }
}
