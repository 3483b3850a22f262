import { z } from 'zod'
import { roleSchema, userUpdateSchema, type UserUpdateInput } from '@shared/contract/schemas.ts'

export interface UserEditValues {
  username: string
  password: string
  role: 'admin' | 'user'
}

/** docs/PRODUCT.md §5: on update only the non-empty username, password and role are sent. */
export function nonEmptyChanges(values: UserEditValues): UserUpdateInput {
  const changes: UserUpdateInput = {}
  if (values.username.trim()) changes.username = values.username.trim()
  if (values.password) changes.password = values.password
  if (values.role) changes.role = values.role
  return changes
}

/** The edit form: blanks are dropped first, then what is left is checked like the server does. */
export const userEditFormSchema = z
  .object({ username: z.string(), password: z.string(), role: roleSchema })
  .transform(nonEmptyChanges)
  .pipe(userUpdateSchema)
