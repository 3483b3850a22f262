// /github (docs/github.md): an account's repositories, their import as
// projects, and the sync of imported ones.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { GithubImported, GithubRepositories, GithubSynced } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateAfterWrite } from '@/lib/queries/keys'

export const fetchGithubRepositories = (login: string, signal?: AbortSignal) =>
  api.get<GithubRepositories>(`/github/repositories?login=${encodeURIComponent(login)}`, {
    signal,
  })

export function useImportFromGithub() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (repositories: string[]) =>
      api.post<GithubImported>('/github/import', { repositories }),
    onSuccess: () => invalidateAfterWrite(queryClient, 'projects'),
  })
}

export function useSyncFromGithub() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<GithubSynced>('/github/sync'),
    onSuccess: () => invalidateAfterWrite(queryClient, 'projects'),
  })
}
