// Passkey ceremonies in the browser (docs/decisions/041-passkeys.md), shared by
// the login page and the account page, both lazy chunks: the public page never
// loads this. @simplewebauthn/browser turns the API's JSON options into
// navigator.credentials calls and the answers back into JSON.
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser'
import type { AuthResponse, Passkey } from '@shared/contract/types.ts'
import { api, ApiError } from '@/lib/api-client'

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill }

/** The person closed the browser's passkey prompt, or it timed out: nothing to report loudly. */
export const CANCELLED = 'The passkey request was cancelled or timed out.'

/** What to tell the person when a ceremony fails: the browser's reason, or the server's. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : undefined
  const code = error instanceof WebAuthnError ? error.code : undefined
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'This device already holds a passkey for your account.'
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return CANCELLED
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return 'Passkeys only work at the address this site is set up for (SITE_URL).'
  if (!browserSupportsWebAuthn()) return 'This browser does not support passkeys.'
  if (error instanceof Error && /not supported/i.test(error.message))
    return 'This browser does not support passkeys.'
  return 'The passkey could not be used. Please try again.'
}

/**
 * Creates a passkey for the signed-in account and adds it under `name`; the
 * server hands out its challenge only for the account's current password.
 */
export async function addPasskey(name: string, currentPassword: string): Promise<Passkey> {
  const optionsJSON = await api.post('/auth/passkeys/register/options', { currentPassword })
  const response = await startRegistration({ optionsJSON })
  // The server keeps no extension results: it reads them as {}.
  return api.post('/auth/passkeys/register/verify', {
    name,
    response: { ...response, clientExtensionResults: {} },
  })
}

/**
 * Signs in with a passkey the browser offers: at once (the button), or
 * through the username field's autofill (`autofill`), which waits until the
 * person picks one there. Anonymous, as the password sign-in.
 */
export async function signInWithPasskey(autofill = false): Promise<AuthResponse> {
  const optionsJSON = await api.post('/auth/passkeys/login/options', {}, { token: null })
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill })
  return api.post(
    '/auth/passkeys/login/verify',
    { response: { ...response, clientExtensionResults: {} } },
    { token: null },
  )
}

/** Stops a waiting autofill sign-in (the login page is left). */
export const cancelPasskeyCeremony = () => WebAuthnAbortService.cancelCeremony()
