// A small real file system for the full-disk tests: a tmpfs mounted in a
// temporary folder. Mounting needs root, which CI has (.ci/run runs as root);
// elsewhere the tests that use it are skipped and say why, but under CI as
// root a failed mount fails them, so they cannot vanish from CI unnoticed.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'

export interface Tmpfs {
  dir: string
  /** Why it is not mounted; empty when it is. */
  reason: string
  /** Skips the calling test where a tmpfs cannot be had, except as root under CI. */
  require(skip: (note: string) => void): void
  unmount(): Promise<void>
}

export async function mountTmpfs(size: string, prefix = 'vitrine-tmpfs-'): Promise<Tmpfs> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  let reason = ''
  if (process.getuid?.() !== 0) reason = `mounting a ${size} tmpfs needs root (CI runs as root)`
  else {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' })
    } catch (error) {
      reason = `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`
    }
  }
  return {
    dir,
    reason,
    require(skip) {
      if (reason && !(process.env.CI && process.getuid?.() === 0)) skip(reason)
      expect(reason, 'the tmpfs must be mounted').toBe('')
    },
    async unmount() {
      if (!reason) execFileSync('umount', ['-l', dir])
      await rm(dir, { recursive: true, force: true })
    },
  }
}
