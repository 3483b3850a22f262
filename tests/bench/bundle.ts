// Front-end weight per route, from the production build's manifest
// (dist/.vite/manifest.json): the entry chunk and its static imports, plus the
// route's own lazy chunks and theirs, each file gzipped (level 9, as a CDN would).
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const run = promisify(execFile)

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface RouteWeight {
  route: string
  jsGzipBytes: number
  cssGzipBytes: number
  files: string[]
  /** Each file with its gzipped size, for the public page's breakdown. */
  sizes: { file: string; gzipBytes: number }[]
  /** Back-office modules (ADMIN_MODULE: admin screens, the charts, Recharts) found in this route's chunks. */
  adminModules: string[]
  /** supabase-js modules in this route's chunks: the back office's uploads only, never a public route. */
  supabaseModules: string[]
}

/** Routes and the lazy modules each one loads, beyond the entry chunk. */
export const ROUTES: { route: string; modules: (manifest: Manifest) => string[] }[] = [
  // The public page is in the entry; its below-the-fold parts are lazy modules of the home feature.
  {
    route: '/ (public page)',
    modules: (m) =>
      Object.keys(m).filter((k) => k.startsWith('src/features/home/') && m[k]!.isDynamicEntry),
  },
  {
    route: '/projects/:id',
    modules: () => ['src/features/project-view/routes/project-route.tsx'],
  },
  { route: '/cv', modules: () => ['src/features/cv/routes/cv-route.tsx'] },
  { route: '/writing', modules: () => ['src/features/writing/routes/writing-route.tsx'] },
  { route: '/writing/:slug', modules: () => ['src/features/writing/routes/post-route.tsx'] },
  { route: '/admin/login', modules: () => ['src/features/auth/routes/login-route.tsx'] },
  { route: '/admin/register', modules: () => ['src/features/auth/routes/register-route.tsx'] },
  ...[
    ['dashboard', 'dashboard/routes/dashboard-route.tsx'],
    ['projects', 'projects/routes/projects-route.tsx'],
    ['projects/new', 'projects/routes/project-create-route.tsx'],
    ['projects/edit/:id', 'projects/routes/project-edit-route.tsx'],
    ['technologies', 'technologies/routes/technologies-route.tsx'],
    ['technologies/new', 'technologies/routes/technology-create-route.tsx'],
    ['technologies/edit/:id', 'technologies/routes/technology-edit-route.tsx'],
    ['certifications', 'certifications/routes/certifications-route.tsx'],
    ['certifications/new', 'certifications/routes/certification-create-route.tsx'],
    ['certifications/edit/:id', 'certifications/routes/certification-edit-route.tsx'],
    ['experience', 'story/routes/experience-route.tsx'],
    ['experience/new', 'story/routes/experience-create-route.tsx'],
    ['experience/edit/:id', 'story/routes/experience-edit-route.tsx'],
    ['education', 'story/routes/education-route.tsx'],
    ['education/new', 'story/routes/education-create-route.tsx'],
    ['education/edit/:id', 'story/routes/education-edit-route.tsx'],
    ['profile', 'profile/routes/profile-route.tsx'],
    ['configurations', 'configurations/routes/configurations-route.tsx'],
    ['users', 'users/routes/users-route.tsx'],
    ['messages', 'messages/routes/messages-route.tsx'],
    ['visitors', 'visitors/routes/visitors-route.tsx'],
    ['backup', 'backup/routes/backup-route.tsx'],
    ['posts', 'posts/routes/posts-route.tsx'],
    ['posts/new', 'posts/routes/post-create-route.tsx'],
    ['posts/edit/:id', 'posts/routes/post-edit-route.tsx'],
  ].map(([route, file]) => ({
    route: `/admin/${route}`,
    modules: () => [
      'src/app/routes/admin/admin-routes.tsx',
      'src/app/routes/admin/admin-root.tsx',
      `src/features/${file}`,
    ],
  })),
]

const SUPABASE_MODULE = /(^|\/)node_modules\/@supabase\//

/**
 * Back-office code: the admin shell and features, and the statistics charts
 * with Recharts and the packages only it brings (docs/PRODUCT.md §17: in the
 * admin chunk only; Recharts alone is ~100 kB gzipped, most of the public
 * page's budget), the QR code drawing of two-step sign-in's setup, and the
 * Markdown editor's Preview: markdown-it and highlight.js reach a browser only
 * there (public pages get their HTML from the server, docs/PRODUCT.md §26).
 */
export const ADMIN_MODULE = new RegExp(
  [
    String.raw`(^|/)src/app/routes/admin/`,
    String.raw`(^|/)src/features/(auth|account|dashboard|projects|technologies|certifications|story|configurations|profile|users|messages|visitors|backup|posts)/`,
    String.raw`(^|/)src/components/(visit-charts/|ui/chart\.tsx$|markdown-(editor|field|image-uploads|preview))`,
    String.raw`(^|/)supabase/functions/_shared/markdown/`,
    String.raw`(^|/)node_modules/(recharts|victory-vendor|@reduxjs/toolkit|react-redux|qrcode|dijkstrajs|markdown-it|highlight\.js)/`,
  ].join('|'),
)

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return seen
}

const gzipped = new Map<string, number>()
async function gzipSize(file: string): Promise<number> {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(await readFile(file), { level: 9 }).length)
  return gzipped.get(file)!
}

/**
 * Which source modules each chunk holds. The manifest does not say, so a second
 * build with hidden source maps (byte-identical chunks) is made in `scratchDir`.
 */
async function modulesByChunk(root: string, scratchDir: string): Promise<Map<string, string[]>> {
  const outDir = path.join(scratchDir, 'dist-sourcemaps')
  await run(
    path.join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--sourcemap', 'hidden', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: root,
      maxBuffer: 16 << 20,
    },
  )
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  const result = new Map<string, string[]>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const map = path.join(outDir, `${chunk.file}.map`)
    if (!existsSync(map)) continue
    const sources = (JSON.parse(await readFile(map, 'utf8')) as { sources: string[] }).sources
    result.set(
      key,
      sources.map((s) => path.relative(root, path.resolve(path.dirname(map), s))),
    )
  }
  return result
}

export async function routeWeights(root: string, scratchDir: string): Promise<RouteWeight[]> {
  const dist = path.join(root, 'dist')
  const manifest = JSON.parse(
    await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  // index.html's script: the theme and font stylesheets are entries of their own (no JavaScript).
  const entry = Object.keys(manifest).find(
    (k) => manifest[k]!.isEntry && manifest[k]!.file.endsWith('.js'),
  )
  if (!entry) throw new Error('No entry chunk in dist/.vite/manifest.json')
  const modules = await modulesByChunk(root, scratchDir)
  const weights: RouteWeight[] = []
  for (const { route, modules: lazyModules } of ROUTES) {
    const own = lazyModules(manifest)
    const missing = own.filter((k) => !manifest[k])
    if (missing.length) throw new Error(`Not in the build manifest: ${missing.join(', ')}`)
    const chunks = [...staticClosure(manifest, [entry, ...own])]
    let js = 0
    let css = 0
    const files: string[] = []
    const sizes: { file: string; gzipBytes: number }[] = []
    for (const key of chunks) {
      const chunk = manifest[key]!
      const size = await gzipSize(path.join(dist, chunk.file))
      js += size
      files.push(chunk.file)
      sizes.push({ file: `${chunk.file}${chunk.src ? ` (${chunk.src})` : ''}`, gzipBytes: size })
      for (const sheet of chunk.css ?? []) {
        const sheetSize = await gzipSize(path.join(dist, sheet))
        css += sheetSize
        files.push(sheet)
        sizes.push({ file: sheet, gzipBytes: sheetSize })
      }
    }
    const routeModules = chunks.flatMap((key) => modules.get(key) ?? [])
    const adminModules = routeModules.filter((m) => ADMIN_MODULE.test(m))
    weights.push({
      route,
      jsGzipBytes: js,
      cssGzipBytes: css,
      files,
      sizes,
      adminModules: [...new Set(adminModules)],
      supabaseModules: [...new Set(routeModules.filter((m) => SUPABASE_MODULE.test(m)))],
    })
  }
  return weights
}

/**
 * Each theme's stylesheet (src/themes/<id>/theme.css, an entry of its own:
 * build/theme-entries.ts), gzipped: what a page in that theme loads beyond
 * the site's stylesheet and the JavaScript, which no theme changes.
 */
export async function themeWeights(
  root: string,
): Promise<{ theme: string; cssGzipBytes: number }[]> {
  const dist = path.join(root, 'dist')
  const manifest = JSON.parse(
    await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  const themes: { theme: string; cssGzipBytes: number }[] = []
  for (const [key, chunk] of Object.entries(manifest)) {
    const theme = /^src\/themes\/([^/]+)\/theme\.css$/.exec(key)?.[1]
    if (theme) themes.push({ theme, cssGzipBytes: await gzipSize(path.join(dist, chunk.file)) })
  }
  return themes.sort((a, b) => a.theme.localeCompare(b.theme))
}

/**
 * The bundle check alone, after `npx vite build`: `npx tsx tests/bench/bundle.ts`
 * prints each route's weight and fails when a public route holds back-office
 * code or supabase-js (the bench reports the same, tests/bench/run.ts).
 */
async function main() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bundle-'))
  try {
    const weights = await routeWeights(process.cwd(), scratch)
    let failed = false
    for (const w of weights) {
      console.log(`${w.route.padEnd(32)} ${(w.jsGzipBytes / 1000).toFixed(1).padStart(7)} kB JS`)
      if (w.route.startsWith('/admin')) continue
      for (const [what, found] of [
        ['back-office modules', w.adminModules],
        ['supabase-js modules', w.supabaseModules],
      ] as const) {
        if (!found.length) continue
        failed = true
        console.error(`  ${w.route} holds ${found.length} ${what}: ${found.join(', ')}`)
      }
    }
    process.exitCode = failed ? 1 : 0
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
