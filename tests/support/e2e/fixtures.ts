// The e2e `test`: a page that throws an uncaught error fails its test. (Every
// browser context is cut off from the internet by the browser's launch
// options in playwright.config.ts: only the product on localhost answers.)
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { ownerState } from './env'

/**
 * After each goto and reload, waits until a server-rendered page is hydrated
 * (docs/decisions/023): its markup shows before its code runs, and a click or
 * a key pressed in between would be lost, where a person would simply try
 * again. Pages the browser renders alone, and pages with scripts off, go on at once.
 */
export function settleAfterNavigation(page: Page): void {
  const settle = () =>
    page
      .waitForFunction(
        () => {
          const state = document.getElementById('vitrine-state')
          if (!state?.textContent || !document.documentElement.classList.contains('js')) return true
          // Any element of the root, not the first: a page may start with a
          // <link rel="preload"> that React leaves in place without a fiber.
          const children = Array.from(document.getElementById('root')?.children ?? [])
          return children.some((child) =>
            Object.keys(child).some((key) => key.startsWith('__reactFiber')),
          )
        },
        null,
        { timeout: 10_000 },
      )
      .catch(() => {
        // Goes on as a person would; said, since every such page costs the run 10 s.
        console.warn(`not hydrated after 10 s: ${page.url()}`)
      })
  const goto = page.goto.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await settle()
    return response
  }
  const reload = page.reload.bind(page)
  page.reload = async (...args) => {
    const response = await reload(...args)
    await settle()
    return response
  }
}

export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  return errors
}

/** A new context, signed out unless asked. */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions & { signedIn?: boolean } = {},
): Promise<BrowserContext> {
  const { signedIn, ...rest } = options
  return browser.newContext({
    ...rest,
    // Explicit both ways: browser.newContext() would otherwise inherit a file's test.use({ storageState }).
    storageState: signedIn ? ownerState : { cookies: [], origins: [] },
  })
}

export const test = base.extend<{ ownerPage: Page }>({
  page: async ({ page }, use) => {
    settleAfterNavigation(page)
    const errors = watchErrors(page)
    await use(page)
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
  /** A page in a second context where the owner is signed in. */
  ownerPage: async ({ browser, contextOptions }, use) => {
    const context = await newContext(browser, { ...contextOptions, signedIn: true })
    const page = await context.newPage()
    settleAfterNavigation(page)
    const errors = watchErrors(page)
    await use(page)
    expect(errors, 'uncaught errors in the page').toEqual([])
    await context.close()
  },
})

export { expect }
