import { describe, expect, it } from 'vitest'
import { apiLanguage, langAttributes, localItem, localText, withLanguage } from './localize'

const site = { default: 'en', languages: ['en', 'fr', 'ar'] }
const fr = { lang: 'fr', site }
const ar = { lang: 'ar', site }
const en = { lang: 'en', site }

const project = {
  name: 'Shop',
  description: 'An online shop',
  translations: { fr: { name: 'Boutique', description: '   ' } },
}

describe('a content text in the page language', () => {
  it("is the translation where there is one, in the page's language, with nothing to mark", () => {
    expect(localText(project, 'name', fr)).toEqual({ text: 'Boutique', lang: 'fr', attrs: {} })
  })

  it('falls back to the default text, marked with its language, when there is none or it is blank', () => {
    expect(localText(project, 'description', fr)).toEqual({
      text: 'An online shop',
      lang: 'en',
      attrs: { lang: 'en' },
    })
    expect(localText(project, 'name', ar)).toEqual({
      text: 'Shop',
      lang: 'en',
      attrs: { lang: 'en', dir: 'ltr' },
    })
  })

  it('is the field itself on a page in the default language, whatever the translations', () => {
    expect(localText(project, 'name', en)).toEqual({ text: 'Shop', lang: 'en', attrs: {} })
  })

  it('marks nothing for an empty default text: there is no language to pronounce', () => {
    const untold = { description: '', translations: {} }
    expect(localText(untold, 'description', fr).attrs).toEqual({})
  })

  it('gives plain strings for the head and the links', () => {
    expect(localItem(project, ['name', 'description'], fr)).toMatchObject({
      name: 'Boutique',
      description: 'An online shop',
    })
    expect(localItem(project, ['name'], en)).toBe(project)
  })

  it('adds dir only when the direction differs from the page', () => {
    expect(langAttributes('ar', fr)).toEqual({ lang: 'ar', dir: 'rtl' })
    expect(langAttributes('fr', { lang: 'en', site })).toEqual({ lang: 'fr' })
    expect(langAttributes('fr', fr)).toEqual({})
  })

  it('asks the API for the page language only when it is not the default', () => {
    expect(apiLanguage(en)).toBeNull()
    expect(apiLanguage(fr)).toBe('fr')
    expect(withLanguage('/projects?limit=12', 'fr')).toBe('/projects?limit=12&lang=fr')
    expect(withLanguage('/certifications', 'pt-BR')).toBe('/certifications?lang=pt-BR')
    expect(withLanguage('/certifications', null)).toBe('/certifications')
  })
})
