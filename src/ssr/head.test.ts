import { describe, expect, it } from 'vitest'
import type { Project } from '@shared/contract/types.ts'
import { mergeSiteConfig } from '@/features/home/lib/site-config'
import { homeHead, ogLocale, projectHead } from './head'

const SITE = 'https://site.example'
const site = { default: 'en', languages: ['en', 'fr', 'pt-BR'] }
const config = mergeSiteConfig({ ownerName: 'Camille' })
const project = {
  id: 7,
  name: 'Tide Tables',
  description: 'Tides.',
  translations: { fr: { name: 'Tables des marées' } },
  technologies: [],
  imageDetails: [],
  images: [],
  thumbnail: null,
  liveUrl: null,
  githubUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
} as unknown as Project

describe('the head of a page in several languages', () => {
  it('names og:locale as language_TERRITORY, the likeliest territory for a bare language', () => {
    expect(ogLocale('fr')).toBe('fr_FR')
    expect(ogLocale('en')).toBe('en_US')
    expect(ogLocale('pt-BR')).toBe('pt_BR')
    expect(ogLocale('ar')).toBe('ar_EG')
  })

  it('gives the canonical of its own language, every alternate and x-default', () => {
    const head = homeHead(config, SITE, null, { lang: 'pt-BR', site })
    expect(head).toContain(`<link rel="canonical" href="${SITE}/pt-BR/" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${SITE}/" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="fr" href="${SITE}/fr/" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="pt-BR" href="${SITE}/pt-BR/" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}/" />`)
    expect(head).toContain('<meta property="og:locale" content="pt_BR" />')
    expect(head).toContain('<meta property="og:locale:alternate" content="fr_FR" />')
    expect(head).not.toContain('<meta property="og:locale:alternate" content="pt_BR" />')
  })

  it("keeps the default language's slug in every language and shows the page's texts", () => {
    const head = projectHead(project, config, SITE, { lang: 'fr', site })
    expect(head).toContain(`<link rel="canonical" href="${SITE}/fr/projects/7-tide-tables" />`)
    expect(head).toContain('<title>Tables des marées | Projects</title>')
    expect(head).toContain('"inLanguage":"fr"')
  })

  it('names no alternates on a site in one language', () => {
    const head = homeHead(config, SITE, null)
    expect(head).not.toContain('hreflang')
    expect(head).toContain(`<link rel="canonical" href="${SITE}/" />`)
  })
})
