// Archives on their way to a restore on the local stacks
// (docs/decisions/029-archives-through-storage.md): a folder the web server
// never serves, which the local server's signed uploads write into
// (server/signed-uploads.ts) with the same HMAC tokens as images
// (images/upload-token.ts, bucket "backups"), and which the restore reads by
// ranges, as it reads Storage.
import { open as openFile, readdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { HttpError } from '../http/errors.ts'
import { removeFilesBefore, unlessMissing, writeWhole } from '../images/local-folder-store.ts'
import {
  checkUploadToken,
  signedUploadPrefix,
  signUploadToken,
  uploadSigningKey,
  type UploadTokenCheck,
} from '../images/upload-token.ts'
import { ARCHIVE_NAME, isArchiveName, KEPT_ARCHIVE_NAME } from '../contract/schemas.ts'
import type { KeptBackup } from '../contract/responses.ts'
import { keptBackups, type ArchiveStore, type SignedArchiveUpload } from './archive-store.ts'
import type { ZipSource } from './unzip-capped.ts'

/** The temporary writeWhole() leaves when the process dies mid-write: ".<name>.<random>.tmp". */
const TEMPORARY = new RegExp(`^\\.${ARCHIVE_NAME.source.slice(1, -1)}\\.[A-Za-z0-9-]+\\.tmp$`)

/** How much of an entry one read takes from the file. */
const PIECE_BYTES = 256 * 1024

export class LocalArchiveStore implements ArchiveStore {
  private readonly uploadKey: Uint8Array

  /** `serverSecret` keys the upload links, as LocalFolderStore's. */
  constructor(
    readonly dir: string,
    serverSecret: string,
  ) {
    this.uploadKey = uploadSigningKey(serverSecret)
  }

  private file(name: string): string {
    if (!isArchiveName(name)) throw new Error(`Not an archive's name: ${JSON.stringify(name)}`)
    return path.join(this.dir, name)
  }

  async signUpload(name: string): Promise<SignedArchiveUpload> {
    this.file(name)
    const token = await signUploadToken(this.uploadKey, name, Date.now(), 'backups')
    return {
      signedUrl: `${signedUploadPrefix('backups')}${name}?token=${encodeURIComponent(token)}`,
      token,
      path: name,
    }
  }

  /** Whether `token` came from signUpload(name) and has not expired. */
  checkUploadToken(name: string, token: string): Promise<UploadTokenCheck> {
    if (!ARCHIVE_NAME.test(name)) return Promise.resolve('invalid')
    return checkUploadToken(this.uploadKey, token, name, 'backups')
  }

  async exists(name: string): Promise<boolean> {
    return (await stat(this.file(name)).catch(() => null))?.isFile() === true
  }

  /** Written whole or not at all, as an image is. */
  save(name: string, bytes: Uint8Array): Promise<void> {
    this.file(name)
    return writeWhole(this.dir, name, bytes)
  }

  async open(name: string): Promise<ZipSource | null> {
    const file = this.file(name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    const read = async (start: number, end: number) => {
      const handle = await openFile(file, 'r').catch(() => {
        throw new HttpError(503, 'The uploaded backup is gone')
      })
      try {
        const bytes = new Uint8Array(Math.max(0, end - start))
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, start)
        return bytes.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    }
    return {
      size: info.size,
      read,
      async *stream(start, end) {
        for (let at = start; at < end; at += PIECE_BYTES) {
          const piece = await read(at, Math.min(end, at + PIECE_BYTES))
          if (!piece.length) return
          yield piece
        }
      },
    }
  }

  async remove(name: string): Promise<void> {
    await unlessMissing(() => unlink(this.file(name)), undefined)
  }

  async keep(name: string, bytes: Uint8Array): Promise<void> {
    if (!KEPT_ARCHIVE_NAME.test(name)) throw new Error(`Not a kept backup's name: ${name}`)
    await writeWhole(this.dir, name, bytes)
  }

  async listKept(): Promise<KeptBackup[]> {
    const names = await unlessMissing(() => readdir(this.dir), [] as string[])
    const listed = await Promise.all(
      names
        .filter((name) => KEPT_ARCHIVE_NAME.test(name))
        .map(async (name) => ({
          name,
          size: (await stat(this.file(name)).catch(() => null))?.size,
        })),
    )
    return keptBackups(
      listed.flatMap(({ name, size }) => (size === undefined ? [] : [{ name, size }])),
    )
  }

  /** By the files' mtime, which is when the upload was written. */
  async removeStoredBefore(before: Date): Promise<number> {
    await removeFilesBefore(this.dir, before, (name) => TEMPORARY.test(name))
    return removeFilesBefore(this.dir, before, (name) => ARCHIVE_NAME.test(name))
  }
}
