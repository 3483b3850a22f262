import { describe, expect, test } from 'vitest'
import type { Config, PostCard, Project } from '@shared/contract/types.ts'
import { missingTranslations, type TranslatedContent } from './missing-translations'

const site = { default: 'en', languages: ['en', 'fr', 'de'] }
const project = (id: number, fields: Partial<Project>) =>
  ({
    id,
    name: `P${id}`,
    description: 'Text',
    isActive: true,
    translations: {},
    ...fields,
  }) as Project
const config = (id: number, value: string) =>
  ({ id, name: `c${id}`, value, description: null, translations: {} }) as unknown as Config
const post = (id: number, fields: Partial<PostCard>) =>
  ({
    id,
    title: `Post ${id}`,
    summary: 'About it',
    status: 'published',
    hasBody: true,
    translations: {},
    ...fields,
  }) as PostCard
const content = (parts: Partial<TranslatedContent>): TranslatedContent => ({
  projects: [],
  certifications: [],
  experiences: [],
  education: [],
  configs: [],
  posts: [],
  ...parts,
})

describe('missing translations', () => {
  test('counts per language the texts the default language has and the other lacks', () => {
    const found = missingTranslations(
      site,
      content({
        projects: [
          project(1, { translations: { fr: { name: 'Un', description: 'Texte' } } }),
          project(2, { description: '', translations: { de: { name: 'Zwei' } } }),
        ],
      }),
    )
    expect(found).toEqual([
      {
        lang: 'fr',
        count: 1,
        items: [{ kind: 'project', id: 2, name: 'P2', fields: ['name'] }],
      },
      {
        lang: 'de',
        count: 2,
        items: [{ kind: 'project', id: 1, name: 'P1', fields: ['name', 'description'] }],
      },
    ])
  })

  test('leaves out what visitors do not see and what has nothing to translate', () => {
    const found = missingTranslations(
      { default: 'en', languages: ['en', 'fr'] },
      content({
        projects: [project(3, { isActive: false })],
        configs: [
          config(1, 'https://github.com/me'),
          config(2, 'me@example.com'),
          config(3, '2024'),
          config(4, 'Hello there'),
        ],
      }),
    )
    expect(found[0]!.items.map((item) => `${item.kind} ${item.id}`)).toEqual(['configuration 4'])
  })

  test("counts a post's title, summary and body, its body by the card's hasBody", () => {
    const found = missingTranslations(
      site,
      content({
        posts: [
          post(1, { translations: { fr: { title: 'Un', summary: 'Sur', body: 'Texte' } } }),
          post(2, { status: 'scheduled', summary: '', translations: { de: { title: 'Zwei' } } }),
          post(3, { hasBody: false, translations: { fr: { title: 'Trois', summary: 'Sur' } } }),
        ],
      }),
    )
    expect(found).toEqual([
      {
        lang: 'fr',
        count: 2,
        items: [{ kind: 'post', id: 2, name: 'Post 2', fields: ['title', 'body'] }],
      },
      {
        lang: 'de',
        count: 6,
        items: [
          { kind: 'post', id: 1, name: 'Post 1', fields: ['title', 'summary', 'body'] },
          { kind: 'post', id: 2, name: 'Post 2', fields: ['body'] },
          { kind: 'post', id: 3, name: 'Post 3', fields: ['title', 'summary'] },
        ],
      },
    ])
  })

  test('a draft post waits until it is published or scheduled', () => {
    const found = missingTranslations(
      { default: 'en', languages: ['en', 'fr'] },
      content({ posts: [post(4, { status: 'draft' })] }),
    )
    expect(found).toEqual([{ lang: 'fr', count: 0, items: [] }])
  })

  test('a site of one language misses nothing', () => {
    expect(missingTranslations({ default: 'en', languages: ['en'] }, content({}))).toEqual([])
  })
})
