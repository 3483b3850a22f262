import { describe, expect, it } from 'vitest'
import { inLanguage, pageLanguageOf } from './page-language'

const site = { default: 'en', languages: ['en', 'fr', 'ar', 'pt-BR'] }

describe('the language of a public page', () => {
  it('is the default for paths without a prefix, the CV included', () => {
    expect(pageLanguageOf('/', site)).toMatchObject({ lang: 'en', dir: 'ltr', path: '/' })
    expect(pageLanguageOf('/cv', site)).toMatchObject({ lang: 'en', path: '/cv' })
  })

  it("is the prefix's for the site's other languages, with the rest as the path", () => {
    expect(pageLanguageOf('/fr/', site)).toMatchObject({ lang: 'fr', path: '/' })
    expect(pageLanguageOf('/fr', site)).toMatchObject({ lang: 'fr', path: '/' })
    expect(pageLanguageOf('/pt-BR/projects/3-x', site)).toMatchObject({
      lang: 'pt-BR',
      path: '/projects/3-x',
    })
    expect(pageLanguageOf('/ar/cv', site)).toMatchObject({ lang: 'ar', dir: 'rtl', path: '/cv' })
  })

  it('leaves unlisted languages and the default as paths no page takes', () => {
    expect(pageLanguageOf('/de/', site)).toMatchObject({ lang: 'en', path: '/de/' })
    expect(pageLanguageOf('/en/cv', site)).toMatchObject({ lang: 'en', path: '/en/cv' })
  })

  it('links to the same page in another language', () => {
    const fr = pageLanguageOf('/fr/cv', site)
    expect(fr.localPath('/projects/1-a')).toBe('/fr/projects/1-a')
    expect(fr.localPath(fr.path, 'en')).toBe('/cv')
    expect(fr.localPath('/', 'ar')).toBe('/ar/')
  })

  it("speaks another language than its path's where told (a share link's page)", () => {
    const page = inLanguage(pageLanguageOf('/s/abc', site), 'ar')
    expect(page).toMatchObject({ lang: 'ar', dir: 'rtl', path: '/s/abc' })
    expect(page.localPath('/cv')).toBe('/ar/cv')
    expect(page.localPath('/', 'en')).toBe('/')
    const same = pageLanguageOf('/cv', site)
    expect(inLanguage(same, 'en')).toBe(same)
  })
})
