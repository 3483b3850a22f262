import { describe, expect, it } from 'vitest'
import type { ConfigsObject } from '@shared/contract/types.ts'
import { localSiteConfig } from './local-site-config'

const site = { default: 'en', languages: ['en', 'fr', 'ar'] }
const fr = { lang: 'fr', site }
const en = { lang: 'en', site }

describe('the site texts in the page language', () => {
  const answer = {
    heroTitle1: 'FULL STACK',
    heroTitle2: 'DEVELOPER',
    email: 'me@example.com',
    _translations: { fr: { heroTitle1: 'DÉVELOPPEUR' } },
  } as unknown as ConfigsObject

  it('takes the translated texts and marks the owner texts that fell back', () => {
    const config = localSiteConfig(answer, fr)
    expect(config.heroTitle1).toBe('DÉVELOPPEUR')
    expect(config.heroTitle2).toBe('DEVELOPER')
    expect(config.textLanguages).toEqual({ heroTitle2: 'en' })
    expect(config.email).toBe('me@example.com')
  })

  it('is the merged configuration as before on a page in the default language', () => {
    const config = localSiteConfig(answer, en)
    expect(config.heroTitle1).toBe('FULL STACK')
    expect(config.textLanguages).toBeUndefined()
    expect(config).not.toHaveProperty('_translations')
  })
})
