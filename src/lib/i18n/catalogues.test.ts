import { describe, expect, test } from 'vitest'
import {
  catalogueLanguageOf,
  CATALOGUE_LANGUAGES,
  loadCatalogue,
  loadedCatalogue,
} from './catalogues'
import { formatMessage, placeholdersOf } from './message-format'
import { ar } from './messages/ar'
import { de } from './messages/de'
import { en, type MessageKey } from './messages/en'
import { es } from './messages/es'
import { fr } from './messages/fr'
import { pt } from './messages/pt'

const others = { fr, de, es, pt, ar }
const keys = (catalogue: object) => Object.keys(catalogue).sort()

describe.each(Object.entries(others))('the %s catalogue', (_, catalogue) => {
  test("has exactly English's keys", () => {
    expect(keys(catalogue)).toEqual(keys(en))
  })

  test("uses each message's placeholders, and a plural where English has one", () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const [mine, english] = [catalogue[key], en[key]]
      expect([key, typeof mine]).toEqual([key, typeof english])
      expect([key, placeholdersOf(mine)]).toEqual([key, placeholdersOf(english)])
      expect([key, typeof mine === 'string' ? mine.trim() : mine.other.trim()]).not.toEqual([
        key,
        '',
      ])
    }
  })
})

test('every catalogue but English is translated, not copied', () => {
  for (const [lang, catalogue] of Object.entries(others)) {
    const same = (Object.keys(en) as MessageKey[]).filter(
      (key) => JSON.stringify(catalogue[key]) === JSON.stringify(en[key]),
    )
    // Words the languages share ('Portfolio', 'Contact', 'Message', '{name} – CV') may match English; most must not.
    expect([lang, same.length < Object.keys(en).length / 5]).toEqual([lang, true])
  }
})

describe('which catalogue a page reads', () => {
  test('its own language, a regional tag its base language, any other English', () => {
    expect(catalogueLanguageOf('fr')).toBe('fr')
    expect(catalogueLanguageOf('pt-BR')).toBe('pt')
    expect(catalogueLanguageOf('fr-CA')).toBe('fr')
    expect(catalogueLanguageOf('es-419')).toBe('es')
    expect(catalogueLanguageOf('zh-Hant')).toBe('en')
    expect(catalogueLanguageOf('ja')).toBe('en')
    expect(catalogueLanguageOf('en-GB')).toBe('en')
    expect([...CATALOGUE_LANGUAGES]).toEqual(['en', 'fr', 'de', 'es', 'pt', 'ar'])
  })

  test('English is there at once; another language arrives as its own chunk, once', async () => {
    expect(loadedCatalogue('en')).toBe(en)
    expect(loadedCatalogue('de-AT')).toBeUndefined()
    const loading = loadCatalogue('de-AT')
    expect(loadCatalogue('de')).toBe(loading)
    expect(await loading).toEqual(de)
    expect(loadedCatalogue('de-CH')).toBe(await loading)
    expect(await loadCatalogue('ja')).toBe(en)
  })
})

describe('filling a message', () => {
  test('fills placeholders and writes numbers for the language', () => {
    expect(formatMessage('en', en['portfolio.showing'], { shown: 12, total: 5000 })).toBe(
      'Showing 12 of 5000 projects',
    )
    expect(formatMessage('fr', fr['gallery.position'], { index: 2, count: 5 })).toBe(
      'Image 2 sur 5',
    )
    // A name is text: no placeholder syntax or replacement pattern in it is read.
    expect(formatMessage('en', en['project.liveDemoOf'], { name: '$& {name}' })).toBe(
      'Live demo of $& {name}',
    )
  })

  test("picks the plural form of the language's rules", () => {
    const projects = (lang: string, catalogue: typeof en | typeof ar, count: number) =>
      formatMessage(lang, catalogue['skills.projects'], { count })
    expect(projects('en', en, 1)).toBe('1 project')
    expect(projects('en', en, 5)).toBe('5 projects')
    expect(projects('fr', fr, 0)).toBe('0 projet')
    expect(projects('fr', fr, 2)).toBe('2 projets')
    expect(projects('ar', ar, 1)).toBe('مشروع واحد')
    expect(projects('ar', ar, 2)).toBe('مشروعان')
    expect(projects('ar', ar, 3)).toBe('3 مشاريع')
    expect(projects('ar', ar, 11)).toBe('11 مشروعًا')
    expect(projects('ar', ar, 100)).toBe('100 مشروع')
  })
})
