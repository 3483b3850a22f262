// Reads of /configs (owner-reads.ts).
import type { Config } from '@shared/contract/types.ts'
import { ownerReads } from './owner-reads'

const configs = ownerReads<Config>('configs')
export const configsQueryOptions = configs.listOptions
export const useConfigs = configs.useList
export const useConfig = configs.useRecord
