// POST /resume/import (docs/PRODUCT.md §20): a dry run answers the plan; the
// import itself creates what is new, so every list it may change refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type ApiBody } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

/** A JSON Resume as the import reads it (the server checks it, and names the first problem). */
export type JsonResume = ApiBody<'POST', '/resume/import'>

export function useImportResume() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ resume, dryRun, lang }: { resume: unknown; dryRun: boolean; lang?: string }) =>
      // A file's JSON, as read: the server checks it, and names its first problem.
      api.post('/resume/import', resume as JsonResume, {
        query: { dryRun, lang: lang || undefined },
      }),
    onSuccess: (_plan, { dryRun }) => (dryRun ? undefined : invalidateContent(queryClient)),
  })
}
