import { describe, expect, test } from 'vitest'
import type { Config, Project } from '@shared/contract/types.ts'
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
const content = (parts: Partial<TranslatedContent>): TranslatedContent => ({
  projects: [],
  certifications: [],
  experiences: [],
  education: [],
  configs: [],
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

  test('a site of one language misses nothing', () => {
    expect(missingTranslations({ default: 'en', languages: ['en'] }, content({}))).toEqual([])
  })
})
