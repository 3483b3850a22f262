// dist/_headers, the security headers of server/security-headers.ts for static
// hosts that read that file (Netlify, Cloudflare Pages): docs/operations.md, "Security
// headers". Tested with the header set itself (server/security-headers.test.ts).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import {
  apiOrigin,
  inlineScriptHashes,
  securityHeaders,
  type PolicyOptions,
} from '../server/security-headers.ts'
import { PRIVATE_PAGE_HEADERS } from '../server/ssr.ts'
import { shellPrefixes } from '../supabase/functions/_shared/contract/public-routes.ts'

/**
 * The same headers for every path, in the `_headers` format of Netlify and
 * Cloudflare Pages. Those hosts serve over https, so HSTS is always part of it.
 */
function headersFile(options: PolicyOptions): string {
  const lines = Object.entries(securityHeaders({ ...options, hsts: true })).map(
    ([name, value]) => `  ${name}: ${value}`,
  )
  // A share link's page (docs/PRODUCT.md §24): never kept or indexed, no
  // referrer (where a host joins two Referrer-Policy values, the last wins).
  const shared = shellPrefixes.flatMap((prefix) => [
    `${prefix}/*`,
    ...Object.entries(PRIVATE_PAGE_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
  ])
  return [
    '# Security headers for static hosts that read this file (Netlify, Cloudflare Pages).',
    '# Written by `npm run build` from the built index.html; do not edit (docs/operations.md, "Security headers").',
    '/*',
    ...lines,
    ...shared,
    '',
  ].join('\n')
}

/**
 * The Vite plugin behind dist/_headers: after the build it reads the index.html
 * just produced, so the theme script's hash always matches the page, and adds
 * the origin of VITE_API_URL when the API lives elsewhere (Supabase).
 */
export function staticHostHeaders(): Plugin {
  let apiUrl: string | undefined
  return {
    name: 'vitrine-static-host-headers',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      apiUrl = config.env.VITE_API_URL as string | undefined
    },
    async writeBundle(options, bundle) {
      const page = bundle['index.html']
      if (!options.dir || page?.type !== 'asset') return
      const origin = apiOrigin(apiUrl)
      const file = headersFile({
        scriptHashes: inlineScriptHashes(String(page.source)),
        connectSources: origin ? [origin] : [],
      })
      await writeFile(path.join(options.dir, '_headers'), file)
    },
  }
}
