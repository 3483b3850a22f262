import { describe, expect, test } from 'vitest'
import { externalHref, mailtoHref, safeHref } from './safe-url'

describe('safeHref()', () => {
  test.each([
    '/\\evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '//evil.example',
    ' //evil.example',
    '///evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/uploads//evil.example',
    'https:\\\\evil.example',
    'https:/\\evil.example',
    'https://good.example\\@evil.example',
    'https:///evil.example',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:me@example.com\\@evil.example',
  ])('renders no link for %j', (value) => {
    expect(safeHref(value)).toBeUndefined()
  })

  test.each([
    ['/uploads/photo.png', '/uploads/photo.png'],
    [' https://github.com/me ', 'https://github.com/me'],
    ['https://example.com/a//b', 'https://example.com/a//b'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
  ])('keeps %j', (value, href) => {
    expect(safeHref(value)).toBe(href)
  })
})

describe('externalHref()', () => {
  test('keeps only absolute http(s) addresses', () => {
    expect(externalHref(' https://northwind.example/jobs ')).toBe('https://northwind.example/jobs')
    expect(externalHref('HTTP://northwind.example')).toBe('HTTP://northwind.example')
    for (const value of ['javascript:alert(1)', '/uploads/x.png', 'mailto:me@example.com', ''])
      expect(externalHref(value)).toBeUndefined()
    expect(externalHref(null)).toBeUndefined()
  })
})

describe('mailtoHref()', () => {
  test('turns an address into a mailto: link and refuses what is not one', () => {
    expect(mailtoHref('me@example.com')).toBe('mailto:me@example.com')
    expect(mailtoHref('me@example.com/\\evil')).toBeUndefined()
  })
})
