// PUT /languages (docs/PRODUCT.md §23): the site's languages replaced whole.
// Every read of content may change with them (the public page reads them
// under contentKeys.list('languages', 'public')), so the content root is
// marked stale, with the new state put in place at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LanguagesInput } from '@shared/contract/schemas.ts'
import type { Languages } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { languagesQueryOptions } from '@/lib/i18n/page-language'
import { invalidateContent } from '@/lib/queries/keys'

export interface LanguagesSaved extends Languages {
  /** For each language just removed, how many items still hold its texts. */
  keptTranslations: Record<string, number>
}

export function useSaveLanguages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: LanguagesInput) => api.put('/languages', payload),
    onSuccess: ({ default: main, languages }) => {
      queryClient.setQueryData(languagesQueryOptions().queryKey, { default: main, languages })
      return invalidateContent(queryClient)
    },
  })
}
