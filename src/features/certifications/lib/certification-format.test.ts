import { expect, test } from 'vitest'
import { todayLocal } from './certification-format'

test("uses the local calendar date for today's default", () => {
  expect(todayLocal(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05')
  expect(todayLocal(new Date(2025, 10, 30, 0, 1))).toBe('2025-11-30')
})
