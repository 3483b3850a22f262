import { useQuery } from '@tanstack/react-query'
import { configsQueryOptions } from '@/lib/queries/configs'

export const useConfigs = () => useQuery(configsQueryOptions())
