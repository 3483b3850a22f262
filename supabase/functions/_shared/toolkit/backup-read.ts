// Reading a backup archive before anything is written (docs/PRODUCT.md §14):
// the zip itself, its size once unpacked, content.json through the schemas of
// backup-format.ts, every image by its first bytes and its size, and every
// link between them. Any problem is a 400 naming it; nothing has changed yet.
// The zip is unpacked by what it really holds, never by the sizes its
// directory states, and without holding the event loop (unzip-capped.ts).
import { strFromU8 } from 'fflate'
import { badRequest, HttpError } from '../errors.ts'
import { detectImageType, type DetectedImage } from '../images/detect-image-type.ts'
import { MAX_IMAGE_BYTES } from '../messages.ts'
import { fieldErrors } from '../validate.ts'
import {
  backupSchema,
  MAX_BACKUP_BYTES,
  MAX_CONTENT_JSON_BYTES,
  MAX_UNPACKED_BYTES,
  type Backup,
} from './backup-format.ts'
import {
  NotAZipError,
  UnpackedTooLargeError,
  unzipCapped,
  type CappedUnzipOptions,
} from './unzip-capped.ts'

export interface ArchiveImage {
  /** The URL the content uses for it in the archive. */
  url: string
  bytes: Uint8Array
  type: DetectedImage
}

export interface ReadArchive {
  backup: Backup
  images: ArchiveImage[]
}

const invalid = (message: string, errors?: Record<string, string>) =>
  badRequest(`This backup cannot be restored: ${message}`, errors)

export const tooLargeBackup = () =>
  new HttpError(413, `A backup may be at most ${MAX_BACKUP_BYTES / 1024 / 1024} MB`)

/** What a backup may hold once unpacked: content.json and images/, each within its own limit. */
export const unpackLimits = {
  keep: (name: string) => name === 'content.json' || name.startsWith('images/'),
  entryLimit: (name: string) =>
    name === 'content.json' ? MAX_CONTENT_JSON_BYTES : MAX_IMAGE_BYTES,
  totalLimit: MAX_UNPACKED_BYTES,
}

async function unzip(
  archive: Uint8Array,
  options: ReadArchiveOptions,
): Promise<Record<string, Uint8Array>> {
  if (archive.length > MAX_BACKUP_BYTES) throw tooLargeBackup()
  try {
    return await unzipCapped(archive, { ...unpackLimits, ...options })
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

function parseContent(files: Record<string, Uint8Array>): Backup {
  const json = files['content.json']
  if (!json) throw invalid('content.json is missing')
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

function readImages(backup: Backup, files: Record<string, Uint8Array>): ArchiveImage[] {
  const seen = new Set<string>()
  return backup.images.map((entry, i) => {
    if (seen.has(entry.url)) throw invalid(`images.${i}.url appears twice`)
    seen.add(entry.url)
    const bytes = files[entry.file]
    if (!bytes) throw invalid(`${entry.file} is listed but not in the archive`)
    if (bytes.length > MAX_IMAGE_BYTES) throw invalid(`${entry.file} is larger than 5 MB`)
    const type = detectImageType(bytes)
    if (!type) throw invalid(`${entry.file} is not a JPEG, PNG, GIF or WEBP image`)
    return { url: entry.url, bytes, type }
  })
}

/** For tests: see what the inflater produces, or how it pauses (unzip-capped.ts). */
export type ReadArchiveOptions = Pick<CappedUnzipOptions, 'onOutput' | 'pause'>

/** The whole archive, checked; throws 400 (or 413) with what is wrong. */
export async function readArchive(
  archive: Uint8Array,
  options: ReadArchiveOptions = {},
): Promise<ReadArchive> {
  const files = await unzip(archive, options)
  const backup = parseContent(files)
  checkLinks(backup)
  return { backup, images: readImages(backup, files) }
}
