// What the log says of an error outside any request (server/lifecycle.ts, and
// the edge function's index.ts through the same function).
import { afterEach, expect, test, vi } from 'vitest'
import { logErrorOutsideRequest } from '../supabase/functions/_shared/http/log.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** An error as postgres.js makes it: the query it belonged to as a hidden property. */
const driverError = (code: string, query: string) =>
  Object.defineProperty(Object.assign(new Error(`read ${code}`), { code }), 'query', {
    value: query,
    enumerable: false,
  })

test("a connection lost during postgres.js's array-type query gets its own line, not an unexpected error", () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const typeQuery = 'select b.oid, b.typarray from pg_catalog.pg_type a'
  logErrorOutsideRequest(driverError('ECONNRESET', typeQuery), 'unhandledrejection')
  expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
    'Database connection lost while it opened; still serving',
  ])
  expect(error).not.toHaveBeenCalled()

  // The same query failing for another reason, or another query losing its
  // connection, is still unexpected: nothing else was awaited by nobody.
  logErrorOutsideRequest(driverError('42P01', typeQuery), 'unhandledrejection')
  logErrorOutsideRequest(driverError('ECONNRESET', 'select 1'), 'unhandledrejection')
  expect(error.mock.calls.map(([line]) => String(line))).toEqual([
    'Unexpected error outside a request; still serving',
    'Unexpected error outside a request; still serving',
  ])
})
