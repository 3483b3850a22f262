// /api-docs on `npm start` and `npm run dev`: the OpenAPI document
// (GET /functions/v1/api/openapi.json, docs/decisions/026) rendered by
// Swagger UI. Its files come from the swagger-ui-dist package, read once and
// served from here, never part of the site's build: no public page loads them.
// No inline script, so the site's Content-Security-Policy holds as it is.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono } from 'hono'

export const API_DOCS_PATH = '/api-docs'

const page = (specUrl: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Vitrine API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="api-reference" data-spec-url="${specUrl}"></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`

// Reads the document's address from the page, so this file never changes.
const startScript = `const root = document.getElementById('api-reference')
window.SwaggerUIBundle({ url: root.dataset.specUrl, domNode: root, deepLinking: true })
`

const packageFiles = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const

/** The reference's routes; `specUrl` is where the API serves its document. */
export function apiDocs(specUrl: string): Hono {
  const folder = path.dirname(
    createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
  )
  const cache = new Map<string, Promise<Buffer>>()
  const file = (name: keyof typeof packageFiles) => {
    let bytes = cache.get(name)
    if (!bytes) {
      bytes = readFile(path.join(folder, name))
      cache.set(name, bytes)
    }
    return bytes
  }
  const longLived = { 'Cache-Control': 'public, max-age=3600' }

  const app = new Hono()
  app.get(API_DOCS_PATH, (c) => c.html(page(specUrl)))
  app.get(`${API_DOCS_PATH}/start.js`, (c) =>
    c.body(startScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...longLived }),
  )
  for (const [name, type] of Object.entries(packageFiles))
    app.get(`${API_DOCS_PATH}/${name}`, async (c) =>
      c.body(new Uint8Array(await file(name as keyof typeof packageFiles)), 200, {
        'Content-Type': type,
        ...longLived,
      }),
    )
  return app
}
