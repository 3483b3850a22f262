// The one way a form shows what the server refused: an ApiError's `errors`
// (field name to message, docs/PRODUCT.md §5) set on the form's fields, the
// first of them focused. Fields the form does not have are left to the alert
// the form shows anyway.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from '@/lib/api-client'

export function showServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
  /** The field a 409 is about (a duplicate name), with the server's message. */
  conflictField?: Path<T>,
): void {
  if (!(error instanceof ApiError)) return
  const found = { ...(error.errors ?? {}) }
  if (error.status === 409 && conflictField && !found[conflictField])
    found[conflictField] = error.message
  let first = true
  for (const field of fields) {
    const message = found[field]
    if (!message) continue
    form.setError(field, { message }, { shouldFocus: first })
    first = false
  }
}
