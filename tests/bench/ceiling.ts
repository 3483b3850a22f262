// The yardstick of docs/decisions/010-content-version-cache-and-paging.md: a bare Hono app on @hono/node-server answering a
// constant, in its own process, measured with the same wrk settings in the same
// run. Every other figure is reported as a share of it.
import { spawn } from 'node:child_process'
import { freePort } from '@test-support/free-port.ts'

const program = `
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const app = new Hono()
app.get('/', (c) => c.text('ok'))
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'))
`

export async function startCeiling(root: string): Promise<{ origin: string; stop(): void }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare hono app exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
  })
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}
