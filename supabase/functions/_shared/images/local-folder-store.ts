// Images in a folder on disk (embedded and self-hosted stacks). The local server
// serves the folder at /uploads with nosniff and contentTypeForFile().
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ImageStore, StoredImage, StoredObject } from './image-store.ts'
import { STORED_NAME } from './detect-image-type.ts'

export { contentTypeForFile } from './detect-image-type.ts'

export class LocalFolderStore implements ImageStore {
  private readonly publicBase: string

  constructor(
    readonly dir: string,
    publicBase = '/uploads',
  ) {
    this.publicBase = publicBase.replace(/\/+$/, '')
  }

  async save(name: string, bytes: Uint8Array, _contentType: string): Promise<StoredImage> {
    if (!STORED_NAME.test(name))
      throw new Error(`Refusing to store an object named ${JSON.stringify(name)}`)
    await mkdir(this.dir, { recursive: true })
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' })
    return { url: `${this.publicBase}/${name}` }
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

  async remove(url: string): Promise<boolean> {
    const name = this.nameFromUrl(url)
    if (!name) return false
    try {
      await unlink(path.join(this.dir, name))
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error
    }
    return true
  }

  async list(): Promise<StoredObject[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return []
      throw error
    }
    const objects: StoredObject[] = []
    for (const name of names.filter((n) => STORED_NAME.test(n)).sort()) {
      try {
        const info = await stat(path.join(this.dir, name))
        if (info.isFile())
          objects.push({ name, url: `${this.publicBase}/${name}`, size: info.size })
      } catch {
        // Removed between the listing and the stat: not stored any more.
      }
    }
    return objects
  }

  async read(url: string): Promise<Uint8Array | null> {
    const name = this.nameFromUrl(url)
    if (!name) return null
    try {
      return new Uint8Array(await readFile(path.join(this.dir, name)))
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null
      throw error
    }
  }
}
