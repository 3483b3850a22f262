import { useMutation } from '@tanstack/react-query'
import type { LoginInput } from '@shared/contract/schemas.ts'
import type { AuthResponse } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { saveSession } from '@/lib/session'

// Anonymous on purpose: a stale token must not turn a login failure into "session expired".
export const login = (input: LoginInput) =>
  api.post<AuthResponse>('/auth/login', input, { token: null })

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken, user }) => saveSession({ token: accessToken, user }),
  })
}
