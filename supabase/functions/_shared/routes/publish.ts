// /publish (docs/PRODUCT.md §7): when the static site was last built from the
// content, and "Publish now". Signed-in accounts read the status; admins
// publish; visitors get 401. The hook's address never leaves the server
// (publish.ts, docs/decisions/024-publishing-through-a-deploy-hook.md).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context.ts'
import { HttpError } from '../errors.ts'
import type { PublishStatus } from '../publish.ts'
import { isoTimestamp, requireAdmin, requireSignedIn } from '../sql.ts'

export const publishRoutes = new Hono<AppEnv>()

async function readStatus(c: Context<AppEnv>): Promise<PublishStatus> {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db, publisher } = c.get('deps')
  const [row] = await db.as(
    principal,
    (tx) =>
      tx.query<{
        content_version: string
        published_version: string
        published_at: string | null
        attempted_at: string | null
        last_error: string | null
      }>(
        `select app.content_version()::text as content_version,
                s.published_version::text as published_version,
                ${isoTimestamp('s.published_at')} as published_at,
                ${isoTimestamp('s.attempted_at')} as attempted_at,
                s.last_error
           from public.site_publish s`,
      ),
    { readOnly: true },
  )
  const contentVersion = Number(row?.content_version ?? 0)
  const publishedVersion = Number(row?.published_version ?? 0)
  return {
    configured: publisher?.configured ?? false,
    contentVersion,
    publishedVersion,
    upToDate: publishedVersion >= contentVersion,
    publishedAt: row?.published_at ?? null,
    lastAttemptAt: row?.attempted_at ?? null,
    lastError: row?.last_error ?? null,
  }
}

publishRoutes.get('/', async (c) => c.json(await readStatus(c)))

publishRoutes.post('/', async (c) => {
  const { db, publisher } = c.get('deps')
  await requireAdmin(db, c.get('principal'))
  if (!publisher?.configured)
    throw new HttpError(
      409,
      'Publishing is not set up: set DEPLOY_HOOK_URL on the server (README, "Publishing")',
    )
  const { error } = await publisher.publishNow()
  // The host refused or could not be reached: 502, with what it said.
  if (error) throw new HttpError(502, error)
  return c.json(await readStatus(c))
})
