import { describe, expect, test } from 'vitest'
import {
  errorPaths,
  languageName,
  pruneTranslations,
  tabOfErrors,
  translationDefaults,
  translationsPayload,
} from './translations'

const site = { default: 'en', languages: ['en', 'fr', 'de'] }

describe('translations in the back office', () => {
  test('a form starts with every other language and field, empty where nothing is stored', () => {
    expect(
      translationDefaults(site, ['name', 'description'], { fr: { name: 'Boutique' } }),
    ).toEqual({
      fr: { name: 'Boutique', description: '' },
      de: { name: '', description: '' },
    })
    expect(translationDefaults({ default: 'en', languages: ['en'] }, ['name'])).toBeUndefined()
  })

  test('blank texts are left out, and languages left without any', () => {
    expect(
      pruneTranslations({ fr: { name: 'Boutique', description: '  ' }, de: { name: '' } }),
    ).toEqual({ fr: { name: 'Boutique' } })
  })

  test('an edit removes a language left empty; a create leaves it out; one language sends nothing', () => {
    const pruned = { fr: { name: 'Boutique' } }
    expect(translationsPayload(site, pruned, true)).toEqual({ fr: { name: 'Boutique' }, de: null })
    expect(translationsPayload(site, pruned, false)).toEqual({ fr: { name: 'Boutique' } })
    expect(translationsPayload({ default: 'en', languages: ['en'] }, pruned, true)).toBeUndefined()
    // Kept texts of a language the site no longer has are not sent, so they stay.
    expect(translationsPayload(site, { es: { name: 'Tienda' } }, true)).toEqual({
      fr: null,
      de: null,
    })
  })

  test('a refused save shows the default tab for its own fields, else the first language refused', () => {
    expect(tabOfErrors(['translations.de.name', 'name'], site)).toBe('en')
    expect(tabOfErrors(['translations.de.name', 'translations.fr.name'], site)).toBe('de')
    expect(tabOfErrors([], site)).toBeNull()
    const errors = { translations: { fr: { name: { type: 'too_big', message: 'Too long' } } } }
    expect(errorPaths(errors)).toEqual(['translations.fr.name'])
  })

  test('languages are named in English, unknown tags by their tag', () => {
    expect(languageName('fr')).toBe('French')
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese')
    expect(languageName('qqq')).toBe('qqq')
  })
})
