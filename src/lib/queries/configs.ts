// Reads of /configs (owner-reads.ts).
import { ownerReads } from './owner-reads'

const configs = ownerReads('configs')
export const configsQueryOptions = configs.listOptions
export const useConfigs = configs.useList
export const useConfig = configs.useRecord
