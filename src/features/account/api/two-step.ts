// Two-step sign-in for the signed-in account (GET /auth/two-step), and
// turning it on and off (docs/decisions/039-two-step-sign-in.md).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TwoStepDisableInput } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'

export const twoStepKeys = { all: ['account', 'two-step'] as const }

export const twoStepQueryOptions = () =>
  queryOptions({
    queryKey: twoStepKeys.all,
    queryFn: ({ signal }) => api.get('/auth/two-step', { signal }),
  })

export const useTwoStep = () => useQuery(twoStepQueryOptions())

/**
 * A new secret for the app, for the account's current password; two-step
 * stays off until a code from it is confirmed.
 */
export const useSetUpTwoStep = () =>
  useMutation({
    mutationFn: (currentPassword: string) => api.post('/auth/two-step/setup', { currentPassword }),
  })

export function useEnableTwoStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api.post('/auth/two-step/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.all }),
  })
}

export function useDisableTwoStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TwoStepDisableInput) => api.post('/auth/two-step/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.all }),
  })
}
