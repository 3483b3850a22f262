import { describe, expect, test } from 'vitest'
import { sortProjects } from './sort-projects'

const p = (id: number, isActive: boolean, startYear: number | null) => ({ id, isActive, startYear })

describe('sortProjects', () => {
  test('puts active projects first, then newest start year first, missing year as 0', () => {
    const input = [
      p(1, false, 2024),
      p(2, true, 2019),
      p(3, true, null),
      p(4, true, 2023),
      p(5, false, null),
    ]
    expect(sortProjects(input).map((x) => x.id)).toEqual([4, 2, 3, 1, 5])
  })

  test('keeps the original order for equal keys and does not mutate the input', () => {
    const input = [p(1, true, 2020), p(2, true, 2020), p(3, true, 2020)]
    const copy = [...input]
    expect(sortProjects(input).map((x) => x.id)).toEqual([1, 2, 3])
    expect(input).toEqual(copy)
  })
})
