// A real database per test file: the migrations are applied once into a
// PGlite data directory dumped to a tarball in the temp folder (keyed by the
// migrations' contents); each test file loads its own copy of it, which is
// about four times faster than starting PGlite and migrating again.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { signToken, tokenKey as makeTokenKey } from '../../supabase/functions/_shared/auth.ts'
import {
  createDatabase,
  type Driver,
  type Queryable,
  type Row,
} from '../../supabase/functions/_shared/db.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import type { Role } from '../../supabase/functions/_shared/schemas.ts'
import type { AuthResponse, User } from '../../supabase/functions/_shared/types.ts'
import { migrate, migrationsDir } from '../../server/migrate.ts'

export const TEST_SECRET = 'test-secret-that-is-at-least-32-bytes-long'
export const ADMIN_PASSWORD = 'secret1'

function wrap(q: { query: PGlite['query'] }): Queryable {
  return {
    async query<T = Row>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params)).rows
    },
  }
}

function driverFor(pg: PGlite): Driver & { exec(sql: string): Promise<void> } {
  return {
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql)
    },
    close: () => pg.close(),
  }
}

async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256')
  for (const file of (await readdir(migrationsDir)).sort())
    hash.update(file).update(await readFile(path.join(migrationsDir, file)))
  const file = path.join(os.tmpdir(), `vitrine-api-template-${hash.digest('hex').slice(0, 16)}.tar`)
  if (existsSync(file)) return new Blob([await readFile(file)])
  const pg = await PGlite.create({ extensions: { pgcrypto } })
  await migrate(driverFor(pg), { seed: false })
  const dump = await pg.dumpDataDir('none')
  await pg.close()
  // Write then rename, so a test file running in parallel never reads half a tarball.
  const partial = `${file}.${process.pid}.${Date.now()}`
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
  await rename(partial, file)
  return dump
}

export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
}

export interface RequestOptions {
  token?: string
  body?: unknown
  /** Sent as is (for bad JSON and multipart tests). */
  rawBody?: BodyInit
  headers?: Record<string, string>
}

export async function createTestContext() {
  const pg = await PGlite.create({
    loadDataDir: await migratedTemplate(),
    extensions: { pgcrypto },
  })
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-uploads-'))
  const key = makeTokenKey(TEST_SECRET)
  const images = new LocalFolderStore(uploadsDir)
  const db = createDatabase(driverFor(pg))
  const app = createApp({ db, images, tokenKey: key })

  // Test bodies are read loosely; each test asserts the fields it cares about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function request<T = any>(
    method: string,
    url: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await app.request(`/api${url}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers }
  }

  const tokenFor = (userId: number, ttlSeconds?: number) => signToken(key, userId, ttlSeconds)

  /** The first admin, through the public register call. */
  async function registerAdmin(username = 'admin', password = ADMIN_PASSWORD) {
    const res = await request<AuthResponse>('POST', '/auth/register', {
      body: { username, password },
    })
    if (res.status !== 201)
      throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { token: res.body.accessToken, user: res.body.user }
  }

  let created = 0
  /** Another account, created by an admin through POST /users. */
  async function createUser(role: Role, adminToken: string, username = `${role}${++created}`) {
    const res = await request<User>('POST', '/users', {
      token: adminToken,
      body: { username, password: 'password1', role },
    })
    if (res.status !== 201)
      throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { user: res.body, token: await tokenFor(res.body.id) }
  }

  /** A visitor, a read-only `user` and an admin, plus broken tokens of the admin. */
  async function roles() {
    const admin = await registerAdmin()
    const user = await createUser('user', admin.token)
    return {
      admin,
      user,
      expiredToken: await tokenFor(admin.user.id, -60),
      tamperedToken: tamper(admin.token, user.user.id),
      algNoneToken: algNone(admin.user.id),
    }
  }

  async function close() {
    await pg.close()
    await rm(uploadsDir, { recursive: true, force: true })
  }

  return {
    app,
    pg,
    db,
    images,
    uploadsDir,
    request,
    tokenFor,
    registerAdmin,
    createUser,
    roles,
    close,
  }
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>

const b64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url')

/** Keeps the header and signature of a real token and swaps its payload for one claiming another `sub`. */
export function tamper(token: string, otherUserId: number): string {
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
  claims.sub = String(otherUserId === Number(claims.sub) ? otherUserId + 1 : otherUserId)
  return `${header}.${b64url(JSON.stringify(claims))}.${signature}`
}

/** An unsigned token ({"alg":"none"}) with otherwise valid claims. */
export function algNone(userId: number): string {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))
  const payload = b64url(
    JSON.stringify({
      sub: String(userId),
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  )
  return `${header}.${payload}.`
}

/** The smallest valid PNG (1x1, transparent). */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

export function imageForm(bytes: Uint8Array, filename = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData()
  form.append('file', new File([bytes as BlobPart], filename, { type }))
  return form
}
