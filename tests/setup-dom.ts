import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// sonner adds its toast stylesheet (about 150 rules) to the document when it
// is imported. jsdom lays nothing out, and no rule of it hides anything
// (display or visibility), so it never changes what a role or text query
// finds; but every getComputedStyle call, which those queries make for each
// element and its ancestors, matched each of its selectors: about a tenth of
// the CPU time of the six heaviest web files (docs/TESTING.md). The toasts'
// own tests read their text and roles, not their styles.
beforeEach(() => {
  for (const style of document.head.querySelectorAll('style'))
    if (style.textContent?.startsWith('[data-sonner-toaster]')) style.remove()
})

// jsdom has no ResizeObserver; radix Switch and Checkbox measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// jsdom has <dialog> but not its modal methods (the public menu's drawer uses
// them): open and close it as a browser does, without the inert page or the
// focus handling, which the e2e tests check in Chromium.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}
