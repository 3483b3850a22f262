// The Vite plugin that lets the public page's first paint skip a wait
// (docs/decisions/018): a small inline script in index.html starts the page's
// four API reads while the bundle is still downloading. The app takes those
// answers through src/lib/preloaded-reads.ts, before its first render
// (primeHomeData in src/features/home/api/use-home-data.ts). The page's own
// code is in the entry chunk, so nothing else needs fetching early. The
// Content-Security-Policy allows the script by its hash, which
// server/security-headers.ts takes from the built index.html, so this script
// is covered like the theme one.
// In server/, not build/: the dev server runs this plugin on every page, and npm start uses apiBase.
import type { Plugin } from 'vite'
import { FIRST_READS } from '../src/features/home/api/first-reads.ts'

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The API base as the app computes it (src/config/env.ts): default path, no trailing slash. */
export function apiBase(raw: string | undefined): string {
  return (raw?.trim() || '/functions/v1/api').replace(/\/+$/, '')
}

/** The inline script: on `/`, start the reads now and keep the promises. */
export function preloadScript(base: string): string {
  return `
      // The public page's reads start here, not after the bundle (docs/decisions/018).
      ;(function () {
        if (location.pathname !== '/' || !window.fetch) return;
        var base = ${scriptJson(base)};
        var reads = (window.__vitrinePublicReads = {});
        ${scriptJson(FIRST_READS)}.forEach(function (path) {
          reads[path] = fetch(base + path, { headers: { Accept: 'application/json' } });
        });
      })();
    `
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
  return {
    name: 'vitrine-public-reads-preload',
    configResolved(config) {
      base = apiBase(config.env.VITE_API_URL as string | undefined)
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return withScript(html, preloadScript(base))
      },
    },
  }
}
