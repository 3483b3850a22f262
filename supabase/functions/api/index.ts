// Supabase routes /functions/v1/api/... here as /api/..., which is the app's basePath.
import { createEdgeApp } from '../_shared/edge-app.ts'

Deno.serve(createEdgeApp((name) => Deno.env.get(name)).fetch)
