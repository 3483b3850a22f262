import { describe, expect, test } from 'vitest'
import { nonEmptyChanges, userEditFormSchema } from './user-changes'

describe('nonEmptyChanges', () => {
  test('leaves out a blank password so the current one is kept', () => {
    expect(nonEmptyChanges({ username: 'ada', password: '', role: 'user' })).toEqual({
      username: 'ada',
      role: 'user',
    })
  })

  test('leaves out a blank username and trims a filled one', () => {
    expect(nonEmptyChanges({ username: '   ', password: 'secret1', role: 'admin' })).toEqual({
      password: 'secret1',
      role: 'admin',
    })
    expect(nonEmptyChanges({ username: ' ada ', password: '', role: 'admin' }).username).toBe('ada')
  })
})

describe('userEditFormSchema', () => {
  test('rejects a new password shorter than 6 characters with the spec message', () => {
    const result = userEditFormSchema.safeParse({ username: 'ada', password: '123', role: 'admin' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: 'Password must be at least 6 characters long',
    })
  })

  test('accepts a blank password', () => {
    expect(userEditFormSchema.parse({ username: 'ada', password: '', role: 'admin' })).toEqual({
      username: 'ada',
      role: 'admin',
    })
  })
})
