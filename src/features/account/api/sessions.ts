// The signed-in account's sessions (GET /auth/sessions), and ending them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { accountSessionsKey } from '@/lib/queries/keys'

// The key is keys.ts's: a new password, set on the users screen, ends sessions too.
export const sessionKeys = { all: accountSessionsKey }

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => api.get('/auth/sessions', { signal }),
  })

export const useSessions = () => useQuery(sessionsQueryOptions())

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api.delete('/auth/sessions/{sessionId}', undefined, { params: { sessionId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/auth/sessions/end-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}
