import { describe, expect, test } from 'vitest'
import { itemPath } from './item-path'

describe('itemPath', () => {
  test('sends admins to the edit screen and read-only accounts to the list', () => {
    expect(itemPath('project', 7, true)).toBe('/admin/projects/edit/7')
    expect(itemPath('project', 7, false)).toBe('/admin/projects')
    expect(itemPath('technology', 3, true)).toBe('/admin/technologies/edit/3')
    expect(itemPath('certification', 2, false)).toBe('/admin/certifications')
    expect(itemPath('configuration', 5, true)).toBe('/admin/configurations')
    expect(itemPath('message', 9, false)).toBe('/admin/messages')
    expect(itemPath('user', 1, true)).toBe('/admin/users')
    expect(itemPath('share link', 4, true)).toBe('/admin/share-links/edit/4')
    expect(itemPath('share link', 4, false)).toBe('/admin/share-links')
    expect(itemPath('post', 6, true)).toBe('/admin/posts/edit/6')
    expect(itemPath('post', 6, false)).toBe('/admin/posts')
  })
})
