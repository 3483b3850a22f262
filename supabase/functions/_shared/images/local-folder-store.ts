// Images in a folder on disk (embedded and self-hosted stacks). The local server
// serves the folder at /uploads with nosniff and contentTypeForFile().
//
// A file appears under its name whole or not at all: it is written to a
// temporary name in the same folder (".<name>.<random>.tmp", which no served or
// listed name matches, STORED_NAME), flushed, then renamed, which is atomic
// within one file system. A failed write removes its temporary; one a crash
// left behind is removed by the sweep (docs/decisions/020-files-after-commit.md).
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  type FileHandle,
} from 'node:fs/promises'
import path from 'node:path'
import { HttpError } from '../http/errors.ts'
import {
  HEAD_BYTES,
  type ImageStore,
  type SignedUpload,
  type StoredImage,
  type StoredObject,
} from './image-store.ts'
import { STORED_NAME } from './detect-image-type.ts'
import {
  checkUploadToken,
  SIGNED_UPLOAD_PREFIX,
  signUploadToken,
  uploadSigningKey,
  type UploadTokenCheck,
} from './upload-token.ts'

export { contentTypeForFile } from './detect-image-type.ts'

/** The temporary a save writes before it renames: never a name that is served or listed. */
const TEMPORARY = /^\.[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpg|png|gif|webp)\.[A-Za-z0-9-]+\.tmp$/

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code

/** What `work` answers, or `absent` when the file or folder it reads is not there (ENOENT). */
export async function unlessMissing<T>(work: () => Promise<T>, absent: T): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return absent
    throw error
  }
}

/**
 * Makes a rename in `dir` survive a power cut. Best effort: some systems
 * (Windows) cannot open a folder to flush it, and the file itself is flushed.
 */
async function flushFolder(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // Nothing more to do: see above.
  } finally {
    await handle?.close().catch(() => {})
  }
}

/**
 * Writes `bytes` to `dir`/`name` whole or not at all: to a temporary first
 * (".<name>.<random>.tmp"), flushed, then renamed. `name` is a fresh name the
 * server chose, so the rename never replaces another file.
 */
export async function writeWhole(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true })
  const temporary = path.join(dir, `.${name}.${crypto.randomUUID()}.tmp`)
  let handle: FileHandle | undefined
  try {
    handle = await open(temporary, 'wx')
    await handle.writeFile(bytes)
    // Flushed before the rename: otherwise a power cut after the database
    // committed a row pointing here could leave the name with no bytes
    // behind it. One flush per upload, which only admins make.
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temporary, path.join(dir, name))
  } catch (error) {
    await handle?.close().catch(() => {})
    await unlink(temporary).catch(() => {})
    throw error
  }
  await flushFolder(dir)
}

/**
 * Removes the files of `dir` whose names `chosen` accepts and that were last
 * written before `before` (by mtime); a missing folder has none. Answers how
 * many it removed.
 */
export async function removeFilesBefore(
  dir: string,
  before: Date,
  chosen: (name: string) => boolean,
): Promise<number> {
  const names = await unlessMissing(() => readdir(dir), [])
  let removed = 0
  for (const name of names.filter(chosen)) {
    const file = path.join(dir, name)
    // Renamed or removed meanwhile: nothing left to do.
    await unlessMissing(async () => {
      if ((await stat(file)).mtime < before) {
        await unlink(file)
        removed++
      }
    }, undefined)
  }
  return removed
}

export interface LocalFolderOptions {
  /**
   * The server's secret, from which signed upload links are keyed
   * (upload-token.ts). Without it the store takes uploads through save() only.
   */
  signingSecret?: string
}

export class LocalFolderStore implements ImageStore {
  private readonly publicBase: string
  private readonly uploadKey: Uint8Array | null

  constructor(
    readonly dir: string,
    publicBase = '/uploads',
    options: LocalFolderOptions = {},
  ) {
    this.publicBase = publicBase.replace(/\/+$/, '')
    this.uploadKey = options.signingSecret ? uploadSigningKey(options.signingSecret) : null
  }

  /** A link of Storage's shape on this site; server/signed-uploads.ts receives what is sent to it. */
  async signUpload(name: string): Promise<SignedUpload> {
    // A store made without the server's secret (the backup command line) signs nothing.
    if (!this.uploadKey) throw new HttpError(503, 'Image uploads are not configured on this server')
    if (!STORED_NAME.test(name)) throw new Error(`Cannot sign an upload of ${JSON.stringify(name)}`)
    const token = await signUploadToken(this.uploadKey, name)
    return {
      signedUrl: `${SIGNED_UPLOAD_PREFIX}${name}?token=${encodeURIComponent(token)}`,
      token,
      path: name,
      url: `${this.publicBase}/${name}`,
    }
  }

  /** Whether `token` came from signUpload(name) and has not expired. */
  checkUploadToken(name: string, token: string): Promise<UploadTokenCheck> {
    if (!this.uploadKey || !STORED_NAME.test(name)) return Promise.resolve('invalid')
    return checkUploadToken(this.uploadKey, token, name)
  }

  async save(name: string, bytes: Uint8Array, _contentType: string): Promise<StoredImage> {
    if (!STORED_NAME.test(name))
      throw new Error(`Refusing to store an object named ${JSON.stringify(name)}`)
    await writeWhole(this.dir, name, bytes)
    return { url: `${this.publicBase}/${name}` }
  }

  async removeStaleTemporaries(before: Date): Promise<void> {
    await removeFilesBefore(this.dir, before, (name) => TEMPORARY.test(name))
  }

  nameFromUrl(url: string): string | null {
    const prefix = `${this.publicBase}/`
    if (!url.startsWith(prefix)) return null
    const name = url.slice(prefix.length)
    return STORED_NAME.test(name) ? name : null
  }

  async exists(url: string): Promise<boolean> {
    const name = this.nameFromUrl(url)
    if (!name) return false
    try {
      return (await stat(path.join(this.dir, name))).isFile()
    } catch {
      return false
    }
  }

  async readStart(url: string): Promise<Uint8Array | null> {
    const name = this.nameFromUrl(url)
    if (!name) return null
    let handle: FileHandle | undefined
    try {
      handle = await open(path.join(this.dir, name), 'r')
      const buffer = new Uint8Array(HEAD_BYTES)
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
      return buffer.subarray(0, bytesRead)
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null
      throw error
    } finally {
      await handle?.close().catch(() => {})
    }
  }

  async remove(url: string): Promise<boolean> {
    const name = this.nameFromUrl(url)
    if (!name) return false
    await unlessMissing(() => unlink(path.join(this.dir, name)), undefined)
    return true
  }

  async list(): Promise<StoredObject[]> {
    const names = await unlessMissing(() => readdir(this.dir), [])
    const objects: StoredObject[] = []
    for (const name of names.filter((n) => STORED_NAME.test(n)).sort()) {
      try {
        const info = await stat(path.join(this.dir, name))
        if (info.isFile())
          objects.push({
            name,
            url: `${this.publicBase}/${name}`,
            size: info.size,
            storedAt: info.mtime,
          })
      } catch {
        // Removed between the listing and the stat: not stored any more.
      }
    }
    return objects
  }

  async read(url: string): Promise<Uint8Array | null> {
    const name = this.nameFromUrl(url)
    if (!name) return null
    return unlessMissing(
      async () => new Uint8Array(await readFile(path.join(this.dir, name))),
      null,
    )
  }
}
