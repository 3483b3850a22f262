// Saving the profile: each declared configuration the form changed, written
// through /configs like any other (PATCH when it exists, POST when it does
// not), so translations, backups and the Advanced view keep working. The
// server checks each value again (contract/profile.ts); a refusal names the
// configuration, and the form puts the message on its field.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileName } from '@shared/contract/profile.ts'
import type { Config } from '@shared/contract/types.ts'
import { api, ApiError } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

/** A configuration the server refused: its name, and the server's error. */
export class ProfileSaveError extends Error {
  constructor(
    readonly field: ProfileName,
    readonly cause: unknown,
  ) {
    super(cause instanceof ApiError ? cause.message : 'The profile could not be saved')
  }
}

export function useSaveProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      saved,
      values,
    }: {
      saved: readonly Config[]
      values: Record<ProfileName, string>
    }) => {
      for (const [name, value] of Object.entries(values) as [ProfileName, string][]) {
        const row = saved.find((config) => config.name === name)
        if ((row?.value ?? '') === value) continue
        try {
          if (row) await api.patch(`/configs/${row.id}`, { value })
          else await api.post('/configs', { name, value })
        } catch (error) {
          throw new ProfileSaveError(name, error)
        }
      }
    },
    onSettled: () => invalidateContent(queryClient),
  })
}
