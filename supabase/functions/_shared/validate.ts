// Request validation: zod issues become { field: message } with the spec's
// words; a body that is not JSON is a 400, never a 500.
import type { Context } from 'hono'
import type { z } from 'zod'
import { badRequest, notFound, type FieldErrors } from './errors.ts'

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_'
    errors[field] ??= issue.message
  }
  return errors
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest('Request body must be JSON')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    throw badRequest(Object.values(errors)[0] ?? 'Invalid input', errors)
  }
  return parsed.data
}

/** A positive integer id from the path, else 404 (an id that cannot exist). */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(id) || id <= 0) throw notFound()
  return id
}
