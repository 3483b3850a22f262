// Vitest globalSetup for the 'web' project: component tests talk to the real
// API (the same Hono app, real Postgres in PGlite, images in a temp folder)
// over real HTTP, instead of stubbing fetch (docs/ARCHITECTURE.md, "How the code reads": favour
// tests that cross a real boundary). The stacks (main, fresh, multilingual)
// run in a child process, web-stacks.ts, which says why and what each is for.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import type { User } from '../../supabase/functions/_shared/contract/responses.ts'
import type { StackOfItsOwn, WebStacks } from './web-stacks.ts'

export const ADMIN = { username: 'admin', password: 'admin-secret' }
export const READER = { username: 'reader', password: 'reader-secret' }

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the main stack's API, e.g. http://127.0.0.1:1234/functions/v1/api */
    apiUrl: string
    /** Base URL of a stack where registration is still open. */
    freshApiUrl: string
    adminSession: { token: string; user: User; password: string }
    readerSession: { token: string; user: User; password: string }
    /** The multilingual stack: its base URL and its two accounts. */
    multilingual: StackOfItsOwn
    /** The stack of the recent activity's tests, the same way. */
    activity: StackOfItsOwn
    /** A correctly signed admin token that expired a minute ago (the 401 path). */
    expiredAdminToken: string
  }
}

export default async function setup(project: TestProject) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'web-stacks.ts')],
    { cwd: project.config.root, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const stacks = await new Promise<WebStacks>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return void console.log(line)
      resolve(JSON.parse(line) as WebStacks)
    })
    void exited.then((code) =>
      reject(new Error(`web-stacks.ts exited (${code}) before it was ready`)),
    )
  })

  project.provide('apiUrl', stacks.apiUrl)
  project.provide('freshApiUrl', stacks.freshApiUrl)
  project.provide('adminSession', stacks.adminSession)
  project.provide('readerSession', stacks.readerSession)
  project.provide('multilingual', stacks.multilingual)
  project.provide('activity', stacks.activity)
  project.provide('expiredAdminToken', stacks.expiredAdminToken)

  return async () => {
    // Its stdin closing is the signal to stop (also when this process dies).
    child.stdin.end()
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
}
