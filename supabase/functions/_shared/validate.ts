// Request validation: zod issues become { field: message } with the spec's
// words; a body that is not JSON is a 400, never a 500.
import type { Context } from 'hono'
import type { z } from 'zod'
import { bodyTooLarge, JSON_BODY_LIMIT, setBodyLimit, wasBodyTooLarge } from './body-limit.ts'
import type { AppEnv } from './context.ts'
import { badRequest, notFound, type FieldErrors } from './errors.ts'

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_'
    errors[field] ??= issue.message
  }
  return errors
}

export const NUL_MESSAGE = 'Text cannot contain NUL characters'

/**
 * The path of the first string in `value` holding U+0000, or null. Postgres
 * text cannot store that character (SQLSTATE 22021), whichever field it is in,
 * so one check here covers every payload.
 */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)])
      if (found) return found
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** Reads at most `maxBytes` of JSON (413 past that, body-limit.ts) and validates it with `schema`. */
export async function readJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  maxBytes = JSON_BODY_LIMIT,
): Promise<z.output<S>> {
  setBodyLimit(c, maxBytes)
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    if (wasBodyTooLarge(c)) throw bodyTooLarge(maxBytes)
    throw badRequest('Request body must be JSON')
  }
  const nul = findNul(body)
  if (nul) throw badRequest(NUL_MESSAGE, { [nul.length ? nul.join('.') : '_']: NUL_MESSAGE })
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
