import { expect, test } from 'vitest'
import { fromLocalInput, toLocalInput } from './share-link-format'

test('a local date and time goes to the API as an instant and comes back the same', () => {
  const sent = fromLocalInput('2026-12-31T18:30')
  expect(sent).toMatch(/^2026-12-31T\d\d:30:00\.000Z$/)
  expect(toLocalInput(sent)).toBe('2026-12-31T18:30')
})

test('no expiry is null, and what is no date is left for the schema to refuse', () => {
  expect(fromLocalInput('')).toBeNull()
  expect(toLocalInput(null)).toBe('')
  expect(fromLocalInput('soon')).toBe('soon')
})
