// A server-rendered page shows before its code runs (docs/decisions/023): a
// test that presses keys or clicks must wait until React has taken the
// markup over. React marks each DOM node it owns with a property of its own
// (`__reactFiber$…`); the node matching `selector` having one means its part of
// the page is hydrated.
import type { Page } from '@playwright/test'

export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const node = document.querySelector(css)
    return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'))
  }, selector)
}
