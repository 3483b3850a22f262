// /publish (docs/PRODUCT.md §7): when the static site was last built from the
// content, and "Publish now". Signed-in accounts read the status; admins
// publish; visitors get 401. The hook's address never leaves the server
// (publish.ts, docs/decisions/024-publishing-through-a-deploy-hook.md).
import type { Context } from 'hono'
import { Api, ok } from '../../operation.ts'
import { readAsCaller, type AppEnv } from '../../../context.ts'
import { errorBody, publishStatus } from '../../../contract/responses.ts'
import { HttpError } from '../../../http/errors.ts'
import type { PublishStatus } from '../../../toolkit/publish.ts'
import { isoTimestamp } from '../../../db/sql.ts'

/** The status, for a caller the declaration has let in (a signed-in account). */
async function readStatus(c: Context<AppEnv>): Promise<PublishStatus> {
  const { publisher, siteUrl } = c.get('deps')
  const [row] = await readAsCaller(c, (tx) =>
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
  )
  const contentVersion = Number(row?.content_version ?? 0)
  const publishedVersion = Number(row?.published_version ?? 0)
  return {
    configured: publisher?.configured ?? false,
    siteUrl: siteUrl ?? null,
    contentVersion,
    publishedVersion,
    upToDate: publishedVersion >= contentVersion,
    publishedAt: row?.published_at ?? null,
    lastAttemptAt: row?.attempted_at ?? null,
    lastError: row?.last_error ?? null,
  }
}

export const publishApi = new Api()
  .add(
    {
      method: 'get',
      path: '/publish',
      operationId: 'getPublishStatus',
      summary: 'When the static site was last built from the content',
      tag: 'Publishing',
      access: 'signedIn',
      answers: { 200: ok('The status', publishStatus) },
    },
    async (c) => c.json(await readStatus(c), 200),
  )
  .add(
    {
      method: 'post',
      path: '/publish',
      operationId: 'publishNow',
      summary: "Call the static host's build hook now",
      tag: 'Publishing',
      access: 'admin',
      // The hook is a call out, which no row-level policy guards.
      confirmAdmin: true,
      answers: {
        200: ok('The hook accepted; the new status', publishStatus),
        409: ok('No DEPLOY_HOOK_URL on this server', errorBody),
        502: ok('The hook refused or could not be reached', errorBody),
      },
    },
    async (c) => {
      const { publisher } = c.get('deps')
      if (!publisher?.configured)
        throw new HttpError(
          409,
          'Publishing is not set up: set DEPLOY_HOOK_URL on the server (docs/operations.md, "Publishing")',
        )
      const { error } = await publisher.publishNow()
      // The host refused or could not be reached: 502, with what it said.
      if (error) throw new HttpError(502, error)
      return c.json(await readStatus(c), 200)
    },
  )
