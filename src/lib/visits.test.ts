// The beacon of the visit statistics (docs/PRODUCT.md §17). navigator.sendBeacon
// is the browser's boundary and jsdom has none, so it is mocked; the idle
// callback is driven by hand to see what happens before and after it.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { VisitTarget } from '@shared/contract/schemas.ts'
import { visitTarget } from './visit-target'

const API = 'https://api.example/functions/v1/api'

let sendBeacon: ReturnType<typeof vi.fn>
let idle: (() => void)[]
const removals: (() => void)[] = []

/** A fresh module each test: it remembers the first view and its click listener. */
async function visits() {
  vi.resetModules()
  return import('./visits')
}

const sent = () =>
  sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(`${API}/events`)
    return JSON.parse(body as string) as Record<string, unknown>
  })

const runIdle = () => idle.splice(0).forEach((work) => work())

function setNavigator(key: string, value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true })
}

beforeEach(() => {
  vi.stubEnv('VITE_API_URL', API)
  sendBeacon = vi.fn(() => true)
  setNavigator('sendBeacon', sendBeacon)
  idle = []
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work))
  // The module's click listeners outlive it; they are removed after each test.
  const add = document.addEventListener.bind(document)
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    add(type, listener, options)
    removals.push(() => document.removeEventListener(type, listener, options))
  })
  history.replaceState(null, '', '/')
})

afterEach(() => {
  for (const remove of removals.splice(0)) remove()
  for (const key of ['sendBeacon', 'doNotTrack', 'globalPrivacyControl'])
    delete (navigator as unknown as Record<string, unknown>)[key]
  document.body.innerHTML = ''
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

test('sends nothing before the page has loaded and the browser is idle, then one view', async () => {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
  const { countView } = await visits()
  countView('/', '')
  runIdle()
  expect(sendBeacon).not.toHaveBeenCalled()

  dispatchEvent(new Event('load'))
  expect(sendBeacon).not.toHaveBeenCalled()
  runIdle()
  expect(sent()).toEqual([{ type: 'view', path: '/' }])
})

test("a view names the path with its query, a project page's id, and another site's referrer on arrival only", async () => {
  vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example/item?id=1')
  const { countView } = await visits()
  countView('/', '?utm_source=newsletter')
  countView('/projects/12-harbor-maps', '')
  runIdle()
  expect(sent()).toEqual([
    {
      type: 'view',
      path: '/?utm_source=newsletter',
      referrer: 'https://news.example/item?id=1',
    },
    { type: 'view', path: '/projects/12-harbor-maps', projectId: 12 },
  ])
})

test('a referrer from this site is none, and pages other than the public ones are not counted', async () => {
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${location.origin}/admin/dashboard`)
  const { countView } = await visits()
  countView('/admin/dashboard', '')
  countView('/cv', '')
  countView('/', '')
  runIdle()
  expect(sent()).toEqual([{ type: 'view', path: '/' }])
})

test.each([
  ['Do Not Track', 'doNotTrack', '1'],
  ['Global Privacy Control', 'globalPrivacyControl', true],
])('sends nothing, views or clicks, under %s', async (_, key, value) => {
  setNavigator(key, value)
  const { countView } = await visits()
  countView('/', '')
  runIdle()
  link('github').click()
  expect(sendBeacon).not.toHaveBeenCalled()
})

test('sends nothing in a frame: the Appearance screen previewing the page', async () => {
  // The page's own window is not the top one. `self` is the side a test can
  // replace: `top` cannot be redefined in every environment the suite runs in.
  vi.stubGlobal('self', {})
  const { countView } = await visits()
  countView('/', '')
  runIdle()
  link('github').click()
  expect(sendBeacon).not.toHaveBeenCalled()
})

/** A link marked as the page marks it, clicked on the text inside it. */
function link(target: VisitTarget, projectId?: number) {
  const a = document.createElement('a')
  a.href = '#'
  for (const [name, value] of Object.entries(visitTarget(target, projectId)))
    a.setAttribute(name, value)
  a.append(document.createElement('span'))
  a.addEventListener('click', (event) => event.preventDefault())
  document.body.append(a)
  return a.firstElementChild as HTMLElement
}

test('a click on a marked link sends its target, and the project it belongs to', async () => {
  const { countView } = await visits()
  countView('/', '')
  runIdle()
  sendBeacon.mockClear()
  for (const target of ['live', 'source', 'linkedin', 'github', 'email'] as const)
    link(target).click()
  link('live', 5).click()
  document.body.append(document.createElement('button'))
  document.querySelector('button')!.click() // not marked: not counted
  expect(sent()).toEqual([
    { type: 'click', path: '/', target: 'live' },
    { type: 'click', path: '/', target: 'source' },
    { type: 'click', path: '/', target: 'linkedin' },
    { type: 'click', path: '/', target: 'github' },
    { type: 'click', path: '/', target: 'email' },
    { type: 'click', path: '/', target: 'live', projectId: 5 },
  ])
})

test("on a project's page a click belongs to that project, and a middle click counts too", async () => {
  history.replaceState(null, '', '/projects/12-harbor-maps')
  const { countView } = await visits()
  countView('/projects/12-harbor-maps', '')
  runIdle()
  sendBeacon.mockClear()
  link('source').dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }))
  expect(sent()).toEqual([
    { type: 'click', path: '/projects/12-harbor-maps', target: 'source', projectId: 12 },
  ])
})

test('clicks are not counted before the first view has been sent, nor off the public pages', async () => {
  const { countView } = await visits()
  countView('/', '')
  link('live').click()
  expect(sendBeacon).not.toHaveBeenCalled()
  runIdle()
  sendBeacon.mockClear()
  history.replaceState(null, '', '/admin/projects')
  link('live').click()
  expect(sendBeacon).not.toHaveBeenCalled()
})
