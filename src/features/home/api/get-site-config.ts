import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

/**
 * GET /configs/all-as-object ({ name: value }), as the owner set it. The page
 * merges it over the default texts of its own language (mergeSiteConfig with
 * siteTextDefaults), so the cache holds no language.
 */
export const getSiteConfig = () =>
  api.get<Record<string, string>>('/configs/all-as-object', { token: null })

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.list('configs', 'public'), queryFn: getSiteConfig })
