// The Appearance screen's reads and its save (docs/PRODUCT.md §27): the
// appearance with its version (If-Match, decision 009) and what may be chosen.
// A save changes every public page, so the content root is marked stale.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AppearanceInput } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'
import { contentKeys, invalidateContent } from '@/lib/queries/keys'

export const ownerAppearanceQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('appearance', 'owner'),
    queryFn: ({ signal }) => api.getVersioned('/appearance', { signal }),
  })

export const appearanceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...contentKeys.lists('appearance'), 'options'],
    queryFn: ({ signal }) => api.get('/appearance/options', { signal }),
    staleTime: Infinity,
  })

export function useSaveAppearance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ payload, version }: { payload: AppearanceInput; version: string | null }) =>
      api.put('/appearance', payload, { ifMatch: version }),
    onSuccess: () => invalidateContent(queryClient),
  })
}
