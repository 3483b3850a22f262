import { expect, test } from 'vitest'
import { renderMarkdown } from '@shared/contract/markdown.ts'
import { altFromFileName, imageMarkdown, insertAt } from './markdown-text'

test('an image is put on a line of its own where the cursor was', () => {
  expect(insertAt('Before after', 6, '![x](/u/x.png)')).toEqual({
    text: 'Before\n![x](/u/x.png)\n after',
    cursor: 21,
  })
  expect(insertAt('', 0, '![x](/u/x.png)')).toEqual({ text: '![x](/u/x.png)', cursor: 14 })
  expect(insertAt('Line\n', 99, 'I').text).toBe('Line\nI')
})

test('an alternative text cannot close the brackets, and the renderer shows it whole', () => {
  const markdown = imageMarkdown('a [b] \\ c', '/uploads/p.png')
  expect(markdown).toBe('![a (b) c](/uploads/p.png)')
  expect(renderMarkdown(markdown)).toContain('<img src="/uploads/p.png" alt="a (b) c"')
  expect(imageMarkdown('x', 'https://e.com/a b(1).png')).toBe('![x](<https://e.com/a b(1).png>)')
})

test("a file's name reads as words", () => {
  expect(altFromFileName('team-photo_2024.final.PNG')).toBe('team photo 2024.final')
})
