// Supabase routes /functions/v1/api/... here as /api/..., which is the app's basePath.
import { createEdgeApp } from '../_shared/edge-app.ts'
import { logErrorOutsideRequest } from '../_shared/http/log.ts'

// An error nobody caught is logged and the worker keeps serving, as `npm start`
// does (docs/decisions/022-surviving-the-database.md).
for (const kind of ['error', 'unhandledrejection'] as const)
  globalThis.addEventListener(kind, (event) => {
    event.preventDefault()
    logErrorOutsideRequest('reason' in event ? event.reason : (event as ErrorEvent).error, kind)
  })

Deno.serve(createEdgeApp((name) => Deno.env.get(name)).fetch)
