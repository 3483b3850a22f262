import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { OPERATIONS } from '../supabase/functions/_shared/app.ts'
import { API_CALLS_MODULE, apiCallsModule } from './api-calls.ts'

// The browser's call types are written from the declarations (scripts/api-calls.ts).
test('src/lib/api-calls.ts is what the declarations write (else: npm run api-calls)', async () => {
  const committed = await readFile(API_CALLS_MODULE, 'utf8')
  expect(
    committed === (await apiCallsModule()),
    'api-calls.ts is out of date: run npm run api-calls',
  ).toBe(true)
})

test('every call that answers JSON has its entry, a file none', async () => {
  const text = await apiCallsModule()
  const entries = [...text.matchAll(/^ {2}'(GET|POST|PUT|PATCH|DELETE) (\/[^']*)': \{/gm)].map(
    ([, method, path]) => `${method} ${path}`,
  )
  const files = OPERATIONS.filter((op) => {
    const successes = Object.entries(op.answers).filter(([status]) => status.startsWith('2'))
    return successes.length > 0 && successes.every(([, answer]) => answer.media)
  })
  expect(files.map((op) => op.path)).toContain('/cv.pdf')
  expect(entries.sort()).toEqual(
    OPERATIONS.filter((op) => !files.includes(op))
      .map((op) => `${op.method.toUpperCase()} ${op.path}`)
      .sort(),
  )
  // A schema the contract exports is named, so the browser sees the types it uses.
  expect(text).toContain(
    "'GET /projects/{id}': {\n    params: { id: number }\n    query: { lang?: string }\n    answer: z.output<typeof responses.project>\n  }",
  )
})
