// The page renderer loaded from the sources through Vite, as `npm run dev`
// would: src/entry-server.tsx by ssrLoadModule, and index.html as Vite
// transforms it. For tests of server-rendered pages without a build.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import type { RenderModule } from '../../server/ssr.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export async function loadSourceRenderer(): Promise<{
  render: RenderModule
  template: string
  close(): Promise<void>
}> {
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  })
  const render = (await vite.ssrLoadModule('/src/entry-server.tsx')) as RenderModule
  const template = await vite.transformIndexHtml(
    '/',
    await readFile(path.join(root, 'index.html'), 'utf8'),
  )
  return { render, template, close: () => vite.close() }
}
