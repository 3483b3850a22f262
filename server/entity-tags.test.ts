// The one parser of If-None-Match and If-Match lists (supabase/functions/_shared/http/entity-tags.ts).
import { expect, test } from 'vitest'
import { entityTag, listedTags, tagListed } from '../supabase/functions/_shared/http/entity-tags.ts'

test('a tag is its parts joined by dashes, quoted, the empty ones left out', () => {
  expect(entityTag('p2', 7, 'br')).toBe('"p2-7-br"')
  expect(entityTag('p2', '7', undefined)).toBe('"p2-7"')
  expect(entityTag('3.4', null, '')).toBe('"3.4"')
})

test('a list is read tag by tag, weak ones in their strong form, a comma inside quotes kept', () => {
  expect(listedTags(undefined)).toBeNull()
  expect(listedTags('  ')).toBeNull()
  expect(listedTags('*')).toEqual(['*'])
  expect(listedTags('W/"a", "b,c" ,W/"d"')).toEqual(['"a"', '"b,c"', '"d"'])
  expect(listedTags('no-quotes')).toEqual([])
  expect(listedTags('**')).toEqual([])
  expect(listedTags('"a", *')).toEqual(['"a"'])
})

test('the weak comparison matches a weak or strong listing of the tag, or *', () => {
  expect(tagListed('W/"x"', '"x"')).toBe(true)
  expect(tagListed('"y", "x"', '"x"')).toBe(true)
  expect(tagListed('*', '"x"')).toBe(true)
  expect(tagListed('"xy"', '"x"')).toBe(false)
  expect(tagListed(undefined, '"x"')).toBe(false)
  expect(tagListed('"x-br"', '"x"', (listed, tag) => listed.replace(/-br"$/, '"') === tag)).toBe(
    true,
  )
})
