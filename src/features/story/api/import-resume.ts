// POST /resume/import (docs/PRODUCT.md §20): a dry run answers the plan; the
// import itself creates what is new, so every list it may change refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResumeImportPlan } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export function useImportResume() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ resume, dryRun, lang }: { resume: unknown; dryRun: boolean; lang?: string }) =>
      api.post<ResumeImportPlan>(
        `/resume/import?dryRun=${dryRun}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`,
        resume,
      ),
    onSuccess: (_plan, { dryRun }) => (dryRun ? undefined : invalidateContent(queryClient)),
  })
}
