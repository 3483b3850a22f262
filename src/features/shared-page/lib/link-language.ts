// The share link's language, read before the app hydrates (src/main.tsx). On
// its own, so the public page's entry does not carry the share page's reads
// and writes (api/shared-page.ts) for this one lookup.
import type { QueryClient } from '@tanstack/react-query'
import type { SharedPage } from '@shared/contract/types.ts'

/** The first part of a share link page's query key. */
export const SHARED_PAGE_KEY = 'shared-page'

/** The language of the share link whose read the server's rendering holds, if any (read before hydrating). */
export const renderedLinkLanguage = (client: QueryClient): string | null =>
  client
    .getQueriesData<SharedPage>({ queryKey: [SHARED_PAGE_KEY] })
    .map(([, data]) => data?.lang)
    .find(Boolean) ?? null
