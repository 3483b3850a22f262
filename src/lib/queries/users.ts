// Reads of /users (owner-reads.ts).
import { ownerReads } from './owner-reads'

const users = ownerReads('users')
export const usersQueryOptions = users.listOptions
export const userQueryOptions = users.recordOptions
export const useUsers = users.useList
export const useUser = users.useRecord
