// The owner's read of a post on a page in another language asks for that
// language, so the reading time shown is the shown body's (docs/PRODUCT.md §26).
import { afterEach, expect, test, vi } from 'vitest'
import { api, callPath } from '@/lib/api-client'
import { ownerPostQueryOptions } from './post-page'

afterEach(() => vi.restoreAllMocks())

test("the owner's read asks for the page's language, and keeps each language apart", async () => {
  const get = vi.spyOn(api, 'get').mockResolvedValue({})
  const run = (options: ReturnType<typeof ownerPostQueryOptions>) =>
    (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    })
  await run(ownerPostQueryOptions('tides', 'fr'))
  await run(ownerPostQueryOptions('tides'))
  // The written path: the declared one with its parameters and query.
  expect(get.mock.calls.map(([path, options]) => callPath(path, options))).toEqual([
    '/posts/slug/tides?lang=fr',
    '/posts/slug/tides',
  ])
  expect(ownerPostQueryOptions('tides', 'fr').queryKey).not.toEqual(
    ownerPostQueryOptions('tides').queryKey,
  )
})
