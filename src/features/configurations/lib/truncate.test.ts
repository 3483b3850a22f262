import { describe, expect, test } from 'vitest'
import { truncateValue } from './truncate'

describe('truncateValue', () => {
  test('keeps a value of 50 characters or fewer as it is', () => {
    expect(truncateValue('short')).toBe('short')
    expect(truncateValue('a'.repeat(50))).toBe('a'.repeat(50))
    expect(truncateValue('')).toBe('')
  })

  test('cuts a longer value to 50 characters plus "..."', () => {
    expect(truncateValue('a'.repeat(51))).toBe(`${'a'.repeat(50)}...`)
    expect(truncateValue(`${'b'.repeat(50)}tail that is hidden`)).toBe(`${'b'.repeat(50)}...`)
  })

  test('never splits an emoji', () => {
    expect(truncateValue('😀'.repeat(51))).toBe(`${'😀'.repeat(50)}...`)
  })
})
