// The signed-in account's passkeys (GET /auth/passkeys): adding one (the
// browser's ceremony, src/lib/passkeys.ts), renaming and removing
// (docs/decisions/041-passkeys.md); adding and removing take the current
// password (docs/decisions/064).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { addPasskey } from '@/lib/passkeys'

export const passkeyKeys = { all: ['account', 'passkeys'] as const }

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => api.get('/auth/passkeys', { signal }),
  })

export const usePasskeys = () => useQuery(passkeysQueryOptions())

export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, currentPassword }: { name: string; currentPassword: string }) =>
      addPasskey(name, currentPassword),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  })
}

const path = '/auth/passkeys/{passkeyId}'

export function useRenamePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(path, { name }, { params: { passkeyId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: string; currentPassword: string }) =>
      api.delete(path, { currentPassword }, { params: { passkeyId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  })
}
