import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import { mergeSiteConfig } from '../lib/site-config'

/** GET /configs/all-as-object ({ name: value }), merged over the default texts. */
export const getSiteConfig = async () =>
  mergeSiteConfig(await api.get<Record<string, string>>('/configs/all-as-object', { token: null }))

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.list('configs', 'public'), queryFn: getSiteConfig })
