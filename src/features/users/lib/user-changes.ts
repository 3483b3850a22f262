import { z } from 'zod'
import { roleSchema, userUpdateSchema, type UserUpdateInput } from '@shared/contract/schemas.ts'
import { toastError } from '@/components/ui/sonner'
import { ApiError, serverMessage } from '@/lib/api-client'

export interface UserEditValues {
  username: string
  password: string
  role: 'admin' | 'user'
  /** Present only while the dialog asks for it (a new password or role). */
  currentPassword?: string
}

/** docs/PRODUCT.md §5: on update only the non-empty username, password and role are sent. */
export function nonEmptyChanges(values: UserEditValues): UserUpdateInput {
  const changes: UserUpdateInput = {}
  if (values.username.trim()) changes.username = values.username.trim()
  if (values.password) changes.password = values.password
  if (values.role) changes.role = values.role
  if (values.currentPassword) changes.currentPassword = values.currentPassword
  return changes
}

/** The edit form: blanks are dropped first, then what is left is checked like the server does. */
export const userEditFormSchema = z
  .object({
    username: z.string(),
    password: z.string(),
    role: roleSchema,
    currentPassword: z.string().optional(),
  })
  .transform(nonEmptyChanges)
  .pipe(userUpdateSchema)

const FORM_FIELDS = new Set(['username', 'password', 'role', 'currentPassword'])

/**
 * The server's messages for the dialog's own fields (a wrong current password,
 * a common new password), to show beside them; null when the error is not one
 * of those, and is reported as usual.
 */
export function formFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.errors) return null
  const fields = Object.keys(error.errors)
  return fields.length && fields.every((field) => FORM_FIELDS.has(field)) ? error.errors : null
}

/**
 * A failed create or update: a refusal naming the dialog's fields shows beside
 * them; anything else, the server's message or `fallback` (docs/PRODUCT.md §8).
 */
export const notifyFailure = (fallback: string) => (error: unknown) => {
  if (!formFieldErrors(error)) toastError(serverMessage(error, fallback))
}
