// /github (docs/github.md): an account's repositories, their import as
// projects, and the sync of imported ones; its merged pull requests, and the
// ones the Open source section shows (/contributions).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Contribution, GithubPullRequestItem } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateAfterWrite } from '@/lib/queries/keys'

export const fetchGithubRepositories = (login: string, signal?: AbortSignal) =>
  api.get('/github/repositories', { query: { login }, signal })

export function useImportFromGithub() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (repositories: string[]) => api.post('/github/import', { repositories }),
    onSuccess: () => invalidateAfterWrite(queryClient, 'projects'),
  })
}

export function useSyncFromGithub() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/github/sync'),
    onSuccess: () => invalidateAfterWrite(queryClient, 'projects'),
  })
}

export const fetchGithubPullRequests = (login: string, signal?: AbortSignal) =>
  api.get('/github/pull-requests', { query: { login }, signal })

/** The pull requests the Open source section shows (GET /contributions), newest merge first. */
export const fetchContributions = () => api.get('/contributions')

/** Shows each pull request in turn; answers the ones saved before any failure. */
export async function showPullRequests(
  pulls: readonly Omit<GithubPullRequestItem, 'chosen'>[],
): Promise<Contribution[]> {
  const saved: Contribution[] = []
  for (const { url, repository, title, mergedAt, number } of pulls)
    saved.push(await api.post('/contributions', { url, repository, title, mergedAt, number }))
  return saved
}

export const removeContribution = (id: number) =>
  api.delete('/contributions/{id}', undefined, { params: { id } })
