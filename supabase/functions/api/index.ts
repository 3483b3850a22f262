// Supabase routes /functions/v1/api/... here as /api/..., which is the app's basePath.
import { createEdgeApp } from '../_shared/edge-app.ts'
import { summarizeUnexpectedError } from '../_shared/log.ts'

// An error nobody caught is logged and the worker keeps serving, as `npm start`
// does (docs/decisions/022-surviving-the-database.md).
for (const kind of ['error', 'unhandledrejection'] as const)
  globalThis.addEventListener(kind, (event) => {
    event.preventDefault()
    const error = 'reason' in event ? event.reason : (event as ErrorEvent).error
    const summary = summarizeUnexpectedError(error, { method: '-', path: kind })
    console.error('Unexpected error outside a request; still serving', JSON.stringify(summary))
  })

Deno.serve(createEdgeApp((name) => Deno.env.get(name)).fetch)
