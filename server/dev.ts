// `npm run dev`: the whole product on one port (default 5173): the API under
// /functions/v1, uploads under /uploads, and the SPA through Vite in middleware
// mode (hot reload on the same port). Data lives in DATA_DIR (default .data/).
import { createServer as createViteServer } from 'vite'
import { readConfig } from './config.ts'
import { createStack } from './create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from './http.ts'
import { onShutdown, printBanner } from './lifecycle.ts'

const config = readConfig(process.env, { port: 5173 })
const stack = await createStack(config)

// Requests only arrive after listen(), once `vite` below exists.
const server = createHttpServer(
  createNodeHandler(stack.app.fetch, {
    owns: stack.owns,
    fallback: (req, res) => vite.middlewares(req, res),
  }),
)
const vite = await createViteServer({
  server: { middlewareMode: true, ws: { server } },
  appType: 'spa',
})

const address = await listen(server, config.port)
printBanner('dev', stack, `http://localhost:${address.port}`)

onShutdown(async () => {
  await vite.close()
  await closeServer(server)
  await stack.close()
})
