// Helpers for component tests against the real API started by
// web-global-setup.ts. Each test file gets its own module registry, so
// pointing the client at the server here affects only the calling file.
import { QueryClientProvider } from '@tanstack/react-query'
import { configure, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { isValidElement, type ReactNode } from 'react'
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom'
import { afterAll, beforeAll, inject, vi } from 'vitest'
import type { ProjectInput, ShareLinkInput } from '@shared/contract/schemas.ts'
import type {
  Certification,
  Config,
  CreatedShareLink,
  Project,
  Technology,
  User,
} from '@shared/contract/types.ts'
import { createQueryClient } from '@/app/provider'
import { routes } from '@/app/router'
import { saveSession } from '@/lib/session'

// Real HTTP and a real database: allow more than the default 1 s for things
// to appear. The route's lazy chunks are loaded before the page is rendered
// (renderApp), so this measures the screen, not the chunks' transform, which
// under load took longer than 5 s by itself for a file's first screen.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20000 })

/** Point the api client at the main test server (or another base) for this file. */
export function connectToRealApi(base: () => string = () => inject('apiUrl')) {
  beforeAll(() => {
    vi.stubEnv('VITE_API_URL', base())
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })
}

export function signInAsAdmin() {
  const { token, user } = inject('adminSession')
  saveSession({ token, user })
  return user
}

/**
 * A session of the admin of its own, through a real login: for a test that
 * ends it (logout), which must not end the session every other file shares.
 */
export async function signInAsAdminAlone() {
  const { user, password } = inject('adminSession')
  const response = await fetch(`${inject('apiUrl')}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password }),
  })
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`)
  const session = (await response.json()) as { accessToken: string; user: User }
  saveSession({ token: session.accessToken, user: session.user })
  return session.accessToken
}

/** The status GET /auth/me answers for `token`: 200 while its session is open, 401 once ended. */
export async function sessionStatus(token: string): Promise<number> {
  const response = await fetch(`${inject('apiUrl')}/auth/me`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  await response.body?.cancel()
  return response.status
}

export function signInAsReader() {
  const { token, user } = inject('readerSession')
  saveSession({ token, user })
  return user
}

/** A name no other test (in any file) uses: the server is shared. */
export const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`

/** A React.lazy component as React keeps it: `_init` answers the module or throws the pending import. */
interface LazyType {
  $$typeof: symbol
  _init(payload: unknown): unknown
  _payload: unknown
}
const isLazy = (type: unknown): type is LazyType =>
  typeof type === 'object' &&
  type !== null &&
  (type as LazyType).$$typeof === Symbol.for('react.lazy')

/**
 * Loads every lazy component in an element tree, as React would when it
 * renders it (each `_init` either answers or throws the import to wait for),
 * so that rendering the tree later suspends on nothing.
 */
async function loadLazy(node: ReactNode): Promise<void> {
  if (Array.isArray(node)) {
    for (const child of node) await loadLazy(child as ReactNode)
    return
  }
  if (!isValidElement(node)) return
  const { type } = node
  if (isLazy(type))
    for (;;) {
      try {
        type._init(type._payload)
        break
      } catch (thrown) {
        if (typeof (thrown as PromiseLike<unknown> | null)?.then !== 'function') throw thrown
        await thrown
      }
    }
  const props = node.props as { children?: ReactNode; element?: ReactNode }
  await loadLazy(props.children)
  await loadLazy(props.element)
}

/**
 * Loads the lazy chunks of the routes `url` matches: the site's table, then
 * the back office's, and the dashboard's, where the back office sends an
 * account that may not see a screen.
 */
async function loadRouteChunks(url: string): Promise<void> {
  const pathname = new URL(url, 'http://localhost').pathname
  const load = async (table: RouteObject[], path: string) => {
    for (const match of matchRoutes(table, path) ?? []) await loadLazy(match.route.element)
  }
  await load(routes, pathname)
  if (pathname.startsWith('/admin')) {
    const { adminRoutes } = await import('@/app/routes/admin/admin-routes')
    await load(adminRoutes, pathname)
    await load(adminRoutes, '/admin/dashboard')
  }
}

/**
 * Loads the lazy chunks of the screens a file renders in the file's setup
 * rather than in its first test. A file runs in a fresh VM context, so its
 * first `renderApp` transforms and evaluates the whole screen: 5.9 s of a
 * 7.1 s first test at a load average of 2 to 4, and past the 20 s test
 * timeout at 12, while the file's later tests took 2 s. The paths are
 * matched against the route table (an id in a path can be any number).
 */
export function loadScreensFirst(...urls: string[]) {
  beforeAll(async () => {
    for (const url of urls) await loadRouteChunks(url)
  }, 120_000)
}

/**
 * Renders the app's real route table at `url` with a fresh query client, no
 * retries (failures show at once) and the real lazy route modules, loaded
 * before the first render.
 */
export async function renderApp(url: string) {
  await loadRouteChunks(url)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, user, router, queryClient }
}

/** Direct calls to the server, as the admin, to arrange and check data. */
const adminCall = <T,>(method: string, path: string, body?: unknown) =>
  callAs<T>(inject('apiUrl'), inject('adminSession').token, method, path, body)

async function callAs<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return (response.status === 204 ? undefined : await response.json()) as T
}

export const server = {
  get: <T,>(path: string) => adminCall<T>('GET', path),
  put: <T,>(path: string, body: unknown) => adminCall<T>('PUT', path, body),
  createConfig: (input: { name: string; value: string; description?: string | null }) =>
    adminCall<Config>('POST', '/configs', input),
  /** An admin is confirmed with the signed-in admin's password, as the dialog asks for it. */
  createUser: (input: { username: string; password: string; role: 'admin' | 'user' }) =>
    adminCall<User>('POST', '/users', {
      ...input,
      currentPassword: inject('adminSession').password,
    }),
  createTechnology: (input: { name: string; icon?: string | null }) =>
    adminCall<Technology>('POST', '/technologies', input),
  createProject: (input: ProjectInput) => adminCall<Project>('POST', '/projects', input),
  /** PUT /projects/featured-order: the featured row in this order (docs/PRODUCT.md §15). */
  setFeaturedOrder: (projectIds: number[]) =>
    adminCall<void>('PUT', '/projects/featured-order', { projectIds }),
  /** POST /share-links: the link with its address and token, which no later answer holds. */
  createShareLink: (input: ShareLinkInput) =>
    adminCall<CreatedShareLink>('POST', '/share-links', input),
  createCertification: (
    input: Partial<Omit<Certification, 'id'>> & { name: string },
  ): Promise<Certification> =>
    adminCall<Certification>('POST', '/certifications', {
      icon: '☁️',
      obtainedDate: '2024-05-10',
      isActive: true,
      ...input,
    }),
  certification: (id: number) => adminCall<Certification>('GET', `/certifications/${id}`),
  certifications: () => adminCall<Certification[]>('GET', '/certifications'),
  deleteCertification: (id: number) => adminCall<void>('DELETE', `/certifications/${id}`),
  /** POST /experiences or /education with the API's own payload (docs/PRODUCT.md §18). */
  createStory: <T,>(path: '/experiences' | '/education', input: Record<string, unknown>) =>
    adminCall<T>('POST', path, input),
  users: () => adminCall<User[]>('GET', '/users'),
  configs: () => adminCall<Config[]>('GET', '/configs'),
}

/**
 * A recipient opening a share link: the view beacon its page sends, from a
 * browser and signed out (a signed-in caller is never counted: docs/PRODUCT.md §24).
 */
export async function viewShareLink(token: string) {
  const response = await fetch(`${inject('apiUrl')}/shared/${token}/views`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36 ${token}`,
    },
    body: '{}',
  })
  if (response.status !== 204) throw new Error(`the view answered ${response.status}`)
}

/**
 * A stack one file has to itself (web-stacks.ts): connect the file to it, sign
 * in as its accounts, and arrange data as its admin. Use each from one file
 * only: its tests run one after another, files do not.
 */
const stackOfItsOwn = (name: 'multilingual' | 'activity') => ({
  connect: () => connectToRealApi(() => inject(name).apiUrl),
  signInAsAdmin: () => {
    const { token, user } = inject(name).admin
    saveSession({ token, user })
    return user
  },
  signInAsReader: () => {
    const { token, user } = inject(name).reader
    saveSession({ token, user })
    return user
  },
  /** A call as its admin, to arrange and check data. */
  call: <T,>(method: string, path: string, body?: unknown) =>
    callAs<T>(inject(name).apiUrl, inject(name).admin.token, method, path, body),
})

/** The stack whose languages a test may change, so the other files keep a site of one language. */
export const multilingual = stackOfItsOwn('multilingual')
/** The dashboard's recent activity: ten newest changes, which no other file's writes may push out. */
export const activity = stackOfItsOwn('activity')
