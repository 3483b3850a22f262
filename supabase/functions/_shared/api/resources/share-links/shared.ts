// What a share link's recipient calls (docs/PRODUCT.md §24): the page's
// content by the link's token, the passphrase, and the view beacon. None of
// it is kept by any cache: every answer is private, not for robots, and sends
// no referrer on (the token is in the address).
import type { Context } from 'hono'
import type { AppEnv } from '../../../context.ts'
import { errorBody, sharedPage, sharePass } from '../../../contract/responses.ts'
import { shareUnlockSchema, shareViewSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { clientKey } from '../../../http/client-key.ts'
import { sameSiteOnly } from '../../../http/cross-site.ts'
import { HttpError, notFound } from '../../../http/errors.ts'
import { PRIVATE_CACHE_CONTROL } from '../../../http/http-cache.ts'
import { DEFAULT_STATS_SETTINGS, isRobot, optedOut } from '../../../visits/stats.ts'
import { Api, crossSiteRefusals, ok } from '../../operation.ts'
import { makePass, passOf, passOpens, setPassCookies } from './pass.ts'
import { SHARE_TOKEN } from './repository.ts'

const tag = 'Share links'
const UNKNOWN = 'This link does not exist'
const gone = (state: string) =>
  new HttpError(410, state === 'revoked' ? 'This link was revoked' : 'This link has expired')
const NEEDS_PASSPHRASE = 'This link needs its passphrase'
const WRONG = 'Wrong passphrase'

/** The answers every call here may give about the link itself. */
const linkAnswers = {
  404: ok('No link has this token', errorBody),
  410: ok('The link expired or was revoked', errorBody),
}

/** The token in the path, or 404 before any query for one that cannot be one. */
function tokenOf(c: Context<AppEnv>): string {
  const token = c.req.param('token') ?? ''
  if (!SHARE_TOKEN.test(token)) throw notFound(UNKNOWN)
  return token
}

interface LinkState {
  id: number
  state: 'active' | 'expired' | 'revoked'
  passphrase_tag: string | null
}

/** The active link `token` opens, or 404 / 410. */
async function activeLink(tx: Queryable, token: string): Promise<LinkState> {
  const [link] = await tx.query<LinkState>('select * from app.share_link_state($1)', [token])
  if (!link) throw notFound(UNKNOWN)
  if (link.state !== 'active') throw gone(link.state)
  return link
}

/** 401 unless the link has no passphrase or the request carries a pass for it. */
function checkPass(c: Context<AppEnv>, link: LinkState, fromBody?: string) {
  if (link.passphrase_tag === null) return
  const secret = c.get('deps').tokenKey.secret
  if (!passOpens(secret, link.id, link.passphrase_tag, passOf(c, fromBody)))
    // errors.passphrase tells the page to ask for it (a bad token is a 401 too).
    throw new HttpError(401, NEEDS_PASSPHRASE, { passphrase: NEEDS_PASSPHRASE })
}

export const sharedApi = new Api()

// Every answer about a link, errors included: never kept by a browser or a
// shared cache, never indexed, and the page's address never sent on.
sharedApi.routes.use('/shared/*', async (c, next) => {
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Referrer-Policy', 'no-referrer')
  await next()
  c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
})

// A view beacon is counted for nobody who asked not to be followed, for no
// robot and for no signed-in account (the owner looking at the link): 204
// before the body is read, as POST /events does.
sharedApi.routes.post(
  '/shared/:token/views',
  sameSiteOnly(['text/plain', 'application/json']),
  async (c, next) => {
    const header = (name: string) => c.req.header(name)
    if (optedOut(header) || isRobot(header('user-agent')) || c.get('principal').kind === 'user')
      return c.body(null, 204)
    await next()
  },
)

sharedApi
  .add(
    {
      method: 'get',
      path: '/shared/{token}',
      operationId: 'readSharedPage',
      summary: "What a share link's page shows, by the link's token",
      tag,
      access: 'public',
      answers: {
        200: ok('The note, the site texts and the chosen projects in order', sharedPage),
        401: ok('The link has a passphrase and the request no pass for it', errorBody),
        ...linkAnswers,
      },
    },
    async (c) => {
      const token = tokenOf(c)
      const page = await c.get('deps').db.as(
        { kind: 'anon' },
        async (tx) => {
          checkPass(c, await activeLink(tx, token))
          const [row] = await tx.query<{ page: unknown }>('select app.shared_page($1) as page', [
            token,
          ])
          return row?.page
        },
        { readOnly: true },
      )
      if (!page) throw notFound(UNKNOWN)
      return c.json(page as object, 200)
    },
  )
  .add(
    {
      method: 'post',
      path: '/shared/{token}/unlock',
      operationId: 'unlockSharedPage',
      summary: "A pass for a share link's page, for its passphrase",
      tag,
      access: 'public',
      // A passphrase guessed by another site's page would use up the link's limit.
      fromThisSite: ['application/json'],
      body: shareUnlockSchema,
      answers: {
        200: {
          ...ok('The pass, also set as an HttpOnly cookie scoped to the link', sharePass),
          headers: { 'Set-Cookie': "The pass, for /s/<token> and this link's API path" },
        },
        401: ok('Wrong passphrase', errorBody),
        429: ok('Too many wrong passphrases from this address, or for this link', errorBody),
        ...linkAnswers,
      },
    },
    async (c, { body }) => {
      const token = tokenOf(c)
      const result = await c
        .get('deps')
        .db.as({ kind: 'anon' }, (tx) =>
          tx
            .query<{ result: UnlockResult }>('select app.unlock_share_link($1, $2, $3) as result', [
              token,
              body.passphrase,
              clientKey(c),
            ])
            .then(([row]) => row!.result),
        )
      if (!('id' in result)) throw unlockRefusal(result)
      const made = makePass(c.get('deps').tokenKey.secret, result.id, result.passphraseTag ?? '')
      setPassCookies(c, made.pass, token, c.req.path.replace(/\/unlock$/, ''))
      return c.json(
        { pass: made.pass, expiresAt: new Date(made.expires * 1000).toISOString() },
        200,
      )
    },
  )
  .add(
    {
      method: 'post',
      path: '/shared/{token}/views',
      operationId: 'recordSharedView',
      summary: "A share link's page beacon: one view, counted once per visitor and day",
      tag,
      access: 'public',
      body: shareViewSchema,
      bodyLimit: 2 * 1024,
      answers: {
        204: ok('Received (also when not counted: Do Not Track, GPC, robots, signed-in accounts)'),
        401: ok('The link has a passphrase and the beacon no pass for it', errorBody),
        429: ok('Too many views from this address', errorBody),
        ...linkAnswers,
        ...crossSiteRefusals,
      },
    },
    async (c, { body }) => {
      const token = tokenOf(c)
      const { db, stats = DEFAULT_STATS_SETTINGS } = c.get('deps')
      const result = await db.as({ kind: 'anon' }, async (tx) => {
        checkPass(c, await activeLink(tx, token), body.pass)
        const [row] = await tx.query<{ result: ViewResult }>(
          'select app.record_share_view($1, $2, $3, $4, $5) as result',
          [
            token,
            clientKey(c),
            (c.req.header('user-agent') ?? '').slice(0, 512),
            new URL(c.req.url).host,
            stats.eventsPerMinute,
          ],
        )
        return row!.result
      })
      if (result.status === 'locked')
        throw new HttpError(429, 'Too many views. Please try again later.', undefined, {
          'Retry-After': String(result.retryAfter),
        })
      return c.body(null, 204)
    },
  )

/** Why an unlock opened nothing, as the contract answers it. */
function unlockRefusal(result: Exclude<UnlockResult, { status: 'ok' | 'open' }>): HttpError {
  switch (result.status) {
    case 'unknown':
      return notFound(UNKNOWN)
    case 'locked':
      return new HttpError(429, 'Too many wrong passphrases. Please try again later.', undefined, {
        'Retry-After': String(result.retryAfter),
      })
    case 'wrong':
      return new HttpError(401, WRONG, { passphrase: WRONG })
    default:
      return gone(result.status)
  }
}

type UnlockResult =
  | { status: 'unknown' | 'expired' | 'revoked' | 'wrong' }
  | { status: 'locked'; retryAfter: number }
  | { status: 'open' | 'ok'; id: number; passphraseTag?: string }
type ViewResult =
  | { status: 'ok' | 'unknown' | 'expired' | 'revoked' }
  | {
      status: 'locked'
      retryAfter: number
    }
