// `npm run dev`: the whole product on one port (default 5173): the API under
// /functions/v1, uploads under /uploads, and the SPA through Vite in middleware
// mode (hot reload on the same port). Data lives in DATA_DIR (default .data/),
// which the dev server never serves; it listens on HOST (default loopback only).
import { readConfig } from './config.ts'
import { startDevServer } from './dev-server.ts'
import { keepServingThroughUnexpectedErrors, onShutdown, printBanner } from './lifecycle.ts'

const dev = await startDevServer(readConfig(process.env, { port: 5173, demoContent: true }))
printBanner('dev', dev.stack, dev.origin, await dev.stack.setupLink(dev.origin))
keepServingThroughUnexpectedErrors()
onShutdown(() => dev.close())
