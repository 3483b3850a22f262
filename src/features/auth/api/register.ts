import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RegisterInput } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'

export const getRegisterStatus = (signal?: AbortSignal) =>
  api.get('/auth/register', { signal, token: null })

export const registerStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'register'],
    queryFn: ({ signal }) => getRegisterStatus(signal),
    staleTime: 0,
  })

export const useRegisterStatus = () => useQuery(registerStatusQueryOptions())

export const register = (input: RegisterInput) => api.post('/auth/register', input, { token: null })

/**
 * Creates the first admin. The spec sends the user to the login page afterwards,
 * so the returned token is not kept.
 */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: registerStatusQueryOptions().queryKey }),
  })
}
