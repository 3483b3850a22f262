import { describe, expect, test } from 'vitest'
import { en } from '@/lib/i18n/messages/en'
import { fr } from '@/lib/i18n/messages/fr'
import {
  footerLine,
  mergeSiteConfig,
  pageTitle,
  siteConfigDefaults,
  siteTextDefaults,
  titleCase,
} from './site-config'

describe('mergeSiteConfig', () => {
  test('uses the spec defaults when nothing is configured', () => {
    const config = mergeSiteConfig({})
    expect(config).toMatchObject({
      heroTitle1: 'FULL STACK',
      heroTitle2: 'DEVELOPER',
      contactTitle: 'DO YOU HAVE A PROJECT TO DISCUSS?',
      portfolioTitle: 'PORTFOLIO',
      skillsTitle: 'SKILLS',
      certificationsTitle: 'MY CERTIFICATIONS',
      linkedinUrl: '',
      githubUrl: '',
      email: '',
    })
    expect(config.heroDescription).toBe(siteConfigDefaults.heroDescription)
    expect(config.heroDescription).not.toBe('')
  })

  test('lets configured values win, treats blank ones as missing and ignores unknown names', () => {
    const config = mergeSiteConfig({
      heroTitle1: 'BACKEND',
      heroTitle2: '  ',
      email: 'a@b.co',
      other: 'x',
    })
    expect(config.heroTitle1).toBe('BACKEND')
    expect(config.heroTitle2).toBe('DEVELOPER')
    expect(config.email).toBe('a@b.co')
    expect(config).not.toHaveProperty('other')
  })
})

test('the page title falls back to the owner name and hero title', () => {
  expect(pageTitle(mergeSiteConfig({ siteTitle: 'My site' }))).toBe('My site')
  expect(pageTitle(mergeSiteConfig({ ownerName: 'Ada' }))).toBe('Ada — Full Stack Developer')
})

test('the footer line carries the current year once', () => {
  expect(footerLine('All rights reserved.', 2026)).toBe('© 2026 All rights reserved.')
  expect(footerLine('© Ada. Built with React.', 2026)).toBe('© 2026 Ada. Built with React.')
  expect(footerLine('© 2026 Ada', 2026)).toBe('© 2026 Ada')
})

test("defaults come in the page's language and the owner's own texts still win", () => {
  const config = mergeSiteConfig(
    { portfolioTitle: 'MES TRAVAUX', email: 'a@b.co' },
    siteTextDefaults(fr),
  )
  expect(config.portfolioTitle).toBe('MES TRAVAUX')
  expect(config.skillsTitle).toBe('COMPÉTENCES')
  expect(config.footerText).toBe('Tous droits réservés.')
  expect(config.email).toBe('a@b.co')
  expect(pageTitle(config)).toBe('Développeur Full Stack')
  expect(siteTextDefaults(en)).toEqual(siteConfigDefaults)
})

test('title case starts each word with a capital, accented letters included', () => {
  expect(titleCase('DÉVELOPPEUSE FULL-STACK')).toBe('Développeuse Full-Stack')
  expect(titleCase('ÉQUIPE ÉLÉGANTE')).toBe('Équipe Élégante')
})
