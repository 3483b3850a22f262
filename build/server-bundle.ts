// The Vite plugin that builds the page renderer beside the site
// (docs/decisions/023-server-rendered-pages.md): after the browser build, the
// same config builds src/entry-server.tsx for Node into <outDir>/.ssr, which
// `npm start` imports (server/server-bundle-path.ts). With an absolute
// VITE_API_URL and SITE_URL, the build is for a static host, and the pages are
// rendered into it from that API (build/prerender.ts).
import path from 'node:path'
import type { Plugin } from 'vite'
import { serverBundleDir } from '../server/server-bundle-path.ts'

export const SERVER_ENTRY = 'src/entry-server.tsx'

export function serverBundle(configFile: string): Plugin {
  let outDir = ''
  let isServerBuild = false
  let apiUrl: string | undefined
  return {
    name: 'vitrine-server-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      isServerBuild = Boolean(config.build.ssr)
      apiUrl = config.env.VITE_API_URL as string | undefined
    },
    async closeBundle() {
      if (isServerBuild) return
      const { build } = await import('vite')
      await build({
        configFile,
        logLevel: 'warn',
        // Every dependency inside the bundle: a build folder may live anywhere (the e2e run's is in /tmp), away from node_modules.
        ssr: { noExternal: true },
        build: {
          ssr: SERVER_ENTRY,
          outDir: serverBundleDir(outDir),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
        },
      })
      // A build for a static host (an absolute API address and SITE_URL): its pages are rendered now.
      const siteUrl = process.env.SITE_URL?.trim()
      if (apiUrl && /^https?:\/\//.test(apiUrl) && siteUrl) {
        const { prerender } = await import('./prerender.ts')
        const { pages } = await prerender({ distDir: outDir, apiUrl, siteUrl })
        console.log(`  prerendered ${pages.length} files from ${apiUrl} for ${siteUrl}`)
      }
    },
  }
}
