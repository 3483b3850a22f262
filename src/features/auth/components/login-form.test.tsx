// The passkey side of the login page in jsdom, which has no WebAuthn: the
// username field asks for passkey autofill, and the button says plainly that
// this browser cannot use one (the sign-in itself: tests/e2e/passkeys.spec.ts).
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { getSession } from '@/lib/session'
import { connectToRealApi, renderApp, loadScreensFirst } from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/login')

describe('signing in with a passkey', () => {
  test('offers the button beside the form, and says when the browser cannot', async () => {
    const { user } = await renderApp('/admin/login')
    expect(await screen.findByLabelText('Username')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    )
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser does not support passkeys.',
    )
    expect(getSession()).toBeNull()
  })
})
