import { useQuery } from '@tanstack/react-query'
import { configQueryOptions } from '@/lib/queries/configs'

export const useConfig = (id: number) => useQuery(configQueryOptions(id))
