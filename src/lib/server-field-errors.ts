// The one way a form shows what the server refused: an ApiError's `errors`
// (field name to message, docs/PRODUCT.md §5) put on the form's fields, the
// first of them focused. Fields the form does not have are left to the alert
// the form shows anyway. react-hook-form forms call showServerFieldErrors; the
// public contact form, which does without it, reads serverFieldErrors.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from '@/lib/api-client'

/** The server's message for each of `fields` it refused, in the order of `fields`. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  /** The field a 409 is about (a duplicate name), with the server's message. */
  conflictField?: F,
): Partial<Record<F, string>> {
  if (!(error instanceof ApiError)) return {}
  const found: Record<string, string> = { ...(error.errors ?? {}) }
  if (error.status === 409 && conflictField && !found[conflictField])
    found[conflictField] = error.message
  const shown: Partial<Record<F, string>> = {}
  for (const field of fields) if (found[field]) shown[field] = found[field]
  return shown
}

export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  conflictField?: Path<T>,
): void {
  const found = serverFieldErrors(error, fields, conflictField)
  let first = true
  for (const field of fields) {
    const message = found[field]
    if (!message) continue
    form.setError(field, { message }, { shouldFocus: first })
    first = false
  }
}
