// /share-links: the owner's links, one per recipient (docs/PRODUCT.md §24).
// Signed-in accounts read them; admins create, change and revoke them. A
// link's token is answered once, when it is made; DELETE revokes, and the
// link then answers 410 to its recipient.
import type { Context } from 'hono'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import { createdShareLink, errorBody, shareLink } from '../../../contract/responses.ts'
import { shareLinkSchema, shareLinkUpdateSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { refusedOrMissing } from '../../../db/sql.ts'
import { badRequest, conflict } from '../../../http/errors.ts'
import { answerJson } from '../../../http/json-answer.ts'
import { answerVersioned, checkIfMatch } from '../../../http/versions.ts'
import { Api, eTag, ok } from '../../operation.ts'
import { checkShareLinkInput, newShareToken, shareLinks } from './repository.ts'

const tag = 'Share links'
const NOT_FOUND = 'Share link not found'
const REVOKED = 'This link was revoked: it cannot be changed. Create a new link instead.'

/**
 * Where the recipient opens a link: SITE_URL's origin; without it (an edge
 * function nobody told), the origin of the back office that asked, else the
 * API's own.
 */
export function shareUrl(c: Context<AppEnv>, token: string): string {
  const { siteUrl } = c.get('deps')
  const origin = c.req.header('origin')
  const base =
    siteUrl && URL.canParse(siteUrl)
      ? siteUrl
      : origin && /^https?:\/\/[^/]+$/i.test(origin) && URL.canParse(origin)
        ? origin
        : c.req.url
  return `${new URL(base).origin}/s/${token}`
}

/** Whether link `id` is revoked, as the caller sees it (false when it cannot see one). */
async function isRevoked(tx: Queryable, id: number): Promise<boolean> {
  const [row] = await tx.query<{ revoked: boolean }>(
    'select revoked_at is not null as revoked from public.share_links where id = $1',
    [id],
  )
  return row?.revoked === true
}

const notBefore = (expiresAt: string | null | undefined) => {
  if (expiresAt && Date.parse(expiresAt) <= Date.now())
    throw badRequest('The expiry must be in the future', {
      expiresAt: 'The expiry must be in the future',
    })
}

export const shareLinkApi = new Api()
  .add(
    {
      method: 'get',
      path: '/share-links',
      operationId: 'listShareLinks',
      summary: 'List share links, newest first, with their views and state',
      tag,
      access: 'signedIn',
      answers: { 200: ok('The share links', shareLink.array()) },
    },
    async (c) => {
      return answerJson(c, await readAsCaller(c, (tx) => shareLinks.listJson(tx)))
    },
  )
  .add(
    {
      method: 'get',
      path: '/share-links/{id}',
      operationId: 'getShareLink',
      summary: 'Read one share link',
      tag,
      access: 'signedIn',
      answers: { 200: { ...ok('The share link', shareLink), headers: eTag } },
    },
    (c, { id }) => answerVersioned(c, id, shareLinks.read, NOT_FOUND),
  )
  .add(
    {
      method: 'post',
      path: '/share-links',
      operationId: 'createShareLink',
      summary: 'Create a share link; its token is answered this once',
      tag,
      access: 'admin',
      confirmAdmin: true,
      body: shareLinkSchema,
      answers: { 201: ok('The new link, its address and its token', createdShareLink) },
    },
    async (c, { body }) => {
      notBefore(body.expiresAt)
      const token = newShareToken()
      const created = await asCaller(c, async (tx) => {
        await checkShareLinkInput(tx, body)
        const [id] = await shareLinks.insert(tx, [{ ...body, token } as never])
        return shareLinks.load(tx, id!)
      })
      return c.json({ ...created, url: shareUrl(c, token), token }, 201)
    },
  )
  .add(
    {
      method: 'patch',
      path: '/share-links/{id}',
      operationId: 'updateShareLink',
      summary:
        'Change what a share link shows, its expiry or its passphrase (null removes it); absent fields stay',
      tag,
      access: 'admin',
      confirmAdmin: true,
      body: shareLinkUpdateSchema,
      versioned: true,
      answers: {
        200: ok('The link as saved', shareLink),
        409: ok('The link was revoked', errorBody),
      },
    },
    async (c, { id, body }) => {
      const set = shareLinks.assignments(body)
      const saved = await asCaller(c, async (tx) => {
        await checkIfMatch(c, tx, 'share_links', id, 'share link')
        // Revoked links keep what they showed.
        if (await isRevoked(tx, id)) throw conflict(REVOKED)
        await checkShareLinkInput(tx, body)
        const updated = await tx.query(
          `update public.share_links set ${set.sql} where id = $1 returning id`,
          [id, ...set.params],
        )
        if (!updated.length) await refusedOrMissing(tx, 'share_links', id, 'Share link')
        return shareLinks.load(tx, id)
      })
      return c.json(saved, 200)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/share-links/{id}',
      operationId: 'revokeShareLink',
      summary: 'Revoke a share link: it answers 410 from then on, and stays listed as revoked',
      tag,
      access: 'admin',
      confirmAdmin: true,
      answers: { 204: ok('Revoked (also when it already was)') },
    },
    async (c, { id }) => {
      await asCaller(c, async (tx) => {
        const revoked = await tx.query(
          `update public.share_links set revoked_at = now()
            where id = $1 and revoked_at is null returning id`,
          [id],
        )
        if (!revoked.length && !(await isRevoked(tx, id)))
          await refusedOrMissing(tx, 'share_links', id, 'Share link')
      })
      return c.body(null, 204)
    },
  )
