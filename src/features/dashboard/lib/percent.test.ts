import { describe, expect, test } from 'vitest'
import { percentOf } from './percent'

describe('percentOf', () => {
  test('rounds the share to a whole percent', () => {
    expect(percentOf(2, 3)).toBe(67)
    expect(percentOf(1, 3)).toBe(33)
    expect(percentOf(3, 3)).toBe(100)
  })

  test('is 0 when there are no projects at all', () => {
    expect(percentOf(0, 0)).toBe(0)
  })
})
