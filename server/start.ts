// `npm start`: the built SPA (dist/, from `npm run build`) and the API on one
// port (PORT, default 3000), with the same database and uploads as `npm run dev`,
// on HOST (default loopback only).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { readConfig } from './config.ts'
import { createStack } from './create-stack.ts'
import { serveSpa } from './files.ts'
import { closeServer, createHttpServer, createNodeHandler, listen, originFor } from './http.ts'
import { onShutdown, printBanner } from './lifecycle.ts'

// DIST_DIR: serve another build folder (the e2e run builds into its own, so a rebuild of dist/ meanwhile cannot break it).
const distDir = process.env.DIST_DIR?.trim()
  ? path.resolve(process.env.DIST_DIR.trim())
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No build found in ${distDir}. Run \`npm run build\` first.`)
  process.exit(1)
}

const config = readConfig(process.env, { port: 3000 })
const stack = await createStack(config)
stack.app.on(['GET', 'HEAD'], '*', (c) => {
  const pathname = new URL(c.req.url).pathname
  // Paths the stack owns never fall back to index.html.
  return stack.owns(pathname) ? c.text('Not found', 404) : serveSpa(distDir, pathname)
})

// gzip for clients that accept it (issue 6): the JSON, JS, CSS and HTML shrink 3-5x on
// the wire. It runs outside the stack so it covers the API and the SPA alike; hono's
// compress turns a strong ETag weak, which If-None-Match still matches.
const site = new Hono()
site.use('*', compress())
site.all('*', (c) => stack.app.fetch(c.req.raw))

const server = createHttpServer(createNodeHandler(site.fetch))
const address = await listen(server, config.port, config.host)
printBanner('start', stack, originFor(config.host, address.port))

onShutdown(async () => {
  await closeServer(server)
  await stack.close()
})
