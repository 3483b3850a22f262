// Request validation: zod issues become { field: message } with the spec's
// words; a body that is not JSON is a 400, never a 500.
import type { Context } from 'hono'
import type { z } from 'zod'
import { JSON_BODY_LIMIT, limitBody } from './body-limit.ts'
import type { AppEnv } from '../context.ts'
import { badRequest, notFound, type FieldErrors } from './errors.ts'
import { jsonShapeProblem } from './json-shape.ts'

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
 * so one check here covers every payload. It walks with a stack of its own,
 * not by recursion: however deep the value, the call stack stays flat.
 */
export function findNul(value: unknown): string[] | null {
  interface Step {
    value: unknown
    key: string
    parent: Step | null
  }
  const pending: Step[] = [{ value, key: '', parent: null }]
  while (pending.length) {
    const step = pending.pop()!
    const item = step.value
    if (typeof item === 'string') {
      if (!item.includes('\u0000')) continue
      const path: string[] = []
      for (let at: Step | null = step; at?.parent; at = at.parent) path.push(at.key)
      return path.reverse()
    }
    if (!item || typeof item !== 'object') continue
    // Pushed last to first, so the first item is looked at first (the error names the first field).
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((element, i) => [String(i), element])
      : Object.entries(item)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      pending.push({ value: child, key, parent: step })
    }
  }
  return null
}

/**
 * Reads at most `maxBytes` of JSON (413 past that, body-limit.ts), refuses
 * nesting and lists past the limits of json-shape.ts before parsing, and
 * validates it with `schema`. With `emptyIs`, a request without a body reads
 * as that value (a DELETE, whose body is optional).
 */
export async function readJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  maxBytes = JSON_BODY_LIMIT,
  emptyIs?: z.input<S>,
): Promise<z.output<S>> {
  await limitBody(c, maxBytes)
  let text: string
  try {
    text = await c.req.text()
  } catch {
    throw badRequest('Request body must be JSON')
  }
  if (emptyIs !== undefined && text.trim() === '') text = JSON.stringify(emptyIs)
  const shape = jsonShapeProblem(text)
  if (shape) throw badRequest(shape)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
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
