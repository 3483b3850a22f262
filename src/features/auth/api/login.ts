import { useMutation } from '@tanstack/react-query'
import type { LoginInput, LoginVerifyInput } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'
import { signInWithPasskey } from '@/lib/passkeys'
import { saveSession } from '@/lib/session'

// Anonymous on purpose: a stale token must not turn a login failure into "session expired".
export const login = (input: LoginInput) => api.post('/auth/login', input, { token: null })

/** A right password answers a token, or, with two-step sign-in on, a challenge for the code. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('accessToken' in answer) saveSession({ token: answer.accessToken, user: answer.user })
    },
  })
}

/** The second step: the challenge and a code from the app or a recovery code. */
export function useLoginVerify() {
  return useMutation({
    mutationFn: (input: LoginVerifyInput) => api.post('/auth/login/verify', input, { token: null }),
    onSuccess: ({ accessToken, user }) => saveSession({ token: accessToken, user }),
  })
}

/**
 * Signs in with a passkey (docs/decisions/041-passkeys.md): no username and
 * no second step. `true` waits for one picked from the username field's
 * autofill (conditional UI), `false` asks the browser at once.
 */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: (autofill: boolean) => signInWithPasskey(autofill),
    onSuccess: ({ accessToken, user }) => saveSession({ token: accessToken, user }),
  })
}
