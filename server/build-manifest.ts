// What a build's Vite manifest (<dist>/.vite/manifest.json) tells the page
// renderer: the module scripts a page needs beyond the entry, to preload them
// (server/ssr.ts, build/prerender.ts).
import { readFile } from 'node:fs/promises'
import path from 'node:path'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  /** Files a stylesheet loads: a font pair's font files. */
  assets?: string[]
}

type Manifest = Record<string, ManifestChunk>

/** The build's manifest, or null for a build made without one. */
async function readManifest(distDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** The files `source` loads beyond the entry chunk and its imports. */
function beyondEntry(manifest: Manifest, source: string): string[] {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into
    into.add(key)
    for (const next of manifest[key]!.imports ?? []) closure(next, into)
    return into
  }
  // The page's entry: index.html's script (the theme stylesheets are entries too).
  const entry = Object.keys(manifest).find(
    (key) => manifest[key]!.isEntry && manifest[key]!.file.endsWith('.js'),
  )
  const loaded = entry ? closure(entry) : new Set<string>()
  return [...closure(source)]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]!.file}`)
}

/** The files a lazy route loads beyond the entry chunk and its imports, from the build's manifest. */
export async function lazyRouteModules(distDir: string, source: string): Promise<string[]> {
  const manifest = await readManifest(distDir)
  return manifest ? beyondEntry(manifest, source) : []
}

/** A catalogue's module in the manifest (src/lib/i18n/catalogues.ts loads each one but English's as a chunk). */
const CATALOGUE_SOURCE = /^src\/lib\/i18n\/messages\/([a-z]+)\.ts$/

/**
 * The files of the catalogue a page in language `lang` loads before hydrating
 * (src/main.tsx), by the build's manifest: the page preloads them, so the
 * browser fetches its catalogue beside the entry rather than once the entry
 * has run. A tag reads its base language's catalogue (`fr-CA` -> `fr`), as
 * catalogueLanguageOf does; none for English, which is in the entry, for a
 * language without a catalogue, or without a manifest. (Not imported from
 * the catalogues: this module is read by the Vite config's build steps.)
 */
export async function catalogueModules(distDir: string): Promise<(lang: string) => string[]> {
  const manifest = (await readManifest(distDir)) ?? {}
  const files = new Map<string, string[]>()
  for (const key of Object.keys(manifest)) {
    const lang = CATALOGUE_SOURCE.exec(key)?.[1]
    if (lang) files.set(lang, beyondEntry(manifest, key))
  }
  return (lang) => files.get(lang.split('-')[0]!.toLowerCase()) ?? []
}

/** The latin files of a font pair, the ones nearly every page needs (others load on demand). */
const PRELOADED_FONT = /-latin-\d+-normal[^/]*\.woff2$/

/**
 * The built theme and font stylesheets by source path (src/themes/..., each an
 * entry of the build: build/theme-entries.ts), with the font files worth
 * preloading, for src/ssr/appearance-head.ts; undefined for a source the
 * build does not have.
 */
export async function styleAssets(
  distDir: string,
): Promise<(source: string) => { href: string; preload: string[] } | undefined> {
  const manifest = (await readManifest(distDir)) ?? {}
  return (source) => {
    const chunk = manifest[source]
    if (!chunk) return undefined
    return {
      href: `/${chunk.file}`,
      preload: (chunk.assets ?? []).filter((file) => PRELOADED_FONT.test(file)).map((f) => `/${f}`),
    }
  }
}
