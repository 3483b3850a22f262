import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { serverBundle } from './build/server-bundle.ts'
import { staticHostHeaders } from './build/static-host-headers.ts'
import { themeEntries } from './build/theme-entries.ts'
import { publicReadsPreload } from './server/public-reads-preload.ts'

/**
 * Files the dev server must never hand out. Setting `server.fs.deny` replaces
 * Vite's own list, so that list is repeated here (Vite 8's defaults), followed
 * by the local data folder: it holds the JWT signing secret and the database.
 * `npm run dev` also refuses those paths before Vite sees them and adds the
 * configured DATA_DIR (server/dev-server.ts); this is the second line.
 */
export const FS_DENY = [
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
  '**/.data',
  '**/.data/**',
]

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    publicReadsPreload(),
    staticHostHeaders(),
    themeEntries(),
    serverBundle(fileURLToPath(import.meta.url)),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Tests only (a lint rule keeps it out of the app): every helper a test shares.
      '@test-support': fileURLToPath(new URL('./tests/support', import.meta.url)),
    },
  },
  server: { port: 5173, strictPort: true, fs: { deny: FS_DENY } },
  // manifest: dist/.vite/manifest.json, read by `npm run bench` to size each route's chunks.
  build: { target: 'es2022', sourcemap: false, manifest: true },
})
