import { screen, within } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
import {
  renderApp,
  signInAsAdmin,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/dashboard')

/**
 * The text a sighted person reads on an element: every text node except those
 * only screen readers get (.sr-only), in order, with the gaps a layout puts
 * between separate boxes. Text hidden from assistive technology still counts:
 * it is on screen.
 */
function visibleText(element: Element): string {
  const parts: string[] = []
  const walk = (node: Node) => {
    if (node instanceof Element && node.classList.contains('sr-only')) return
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '')
    else node.childNodes.forEach(walk)
  }
  walk(element)
  return normalize(parts.join(' '))
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

describe('the admin menu', () => {
  test("the Messages entry's accessible name contains its visible text, unread count included (WCAG 2.5.3)", async () => {
    signInAsAdmin()
    const response = await fetch(`${inject('apiUrl')}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: unique('Visitor'),
        email: 'visitor@example.com',
        message: 'Hello',
        website: '',
      }),
    })
    expect(response.status).toBe(201)
    await renderApp('/admin/dashboard')

    const nav = await screen.findByRole('navigation', { name: 'Admin' })
    const link = await within(nav).findByRole('link', { name: /unread/ })
    const visible = visibleText(link)
    // The count shows on screen, so it is part of what the name must contain.
    expect(visible).toMatch(/^messages \d+$/)
    // Compared as written, punctuation included: "Messages, 1 unread" does not contain "Messages 1".
    const escaped = visible.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const containsVisible = new RegExp(escaped.replace(/ /g, '\\s+'), 'i')
    expect(link).toHaveAccessibleName(containsVisible)
    expect(link).toHaveAccessibleName(/^Messages \d+ unread$/)
  })
})
