// The query cache the server hands to the browser (docs/decisions/023): JSON
// inside <script type="application/json">, so nothing in it runs, with every
// character that could end the element or confuse a parser escaped. A failed
// read travels as its status, message and field errors and comes back as the ApiError the
// page checks for (a project that is not found renders the not-found page on
// both sides).
import type { DehydratedState } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'

export const STATE_ELEMENT_ID = 'vitrine-state'

/** JSON that cannot close its <script> element: <, >, & and the JavaScript line separators as escapes. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function dehydratedState(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error
    if (!error) return query
    const { status = 0, message = 'Request failed', errors } = error as Partial<ApiError>
    // `errors` too: a share link's 401 asks for its passphrase there.
    const sent = errors ? { status, message, errors } : { status, message }
    return { ...query, state: { ...query.state, error: sent } }
  })
  return scriptSafeJson({ ...state, queries })
}

/** The server's query cache from the page, its errors as ApiErrors again; null on a page without one. */
export function readDehydratedState(): DehydratedState | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(STATE_ELEMENT_ID)
  if (!element?.textContent) return null
  const state = JSON.parse(element.textContent) as DehydratedState
  for (const query of state.queries) {
    const error = query.state.error as Partial<Pick<ApiError, 'status' | 'message' | 'errors'>>
    if (error)
      (query.state as { error: unknown }).error = new ApiError(
        error.status ?? 0,
        error.message ?? 'Request failed',
        error.errors,
      )
  }
  return state
}
