// The Vite plugin that lets the public page's first paint skip a wait
// (docs/decisions/018): a small inline script in index.html starts the page's
// four API reads while the bundle is still downloading, and, on `/` only,
// asks for the home-content chunk too. The app takes those answers through
// src/lib/preloaded-reads.ts. The Content-Security-Policy allows the script
// by its hash, which server/security-headers.ts takes from the built
// index.html, so this script is covered like the theme one.
import type { IndexHtmlTransformContext, Plugin } from 'vite'
import { FIRST_READS } from '../src/features/home/api/first-reads.ts'

/** The module whose chunk holds the hero and the sections below it. */
export const HOME_CONTENT_MODULE = 'src/features/home/components/home-content.tsx'

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The API base as the app computes it (src/config/env.ts): default path, no trailing slash. */
export function apiBase(raw: string | undefined): string {
  return (raw?.trim() || '/functions/v1/api').replace(/\/+$/, '')
}

/** The inline script: on `/`, start the reads (and fetch the chunks) now, keep the promises. */
export function preloadScript(base: string, chunks: string[]): string {
  return `
      // The public page's reads start here, not after the bundle (docs/decisions/018).
      ;(function () {
        if (location.pathname !== '/' || !window.fetch) return;
        var base = ${scriptJson(base)};
        var reads = (window.__vitrinePublicReads = {});
        ${scriptJson(FIRST_READS)}.forEach(function (path) {
          reads[path] = fetch(base + path, { headers: { Accept: 'application/json' } });
        });
        ${scriptJson(chunks)}.forEach(function (href) {
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        });
      })();
    `
}

/**
 * In the build, the home-content chunk and every chunk it imports (at any
 * depth) that the entry does not load already; none in dev.
 */
function homeChunks(context: IndexHtmlTransformContext, assetsBase: string): string[] {
  const imports = new Map<string, string[]>()
  let home: string | undefined
  const entries: string[] = []
  for (const chunk of Object.values(context.bundle ?? {})) {
    if (chunk.type !== 'chunk') continue
    imports.set(chunk.fileName, chunk.imports)
    if (chunk.isEntry) entries.push(chunk.fileName)
    if (chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(HOME_CONTENT_MODULE))
      home = chunk.fileName
  }
  const closure = (start: string[]) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const next of imports.get(file) ?? []) visit(next)
    }
    start.forEach(visit)
    return seen
  }
  if (!home) return []
  const loaded = closure(entries)
  return [...closure([home])].filter((file) => !loaded.has(file)).map((file) => assetsBase + file)
}

/**
 * The script goes before the page's first stylesheet or module script: an
 * inline script after a stylesheet waits for it, and these requests should not.
 */
export function withScript(html: string, script: string): string {
  const tag = `<script>${script}</script>\n    `
  const head = html.indexOf('</head>')
  const first = html.search(
    /<link\s[^>]*rel="?(stylesheet|modulepreload)|<script\s[^>]*type="?module/i,
  )
  const at = first >= 0 && (head < 0 || first < head) ? first : head
  return at < 0 ? html : html.slice(0, at) + tag + html.slice(at)
}

export function publicReadsPreload(): Plugin {
  let base = apiBase(undefined)
  let assetsBase = '/'
  return {
    name: 'vitrine-public-reads-preload',
    configResolved(config) {
      base = apiBase(config.env.VITE_API_URL as string | undefined)
      assetsBase = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return withScript(html, preloadScript(base, homeChunks(context, assetsBase)))
      },
    },
  }
}
