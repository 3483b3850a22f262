// Where a build keeps its page renderer: src/entry-server.tsx built for Node
// (build/server-bundle.ts), which `npm start` loads (page-renderer.ts) and the
// static build renders its pages with (build/prerender.ts). A dot folder, so
// the server never serves it (static-files.ts); it holds app code only.
import path from 'node:path'

/** The renderer's folder in the build in `distDir`. */
export const serverBundleDir = (distDir: string) => path.join(distDir, '.ssr')

/** The renderer's entry file, a module with what ssr.ts calls RenderModule. */
export const serverBundleEntry = (distDir: string) =>
  path.join(serverBundleDir(distDir), 'entry-server.js')
